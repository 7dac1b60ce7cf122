package org.sextant.scaleout;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.sextant.contract.Bounds;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.OriginRule;

/**
 * The engine's bound on a backtest's forecast origins ({@link Bounds#MAX_BACKTEST_ORIGINS}) for every
 * symbol of a job, before any per-symbol work. With {@code --every N} a symbol's origins depend only on
 * its number of closes and its first origin, so one grouped count (no rows moved, no series built) gives
 * them exactly, through the engine's own {@link OriginRule#origins}. Monthly and weekly origins depend on
 * the dates: those are checked exactly where the series are built ({@link DryRun}).
 */
final class OriginBound {
    private OriginBound() {}

    /** A symbol's closes (rows with a date and a close, what its series holds) and how many fall before --oos-start. */
    record Count(String symbol, long closes, long beforeOutOfSample) implements Serializable {}

    /** Each symbol's closes, from one aggregation over the job's input (only symbol, date and close are read). */
    static List<Count> counts(Dataset<Row> prices, LocalDate outOfSampleStart) {
        var before = outOfSampleStart == null ? lit(0L) : when(col("date").lt(java.sql.Date.valueOf(outOfSampleStart)), 1L).otherwise(0L);
        return prices.where(col("date").isNotNull().and(col("close").isNotNull())).groupBy("symbol")
                .agg(count(lit(1)), sum(before)).collectAsList().stream()
                .map(r -> new Count(r.getString(0), r.getLong(1), r.getLong(2))).toList();
    }

    /**
     * Each symbol's closes from the Parquet footers of a local export, before Spark starts: its part files' row counts.
     * Exact only when no date narrows the rows (no --from, --to, --oos-start) and every row group says its {@code date}
     * (a DATE column) and {@code close} (a number) hold no null; null otherwise, and the session's count decides.
     */
    static List<Count> footerCounts(java.nio.file.Path export, ForecastBacktestArguments a) {
        if (export == null || a.from() != null || a.to() != null || a.outOfSampleStart() != null) return null;
        List<Count> counts = new java.util.ArrayList<>();
        try (var folders = java.nio.file.Files.list(export)) {
            for (java.nio.file.Path folder : folders.sorted().toList()) {
                String name = folder.getFileName().toString();
                if (!name.startsWith("symbol=")) continue; // checkInput refused anything else but Spark's hidden files
                String symbol = JobFolders.unescape(name.substring("symbol=".length())); // as Spark reads the partition value
                if (!a.symbols().isEmpty() && !a.symbols().contains(symbol)) continue;
                long closes = 0;
                try (var files = java.nio.file.Files.list(folder)) {
                    for (java.nio.file.Path f : files.sorted().toList()) {
                        String file = f.getFileName().toString();
                        if (file.startsWith(".") || file.startsWith("_")) continue;
                        Long rows = closes(f);
                        if (rows == null) return null;
                        closes += rows;
                    }
                }
                if (closes > 0) counts.add(new Count(symbol, closes, 0));
            }
        } catch (java.io.IOException | RuntimeException unreadable) {
            return null; // the session reads it, or says why not
        }
        return counts;
    }

    /** Rows of one part file whose every row has a date and a close, from its footer; null when the footer cannot say. */
    private static Long closes(java.nio.file.Path file) throws java.io.IOException {
        try (var reader = org.apache.parquet.hadoop.ParquetFileReader.open(new org.apache.parquet.io.LocalInputFile(file))) {
            var schema = reader.getFooter().getFileMetaData().getSchema();
            if (!schema.containsField("date") || !schema.containsField("close")) return null;
            var date = schema.getType("date");
            var close = schema.getType("close");
            if (!date.isPrimitive() || !(date.getLogicalTypeAnnotation() instanceof org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation)) return null;
            var number = close.isPrimitive() ? close.getLogicalTypeAnnotation() : null; // a number Spark's cast to double never nulls
            if (!close.isPrimitive() || !(number == null || number instanceof org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation
                    || number instanceof org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation)
                    || close.asPrimitiveType().getPrimitiveTypeName() == org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY) return null;
            long rows = 0;
            for (var block : reader.getFooter().getBlocks()) {
                for (var column : block.getColumns()) {
                    String c = column.getPath().toDotString();
                    if (!c.equals("date") && !c.equals("close")) continue;
                    var stats = column.getStatistics();
                    if (stats == null || !stats.isNumNullsSet() || stats.getNumNulls() != 0) return null;
                }
                rows += block.getRowCount();
            }
            return rows;
        }
    }

    /** The first evaluated origin, as {@link ForecastBacktestRun#firstOrigin} computes it; null when --oos-start is after the last close (an error row). */
    static Integer first(Count c, LocalDate outOfSampleStart) {
        if (outOfSampleStart == null) return ForecastBacktestRun.firstOrigin(Collections.nCopies((int) c.closes(), LocalDate.EPOCH), null, null);
        return c.beforeOutOfSample() < c.closes() ? (int) c.beforeOutOfSample() : null;
    }

    /** Origins of {@code every} N closes over {@code closes} closes from {@code first}: the engine's rule (it reads only the count of dates). */
    static int everyN(int every, long closes, int first) {
        return new OriginRule("every", every).origins(Collections.nCopies((int) closes, LocalDate.EPOCH), first).length;
    }

    /** Refuses an {@code --every N} that makes more origins than the bound for some symbol, naming the symbol with the most. */
    static void check(List<Count> counts, ForecastBacktestArguments a) {
        OriginRule rule = OriginRule.parse(a.every());
        if (rule.every() == 0) return; // monthly, weekly: by the dates (DryRun)
        record Origins(Count c, int first, int n) {}
        List<Origins> over = counts.stream().map(c -> {
            Integer f = first(c, a.outOfSampleStart());
            return f == null ? null : new Origins(c, f, everyN(rule.every(), c.closes(), f));
        }).filter(o -> o != null && o.n() > Bounds.MAX_BACKTEST_ORIGINS).sorted(Comparator.comparingInt(Origins::n).reversed()).toList();
        if (over.isEmpty()) return;
        Origins worst = over.get(0);
        throw refusal(a, worst.c().symbol(), worst.c().closes(), worst.n(), over.size(), worst.first());
    }

    /** The refusal naming --every, the symbol with the most origins and the smallest N that fits it. */
    static SextantException refusal(ForecastBacktestArguments a, String symbol, long closes, int origins, int symbols, int first) {
        int n = Math.max(2, OriginRule.parse(a.every()).every() + 1);
        while (everyN(n, closes, first) > Bounds.MAX_BACKTEST_ORIGINS) n++;
        String every = a.every() == null || a.every().isBlank() ? "monthly (the default)" : a.every().trim();
        return SextantException.invalid("every", "--every " + every + " makes " + origins + " forecast origins for " + symbol + " (" + closes + " closes, "
                        + (a.outOfSampleStart() == null ? "origins over the last 40%" : "origins from --oos-start " + a.outOfSampleStart()) + "), more than the "
                        + Bounds.MAX_BACKTEST_ORIGINS + " a backtest may make" + (symbols > 1 ? "; " + symbols + " symbols exceed it" : "") + "; nothing was computed",
                "pass --every " + n + " (closes between origins) or more, or monthly (the default)"
                        + (a.outOfSampleStart() == null ? "" : ", or a later --oos-start"));
    }
}
