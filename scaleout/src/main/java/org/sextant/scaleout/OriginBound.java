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
 * symbol of a job, before any per-symbol work. From a local export, each symbol's dates are read before
 * Spark starts and the engine's own {@link OriginRule#origins} applied to them, for every rule. On a
 * cluster path, with {@code --every N} (origins depend only on a symbol's number of closes and its first
 * origin) one grouped count in the session gives them exactly; monthly and weekly by each symbol's dates in one
 * grouped pass ({@link #inSession}; the dry run's own pass in {@link DryRun}), before any model is fitted.
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

    /** A symbol's closes, its first evaluated origin and its forecast origins, by the engine's rules. */
    record Origins(String symbol, long closes, int first, int origins) implements Serializable {}

    /**
     * Refuses an over-bound job from a local export before Spark starts (dry run and real run alike): true when every
     * symbol's origins were worked out from its dates ({@link #local}), false when the files cannot say (a cluster
     * path, a date that is not a Parquet DATE, an unreadable file): the session's checks decide then.
     */
    static boolean beforeSpark(java.nio.file.Path export, ForecastBacktestArguments a) {
        List<Origins> origins = export == null ? null : local(export, a);
        if (origins == null) return false;
        refuseOver(origins, a);
        refuseNoneComputable(origins, a);
        return true;
    }

    /**
     * A job in which no symbol has a forecast origin its model can fit computes nothing but error rows: refused, naming the
     * dates that cut the histories (a dry run failed after a minute with the engine's "no forecast origin fits in the series").
     */
    static void refuseNoneComputable(List<Origins> origins, ForecastBacktestArguments a) {
        if (origins.stream().anyMatch(o -> o.origins() > 0)) return; // none: too few closes for the model at the first origin, or no origin
        List<String> shown = origins.stream().sorted(Comparator.comparing(Origins::symbol)).limit(3)
                .map(o -> o.symbol() + " " + o.closes() + " close" + (o.closes() == 1 ? "" : "s")).toList();
        String dates = (a.from() == null ? "" : " from --from " + a.from()) + (a.to() == null ? "" : " to --to " + a.to())
                + (a.outOfSampleStart() == null ? "" : " with --oos-start " + a.outOfSampleStart());
        String field = a.from() != null ? "from" : a.to() != null ? "to" : a.outOfSampleStart() != null ? "oos-start" : "symbols";
        throw SextantException.invalid(field, "no symbol has enough closes" + dates + " for a forecast origin of model "
                        + ForecastBacktestRun.modelName(a.model()) + (shown.isEmpty() ? " (no symbol has a close there)" : " (" + String.join(", ", shown)
                        + (origins.size() > 3 ? "; " + origins.size() + " symbols in all" : "") + ")") + "; nothing was computed",
                switch (field) {
                    case "from" -> "pass an earlier --from";
                    case "to" -> "pass a later --to";
                    case "oos-start" -> "pass an earlier --oos-start";
                    default -> "pass --symbols with longer histories";
                } + ", or --symbols with longer histories there");
    }

    /**
     * Each symbol's origins from a local export's {@code date} (and the null marks of {@code close}), with --from, --to and
     * --oos-start, through the engine's own rules for every origin rule: every N, weekly, monthly. One symbol's dates are
     * held at a time ({@link LocalDates}); null when the files cannot say what Spark would read.
     */
    static List<Origins> local(java.nio.file.Path export, ForecastBacktestArguments a) {
        List<Origins> all = new java.util.ArrayList<>();
        try (var folders = java.nio.file.Files.list(export)) {
            for (java.nio.file.Path folder : folders.sorted().toList()) {
                String name = folder.getFileName().toString();
                if (!name.startsWith("symbol=")) continue; // checkInput refused anything else but Spark's hidden files
                String symbol = JobFolders.unescape(name.substring("symbol=".length())); // as Spark reads the partition value
                if (!a.symbols().isEmpty() && !a.symbols().contains(symbol)) continue;
                int[] days = LocalDates.of(folder, a.from(), a.to());
                if (days == null) return null;
                Origins o = origins(symbol, LocalDates.view(days), a);
                if (o != null) all.add(o);
            }
        } catch (java.io.IOException | RuntimeException unreadable) {
            return null; // the session reads it, or says why not
        }
        return all;
    }

    /** One symbol's origins as its backtest makes them; null without closes or with --oos-start after its last (an error row, not an origin). */
    static Origins origins(String symbol, List<LocalDate> dates, ForecastBacktestArguments a) {
        if (dates.isEmpty() || a.outOfSampleStart() != null && dates.get(dates.size() - 1).isBefore(a.outOfSampleStart())) return null;
        int first = ForecastBacktestRun.firstOrigin(dates, null, a.outOfSampleStart());
        return new Origins(symbol, dates.size(), first, usable(OriginRule.parse(a.every()).origins(dates, first), a));
    }

    /** The forecast origins a symbol's backtest can fit: none when its first has fewer closes than the model needs (an error row). */
    static int usable(int[] evalOrigins, ForecastBacktestArguments a) {
        int need = org.sextant.engine.forecast.ForecastModels.BUILT_IN.forPrices(ForecastBacktestRun.modelName(a.model())).minLength(1);
        return evalOrigins.length > 0 && evalOrigins[0] < need ? 0 : evalOrigins.length;
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

    /**
     * A real run's check when the files could not be read before Spark started (a cluster path): every N from the counts,
     * monthly and weekly from each symbol's series dates, grouped by symbol as the job groups them; the job over the bound
     * is refused before a model is fitted or a row written (it wrote the symbols over it as error rows).
     */
    static void inSession(Dataset<Row> prices, ForecastBacktestArguments a) {
        check(counts(prices, a.outOfSampleStart()), a);
        if (OriginRule.parse(a.every()).every() != 0) return; // every N: the counts decide exactly
        refuseOver(prices.javaRDD().mapToPair(r -> new scala.Tuple2<>(r.getString(0), r)).groupByKey().map(g -> {
            try {
                return origins(g._1(), PricesInput.series(g._1(), g._2(), a.from(), a.to()).dates(), a);
            } catch (RuntimeException noSeries) {
                return null; // the job's error row says why
            }
        }).filter(java.util.Objects::nonNull).collect(), a);
    }

    /** Refuses an {@code --every N} that makes more origins than the bound for some symbol, from the session's counts. */
    static void check(List<Count> counts, ForecastBacktestArguments a) {
        OriginRule rule = OriginRule.parse(a.every());
        if (rule.every() == 0) return; // monthly, weekly: by the dates (DryRun)
        refuseOver(counts.stream().map(c -> {
            Integer f = first(c, a.outOfSampleStart());
            return f == null ? null : new Origins(c.symbol(), c.closes(), f, everyN(rule.every(), c.closes(), f));
        }).filter(java.util.Objects::nonNull).toList(), a);
    }

    /** Refuses the job when some symbol makes more origins than the bound, naming the one with the most (the first of equals). */
    static void refuseOver(List<Origins> origins, ForecastBacktestArguments a) {
        List<Origins> over = origins.stream().filter(o -> o.origins() > Bounds.MAX_BACKTEST_ORIGINS)
                .sorted(Comparator.comparingInt(Origins::origins).reversed()).toList();
        if (over.isEmpty()) return;
        Origins worst = over.get(0);
        throw refusal(a, worst.symbol(), worst.closes(), worst.origins(), over.size(), worst.first());
    }

    /** The refusal naming --every, the symbol with the most origins and the smallest N that fits it. */
    static SextantException refusal(ForecastBacktestArguments a, String symbol, long closes, int origins, int symbols, int first) {
        // every N below (closes - first) / (bound + 1) - 1 still makes more than the bound: start there, not at 2
        // (10^7 closes: 4 tries instead of 4,000 of 4 million steps each)
        long below = (closes - first) / (Bounds.MAX_BACKTEST_ORIGINS + 1) - 1;
        int n = (int) Math.max(Math.max(2, OriginRule.parse(a.every()).every() + 1), Math.min(Integer.MAX_VALUE - 1, below));
        while (everyN(n, closes, first) > Bounds.MAX_BACKTEST_ORIGINS) n++;
        String every = a.every() == null || a.every().isBlank() ? "monthly (the default)" : a.every().trim();
        return SextantException.invalid("every", "--every " + every + " makes " + origins + " forecast origins for " + symbol + " (" + closes + " closes, "
                        + (a.outOfSampleStart() == null ? "origins over the last 40%" : "origins from --oos-start " + a.outOfSampleStart()) + "), more than the "
                        + Bounds.MAX_BACKTEST_ORIGINS + " a backtest may make" + (symbols > 1 ? "; " + symbols + " symbols exceed it" : "") + "; nothing was computed",
                "pass --every " + n + " (closes between origins) or more"
                        + (OriginRule.parse(a.every()).equals(OriginRule.MONTHLY) ? (a.outOfSampleStart() == null ? ", or a later --from" : "") : ", or monthly (the default)")
                        + (a.outOfSampleStart() == null ? "" : ", or a later --oos-start"));
    }
}
