package org.sextant.scaleout;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceBar;
import org.sextant.engine.data.PriceSeries;

/**
 * A large synthetic universe for benchmarks, made from real prices: each synthetic symbol takes
 * one real symbol's daily log returns (chosen by the seed) and concatenates blocks of
 * {@link #BLOCK} consecutive returns drawn at random starts (a moving-block bootstrap, which
 * keeps a month's volatility clustering and autocorrelation), priced from 100 on weekdays from
 * 2000-01-03. Symbol i depends only on the seed and i, so a larger universe extends a smaller
 * one. The symbols are named SYNTH-00001, ... and are only ever written as Parquet in the export
 * layout (never into a store), so they cannot mix with real data.
 */
public final class SyntheticUniverse {
    public static final int BLOCK = 20;
    public static final String PREFIX = "SYNTH-";
    static final LocalDate FIRST = LocalDate.of(2000, 1, 3);

    private SyntheticUniverse() {}

    /** {@code symbols} series of {@code bars} closes each, block-bootstrapped from {@code real} (symbol → closes, oldest first). */
    public static List<PriceSeries> generate(Map<String, double[]> real, int symbols, int bars, long seed) {
        List<double[]> sources = sources(real);
        List<PriceSeries> out = new ArrayList<>(symbols);
        for (int i = 1; i <= symbols; i++) out.add(symbol(sources, i, bars, seed));
        return out;
    }

    /** The real symbols' daily log returns the bootstrap draws from (those with more than two blocks). */
    static List<double[]> sources(Map<String, double[]> real) {
        List<double[]> sources = new ArrayList<>();
        for (double[] c : new TreeMap<>(real).values()) if (c.length > 2 * BLOCK) sources.add(logReturns(c));
        if (sources.isEmpty()) throw SextantException.invalid("in", "no symbol with more than " + 2 * BLOCK + " closes to bootstrap from", "export a store with real history");
        return sources;
    }

    /** Synthetic symbol i (from 1): depends only on the sources, i, the length and the seed. */
    static PriceSeries symbol(List<double[]> sources, int i, int bars, long seed) {
        if (bars < 2) throw SextantException.invalid("years", "need at least 2 closes per symbol", "e.g. --years 20");
        List<LocalDate> dates = weekdays(bars);
        SplittableRandom rnd = new SplittableRandom(seed * 1_000_003L + i);
        double[] r = sources.get(rnd.nextInt(sources.size()));
        List<PriceBar> rows = new ArrayList<>(bars);
        double close = 100;
        for (int t = 0; t < bars; ) {
            int start = rnd.nextInt(r.length - BLOCK + 1);
            for (int j = 0; j < BLOCK && t < bars; j++, t++) {
                if (t > 0) close *= Math.exp(r[start + j]);
                rows.add(new PriceBar(dates.get(t), null, null, null, close, close, null));
            }
        }
        return PriceSeries.of(name(i), null, null, rows);
    }

    public static String name(int i) {
        return String.format(java.util.Locale.ROOT, "%s%05d", PREFIX, i);
    }

    private static double[] logReturns(double[] closes) {
        double[] r = new double[closes.length - 1];
        for (int t = 1; t < closes.length; t++) r[t - 1] = Math.log(closes[t] / closes[t - 1]);
        return r;
    }

    private static List<LocalDate> weekdays(int n) {
        List<LocalDate> d = new ArrayList<>(n);
        for (LocalDate x = FIRST; d.size() < n; x = x.plusDays(1)) {
            if (x.getDayOfWeek() != DayOfWeek.SATURDAY && x.getDayOfWeek() != DayOfWeek.SUNDAY) d.add(x);
        }
        return d;
    }

    /**
     * Generates symbols 1..n in Spark tasks and writes them as `sextant export-prices` lays prices
     * out (Parquet, a folder per symbol), replacing {@code output}.
     */
    public static void write(SparkSession spark, Map<String, double[]> real, int symbols, int bars, long seed, String output) {
        StructType schema = DataTypes.createStructType(List.of(
                DataTypes.createStructField("symbol", DataTypes.StringType, false),
                DataTypes.createStructField("date", DataTypes.DateType, false),
                DataTypes.createStructField("close", DataTypes.DoubleType, false),
                DataTypes.createStructField("adj_close", DataTypes.DoubleType, false)));
        List<double[]> sources = sources(real);
        if (symbols < 1) throw SextantException.invalid("symbols", "need at least 1 symbol", "e.g. --symbols 2000");
        List<Integer> ids = java.util.stream.IntStream.rangeClosed(1, symbols).boxed().toList();
        var jsc = org.apache.spark.api.java.JavaSparkContext.fromSparkContext(spark.sparkContext());
        var shared = jsc.broadcast(new ArrayList<>(sources));
        var rows = jsc.parallelize(ids, Math.max(1, Math.min(symbols, 4 * jsc.defaultParallelism()))).flatMap(i -> {
            PriceSeries s = symbol(shared.value(), i, bars, seed);
            List<Row> out = new ArrayList<>(s.size());
            for (int t = 0; t < s.size(); t++) out.add(RowFactory.create(s.symbol(), java.sql.Date.valueOf(s.dates().get(t)), s.close()[t], s.close()[t]));
            return out.iterator();
        });
        spark.createDataFrame(rows, schema).write().mode(SaveMode.Overwrite).partitionBy("symbol").parquet(output);
    }

    /** The closes of every symbol in an export (a real store's prices), oldest first. */
    public static Map<String, double[]> closes(SparkSession spark, String input) {
        Map<String, List<PriceBar>> bars = new TreeMap<>();
        for (Row r : PricesInput.read(spark, input, List.of(), null, null).collectAsList()) {
            if (r.isNullAt(1) || r.isNullAt(5)) continue;
            bars.computeIfAbsent(r.getString(0), k -> new ArrayList<>()).add(new PriceBar(PricesInput.toLocal(r.get(1)), null, null, null, r.getDouble(5), null, null));
        }
        Map<String, double[]> out = new TreeMap<>();
        bars.forEach((s, b) -> {
            b.sort(java.util.Comparator.comparing(PriceBar::date));
            out.put(s, b.stream().mapToDouble(PriceBar::close).toArray());
        });
        return out;
    }
}
