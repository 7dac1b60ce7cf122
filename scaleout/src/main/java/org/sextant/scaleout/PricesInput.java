package org.sextant.scaleout;

import static org.apache.spark.sql.functions.col;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceBar;
import org.sextant.engine.data.PriceSeries;

/**
 * The prices a job reads: Parquet partitioned by symbol as `sextant export-prices` writes it (any
 * Hadoop file system path), narrowed to the requested symbols and dates, in the export's columns.
 */
public final class PricesInput {
    /** Columns a task reads, in this order. */
    static final List<String> COLUMNS = List.of("symbol", "date", "open", "high", "low", "close", "adj_close", "volume", "session");
    private static final Set<String> REQUIRED = Set.of("symbol", "date", "close");

    private PricesInput() {}

    public static Dataset<Row> read(SparkSession spark, String path, List<String> symbols, LocalDate from, LocalDate to) {
        Dataset<Row> all = spark.read().option("basePath", path).parquet(path);
        List<String> have = Arrays.asList(all.columns());
        for (String c : REQUIRED) {
            if (!have.contains(c)) {
                throw SextantException.invalid("input", path + " has no column " + c + " (has " + have + ")",
                        "export the prices with `sextant export-prices DIR` and pass DIR");
            }
        }
        // an export written before it had sessions: none recorded
        for (String c : COLUMNS) if (!have.contains(c)) all = all.withColumn(c, org.apache.spark.sql.functions.lit(null).cast(textual(c) ? "string" : "double"));
        Dataset<Row> d = all.select(COLUMNS.stream().map(c -> c.equals("date") ? col(c).cast("date") : textual(c) ? col(c).cast("string")
                : col(c).cast("double")).toArray(org.apache.spark.sql.Column[]::new));
        if (!symbols.isEmpty()) d = d.where(col("symbol").isin(symbols.toArray()));
        if (from != null) d = d.where(col("date").geq(java.sql.Date.valueOf(from)));
        if (to != null) d = d.where(col("date").leq(java.sql.Date.valueOf(to)));
        return d;
    }

    private static boolean textual(String column) {
        return column.equals("symbol") || column.equals("session");
    }

    /** One symbol's rows (any order, as a shuffle delivers them) as the engine's price series, oldest first. */
    static PriceSeries series(String symbol, Iterable<Row> rows, LocalDate from, LocalDate to) {
        List<PriceBar> bars = new ArrayList<>();
        for (Row r : rows) {
            if (r.isNullAt(1) || r.isNullAt(5)) continue; // a bar without date or close is no close: the importer never writes one
            bars.add(new PriceBar(toLocal(r.get(1)), num(r, 2), num(r, 3), num(r, 4), r.getDouble(5), num(r, 6), num(r, 7)));
        }
        bars.sort(Comparator.comparing(PriceBar::date));
        return PriceSeries.of(symbol, from, to, bars);
    }

    static LocalDate toLocal(Object d) {
        return d instanceof LocalDate l ? l : ((java.sql.Date) d).toLocalDate();
    }

    private static Double num(Row r, int i) {
        return r.isNullAt(i) ? null : r.getDouble(i);
    }
}
