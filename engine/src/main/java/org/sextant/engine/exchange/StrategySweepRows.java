package org.sextant.engine.exchange;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.sweep.SweepChunk;
import org.sextant.engine.research.sweep.SweepJob;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SerializationFeature;

/**
 * One output row per configuration of a scale-out strategy sweep job, as plain values (the job
 * writes them as Parquet; the import reads them back): the configuration's parameters, its
 * metrics in and out of sample as columns, its PBO block sums, the share of its chunk's compute
 * seconds, and the job (spec, symbols, dates, universe read) as JSON on every row, which Parquet
 * stores once per file by dictionary. Input the job could not use (a spec that does not compose,
 * a symbol with too little history) is a row with {@code error}, {@code error_field} and, for a
 * symbol, {@code symbol}, and nothing else.
 */
public final class StrategySweepRows {
    private StrategySweepRows() {}

    /** Metrics columns, in {@link Metrics}' order; prefixed is_ and oos_. */
    public static final List<String> METRICS = List.of("cagr", "volatility", "sharpe", "sortino", "max_drawdown", "turnover", "exposure",
            "hit_rate", "bars");

    /** Column names, in order; the job writer and the importer use these. */
    public static final List<String> COLUMNS = columns();

    private static final ObjectWriter COMPACT = Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    private static List<String> columns() {
        List<String> c = new ArrayList<>(List.of("job_json", "configuration", "params_json"));
        for (String m : METRICS) c.add("is_" + m);
        for (String m : METRICS) c.add("oos_" + m);
        c.addAll(List.of("block_sum", "block_sq", "block_count", "compute_seconds", "symbol", "error_field", "error"));
        return List.copyOf(c);
    }

    /** The rows of a measured chunk, keyed by {@link #COLUMNS}; block sums as double[], counts as int[]. */
    public static List<Map<String, Object>> of(SweepJob job, SweepChunk chunk, Map<Integer, Map<String, Object>> parameters, double seconds) {
        String jobJson = COMPACT.writeValueAsString(job);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < chunk.size(); i++) {
            int k = chunk.from() + i;
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("job_json", jobJson);
            row.put("configuration", k);
            row.put("params_json", COMPACT.writeValueAsString(parameters.get(k)));
            put(row, "is_", chunk.inSample()[i]);
            put(row, "oos_", chunk.outOfSample()[i]);
            row.put("block_sum", chunk.blockSum()[i]);
            row.put("block_sq", chunk.blockSq()[i]);
            row.put("block_count", chunk.blockCount());
            row.put("compute_seconds", seconds / chunk.size());
            row.put("symbol", null);
            row.put("error_field", null);
            row.put("error", null);
            rows.add(row);
        }
        return rows;
    }

    /** The row of input the job could not use: the symbol (null for the spec), the field at fault and why. */
    public static Map<String, Object> failed(String symbol, String field, String error) {
        Map<String, Object> row = JobRows.empty(COLUMNS);
        row.put("symbol", symbol);
        row.put("error_field", field);
        row.put("error", error);
        return row;
    }

    private static void put(Map<String, Object> row, String prefix, Metrics m) {
        Object[] v = {m.cagr(), m.volatility(), m.sharpe(), m.sortino(), m.maxDrawdown(), m.turnover(), m.exposure(), m.hitRate(), m.bars()};
        for (int j = 0; j < v.length; j++) row.put(prefix + METRICS.get(j), v[j]);
    }

    /** The metrics of a row read back, from the values of the {@code prefix} columns in {@link #METRICS} order. */
    public static Metrics metrics(double[] v, int bars) {
        return new Metrics(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], bars);
    }

    public static SweepJob job(String json) {
        return Json.MAPPER.readValue(json, SweepJob.class);
    }
}
