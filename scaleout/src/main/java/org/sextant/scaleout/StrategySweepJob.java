package org.sextant.scaleout;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.sextant.engine.SextantException;
import org.sextant.engine.exchange.StrategySweepRows;
import org.sextant.engine.research.ResearchService;
import org.sextant.engine.research.graph.ComposedGraph;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.SweepChunk;
import org.sextant.engine.research.sweep.SweepJob;
import org.sextant.engine.research.sweep.Universe;

/**
 * A strategy sweep on Spark: the driver builds the universe (the symbols on their common dates,
 * as the app does) and checks the spec and the split before any task runs; a spec that does not
 * compose and symbols with too little history are reported as rows of the output (the other
 * symbols are swept), not as a failed job; the configurations are
 * cut into chunks on multiples of the local sweep's batch, one task per chunk, and each task
 * measures its chunk with the engine's {@link SweepChunk} (the local sweep's own code) and emits
 * one {@link StrategySweepRows} row per configuration. Written with Spark's commit protocol in
 * overwrite mode, so a retried task or a re-run job never duplicates rows. The honesty
 * statistics and the verdict are computed when the output is imported into a research session.
 */
public final class StrategySweepJob {
    private StrategySweepJob() {}

    public static final StructType SCHEMA = schema();

    /** Fewest bars a symbol needs in range: a universe with fewer cannot be split into the overfitting statistics' blocks. */
    public static final int MIN_BARS = 2 * Sweep.PBO_BLOCKS + 1;

    /**
     * The driver's plan: the job (its id is the run id the import uses), the universe and the
     * chunks; and the input it cannot use, as output rows ({@link StrategySweepRows#failed}).
     * {@code job} is null when nothing can be swept (the spec does not compose, no symbol is long enough).
     */
    public record Plan(SweepJob job, Universe universe, int split, List<int[]> chunks, List<Map<String, Object>> failed) {}

    public static Plan plan(SparkSession spark, String input, SweepArguments a, int tasks) {
        String spec = a.spec();
        List<Map<String, Object>> failed = new ArrayList<>();
        ComposedGraph graph;
        try {
            graph = GraphComposer.compose(spec).requireOk();
        } catch (SextantException e) {
            failed.add(StrategySweepRows.failed(null, e.field(), e.getMessage()));
            return new Plan(null, null, -1, List.of(), failed);
        }
        java.util.Set<String> continuous = new java.util.HashSet<>();
        Map<String, TreeMap<LocalDate, double[]>> prices = prices(spark, input, a, continuous);
        for (var it = prices.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (e.getValue().size() >= MIN_BARS) continue;
            failed.add(StrategySweepRows.failed(e.getKey(), "symbols", e.getKey() + " has " + e.getValue().size() + " bars in the input and date range, fewer than "
                    + MIN_BARS + ": left out of the universe"));
            it.remove();
        }
        if (prices.isEmpty()) return new Plan(null, null, -1, List.of(), failed);
        List<String> symbols = new ArrayList<>(prices.keySet());
        // annualised as the app reads the store's daily prices: 365 bars a year for a 7-day market
        Universe u = Universe.onCommonDatesByWeek(symbols, new ArrayList<>(prices.values()), continuous::contains);
        LocalDate oos = a.outOfSampleStart() != null ? a.outOfSampleStart() : defaultOutOfSampleStart(prices, a);
        GraphSweep checked = new GraphSweep(graph, u);      // the spec's checks against this universe, before any task
        int split = Sweep.splitAt(u, oos);
        int n = checked.configurations();
        SweepJob job = SweepJob.of(UUID.randomUUID().toString(), spec, a.from(), a.to(), oos, u, n);
        return new Plan(job, u, split, chunks(n, tasks), failed);
    }

    /** Runs the job and writes its rows, and a row per input it could not use, as Parquet to {@code output} (any Hadoop path), replacing what was there. */
    public static Plan run(SparkSession spark, String input, String output, SweepArguments a, int tasks) {
        Plan p = plan(spark, input, a, tasks);
        Dataset<Row> failed = spark.createDataFrame(p.failed().stream().map(StrategySweepJob::row).toList(), SCHEMA);
        (p.job() == null ? failed : compute(spark, p).union(failed)).write().mode(SaveMode.Overwrite).parquet(output);
        return p;
    }

