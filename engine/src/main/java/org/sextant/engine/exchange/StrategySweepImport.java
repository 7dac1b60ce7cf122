package org.sextant.engine.exchange;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.SweepChunk;
import org.sextant.engine.research.sweep.SweepJob;
import org.sextant.engine.store.Store;

/** Reads a finished strategy sweep job's output ({@link StrategySweepRows}) from its folder: one chunk per configuration. */
public final class StrategySweepImport {
    private StrategySweepImport() {}

    /**
     * The job, its configurations' measurements, the compute seconds they took on the cluster, and
     * the input it reported it could not use (symbol, field, error): the first {@link CappedFailures#KEPT}, then how many more.
     */
    public record Read(SweepJob job, List<SweepChunk> configurations, double computeSeconds, List<Map<String, Object>> failed, Map<Integer, String> files) {
        /** The refusal of configuration {@code k}'s row, named by its part file, as the row checks name theirs. */
        public SextantException refusal(int k, String column, String why) {
            return corrupt(files.get(k) + "configuration " + k + ": ", column, why);
        }
    }

    public static Read read(Store store, Path folder) {
        try (JobOutput out = JobOutput.stage(store, folder)) {
            return store.read(c -> {
                out.requireWithinBounds(c, StrategySweepRows.COLUMNS, "strategy-sweep");
                List<SweepChunk> chunks = new ArrayList<>();
                SweepJob job = null;
                double seconds = 0;
                Map<Integer, String> files = new java.util.HashMap<>();
                Map<String, String> named = new java.util.HashMap<>(); // one string per part file, however many rows
                CappedFailures failed;
                try {
                    failed = CappedFailures.ofErrorRows(c, out, "strategy-sweep");
                } catch (java.sql.SQLException e) {
                    throw out.refusal(c, e, "strategy sweep", "import the --out folder of `sextant-spark strategy-sweep`");
                }
                try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT " + String.join(", ", StrategySweepRows.COLUMNS)
                        + ", filename FROM " + out.relationWithFileNames() + " WHERE error IS NULL ORDER BY configuration, symbol")) {
                    while (r.next()) {
                        SweepJob j = checkRow(r, folder);
                        if (job == null) job = j;
                        else if (!job.equals(j)) throw SextantException.invalid("output", folder + " mixes the output of two jobs", "import one job's --out folder");
                        chunks.add(new SweepChunk(r.getInt("configuration"), new Metrics[]{metrics(r, "is_")}, new Metrics[]{metrics(r, "oos_")},
                                new double[][]{doubles(r, "block_sum")}, new double[][]{doubles(r, "block_sq")}, ints(r, "block_count")));
                        seconds += r.getDouble("compute_seconds");
                        files.put(r.getInt("configuration"), named.computeIfAbsent(r.getString("filename"), f -> JobOutput.where(f, folder)));
                    }
                } catch (java.sql.SQLException e) {
                    throw out.refusal(c, e, "strategy sweep", "import the --out folder of `sextant-spark strategy-sweep`");
                }
                if (job == null && !failed.isEmpty()) {
                    Map<String, Object> first = failed.first();
                    throw SextantException.invalid("output", "the job measured nothing: its " + failed.count() + " rows are errors: " + failed.errors(),
                            first.get("field") == null ? "fix the job's input and run it again" : "fix " + first.get("field") + " and run the job again");
                }
                if (job == null) throw SextantException.invalid("output", folder + " holds no configuration", "import a finished job's --out folder");
                return new Read(job, chunks, seconds, failed.listed(), files);
            });
        }
    }

    /**
     * Refuses a configuration's row that the engine's own sweep could not have written: a metric,
     * a block sum or the compute seconds missing or not finite, block sums of another length
     * than {@link Sweep#PBO_BLOCKS}, or metrics its own blocks disagree with ({@link SweepBlockCheck}),
     * named by file, configuration and column before anything is stored; its job otherwise.
     */
    private static SweepJob checkRow(ResultSet r, Path folder) throws java.sql.SQLException {
        Object k = r.getObject("configuration");
        String where = JobOutput.where(r.getString("filename"), folder) + "configuration " + (k instanceof Integer ? k : "?") + ": ";
        if (!(k instanceof Integer)) throw corrupt(where, "configuration", "is not an integer (the configuration's index)");
        SweepJob job;
        try {
            job = StrategySweepRows.job(r.getString("job_json"));
        } catch (RuntimeException unreadable) {   // its content is not quoted: it may be anything
            throw corrupt(where, "job_json", "is not the job the job writes");
        }
        for (String prefix : List.of("is_", "oos_")) {
            for (String m : StrategySweepRows.METRICS) {
                Object v = r.getObject(prefix + m);
                // a Sharpe of returns that never vary (volatility 0) and a Sortino with no return below 0 are NaN (docs/research.md)
                boolean undefinedOk = v instanceof Number n && Double.isNaN(n.doubleValue())
                        && (m.equals("sortino") || m.equals("sharpe") && r.getObject(prefix + "volatility") instanceof Number vol && vol.doubleValue() == 0);
                if (!undefinedOk && (!(v instanceof Number n) || !Double.isFinite(n.doubleValue()))) throw corrupt(where, prefix + m, "is not a finite double");
            }
        }
        for (String column : List.of("block_sum", "block_sq", "block_count")) {
            java.sql.Array a = r.getArray(column);
            Object[] values = a == null ? null : (Object[]) a.getArray();
            if (values == null) throw corrupt(where, column, "is missing");
            if (values.length != Sweep.PBO_BLOCKS) {
                throw corrupt(where, column, "has " + values.length + " blocks, not the " + Sweep.PBO_BLOCKS + " every sweep measures");
            }
            for (Object v : values) {
                if (!(v instanceof Number n) || !Double.isFinite(n.doubleValue()) || column.equals("block_count") && n.intValue() < 1) {
                    throw corrupt(where, column, "holds a value that is not a " + (column.equals("block_count") ? "positive integer" : "finite double"));
                }
            }
        }
        Object seconds = r.getObject("compute_seconds");
        if (!(seconds instanceof Number n) || !(n.doubleValue() >= 0) || n.doubleValue() == Double.POSITIVE_INFINITY) {
            throw corrupt(where, "compute_seconds", "is not a finite double >= 0 (seconds)");
        }
        String[] disagrees = SweepBlockCheck.problem(job, metrics(r, "is_"), metrics(r, "oos_"), doubles(r, "block_sum"), doubles(r, "block_sq"), ints(r, "block_count"));
        if (disagrees != null) throw corrupt(where, disagrees[0], disagrees[1]);
        return job;
    }

    private static SextantException corrupt(String where, String column, String what) {
        return JobOutput.corrupt(where, column, what, "strategy-sweep");
    }

    private static Metrics metrics(ResultSet r, String prefix) throws java.sql.SQLException {
        double[] v = new double[StrategySweepRows.METRICS.size() - 1];
        for (int j = 0; j < v.length; j++) v[j] = r.getDouble(prefix + StrategySweepRows.METRICS.get(j));
        return StrategySweepRows.metrics(v, r.getInt(prefix + "bars"));
    }

    private static double[] doubles(ResultSet r, String column) throws java.sql.SQLException {
        Object[] a = (Object[]) r.getArray(column).getArray();
        double[] v = new double[a.length];
        for (int i = 0; i < a.length; i++) v[i] = ((Number) a[i]).doubleValue();
        return v;
    }

    private static int[] ints(ResultSet r, String column) throws java.sql.SQLException {
        Object[] a = (Object[]) r.getArray(column).getArray();
        int[] v = new int[a.length];
        for (int i = 0; i < a.length; i++) v[i] = ((Number) a[i]).intValue();
        return v;
    }
}