    static Dataset<Row> compute(SparkSession spark, Plan p) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Broadcast<UniverseData> universe = jsc.broadcast(UniverseData.of(p.universe()));
        SweepJob job = p.job();
        int split = p.split();
        var rows = jsc.parallelize(p.chunks(), p.chunks().size()).flatMap(range -> measure(job, universe.value(), split, range[0], range[1]).iterator());
        return spark.createDataFrame(rows, SCHEMA);
    }

    /** One task's work: its chunk measured with the engine's kernel, as rows. */
    static List<Row> measure(SweepJob job, UniverseData data, int split, int from, int to) {
        long t0 = System.nanoTime();
        GraphSweep kernel = new GraphSweep(GraphComposer.compose(job.spec()).requireOk(), data.universe());
        SweepChunk chunk = SweepChunk.measure(kernel, from, to, split, job.periodsPerYear());
        Map<Integer, Map<String, Object>> params = new HashMap<>();
        for (int k = from; k < to; k++) params.put(k, kernel.parameters(k));
        double seconds = (System.nanoTime() - t0) / 1e9;
        List<Row> rows = new ArrayList<>();
        for (Map<String, Object> r : StrategySweepRows.of(job, chunk, params, seconds)) rows.add(row(r));
        return rows;
    }

    private static Row row(Map<String, Object> r) {
        Object[] v = new Object[StrategySweepRows.COLUMNS.size()];
        for (int i = 0; i < v.length; i++) v[i] = external(r.get(StrategySweepRows.COLUMNS.get(i)));
        return RowFactory.create(v);
    }

    /** Spark's row encoder takes Scala sequences for array columns. */
    private static Object external(Object v) {
        if (v instanceof double[] d) return scala.jdk.javaapi.CollectionConverters.asScala(java.util.Arrays.stream(d).boxed().toList()).toSeq();
        if (v instanceof int[] n) return scala.jdk.javaapi.CollectionConverters.asScala(java.util.Arrays.stream(n).boxed().toList()).toSeq();
        return v;
    }

    /** Configurations [0, n) in at most {@code tasks} chunks, each starting on a multiple of the local sweep's batch. */
    static List<int[]> chunks(int n, int tasks) {
        int per = (int) Math.ceil((double) n / Math.max(1, tasks));
        per = Math.max(Sweep.CHUNK, (per + Sweep.CHUNK - 1) / Sweep.CHUNK * Sweep.CHUNK);
        List<int[]> out = new ArrayList<>();
        for (int from = 0; from < n; from += per) out.add(new int[]{from, Math.min(n, from + per)});
        return out;
    }

    /**
     * Per symbol date → {open, high, low, close} (NaN where missing) from the input: what the app's store gives a local sweep;
     * the symbols recorded on the continuous session are added to {@code continuous}.
     */
    static Map<String, TreeMap<LocalDate, double[]>> prices(SparkSession spark, String input, SweepArguments a, java.util.Set<String> continuous) {
        Map<String, TreeMap<LocalDate, double[]>> bySymbol = new LinkedHashMap<>();
        for (String s : a.symbols()) bySymbol.put(s, new TreeMap<>());
        for (Row r : PricesInput.read(spark, input, a.symbols(), a.from(), a.to()).collectAsList()) {
            if ("continuous".equals(r.getString(8))) continuous.add(r.getString(0));
            if (r.isNullAt(1)) continue;
            double[] v = new double[4];
            for (int j = 0; j < 4; j++) v[j] = r.isNullAt(2 + j) ? Double.NaN : r.getDouble(2 + j);
            bySymbol.get(r.getString(0)).put(PricesInput.toLocal(r.get(1)), v);
        }
        return bySymbol; // a symbol with no prices in range is left out by plan(), as one with too few
    }

    /** As the app takes it: 70% into the span from the latest first date to the earliest last date (or the given dates). */
    static LocalDate defaultOutOfSampleStart(Map<String, TreeMap<LocalDate, double[]>> prices, SweepArguments a) {
        LocalDate from = a.from(), to = a.to();
        List<String> symbols = new ArrayList<>();
        for (Map.Entry<String, TreeMap<LocalDate, double[]>> e : prices.entrySet()) {
            TreeMap<LocalDate, double[]> t = e.getValue();
            if (t.isEmpty()) continue; // no prices in range: left out by plan(), as one with too few
            symbols.add(e.getKey());
            if (a.from() == null && (from == null || t.firstKey().isAfter(from))) from = t.firstKey();
            if (a.to() == null && (to == null || t.lastKey().isBefore(to))) to = t.lastKey();
        }
        return ResearchService.defaultOutOfSampleStart(symbols.isEmpty() ? a.symbols() : symbols, a.from(), a.to(), from, to);
    }

    private static StructType schema() {
        List<StructField> fields = new ArrayList<>();
        for (String c : StrategySweepRows.COLUMNS) {
            DataType t;
            if (c.equals("job_json") || c.equals("params_json") || c.equals("symbol") || c.startsWith("error")) t = DataTypes.StringType;
            else if (c.equals("configuration") || c.endsWith("_bars")) t = DataTypes.IntegerType;
            else if (c.equals("block_count")) t = DataTypes.createArrayType(DataTypes.IntegerType, false);
            else if (c.startsWith("block_")) t = DataTypes.createArrayType(DataTypes.DoubleType, false);
            else t = DataTypes.DoubleType;
            fields.add(DataTypes.createStructField(c, t, true)); // a row of unusable input has only symbol and error
        }
        return DataTypes.createStructType(fields);
    }
}
