package org.sextant.engine.exchange;

import java.util.List;
import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.forecast.store.StoredForecast;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SerializationFeature;

/**
 * One output row per symbol of a scale-out forecast backtest job, as plain values (the job writes
 * them as Parquet; the import reads them back): the summary as columns for queries on the
 * cluster, and the exact result and every origin's forecasts as JSON (doubles round-trip
 * exactly). A symbol that failed has its error and the field at fault instead of results.
 */
public final class ForecastBacktestRows {
    private ForecastBacktestRows() {}

    /** Column names, in order; every job writer and the importer use these. */
    public static final List<String> COLUMNS = List.of("symbol", "model", "horizon", "origins_rule", "history_rows", "closes_digest", "closes_from",
            "closes_to", "oos_start", "origins", "male", "error_field", "error", "result_json", "forecasts_json");

    /** The job's --oos-start ({@link org.sextant.engine.forecast.OutOfSampleStart}): absent from outputs written before it, which still import. */
    public static final String OOS_START = "oos_start";

    /** The columns every forecast backtest output holds, those written before {@link #OOS_START} too: what tells the job's output. */
    public static final List<String> REQUIRED = COLUMNS.stream().filter(c -> !c.equals(OOS_START)).toList();

    private static final ObjectWriter COMPACT = Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    /** The row of a computed backtest of a job run without --oos-start (the last 40% of the closes), keyed by {@link #COLUMNS}. */
    public static Map<String, Object> ok(ForecastBacktestRun.Computed c, int historyRows) {
        return ok(c, historyRows, null);
    }

    /** The row of a computed backtest whose job was given {@code oosStart} (null: none), keyed by {@link #COLUMNS}. */
    public static Map<String, Object> ok(ForecastBacktestRun.Computed c, int historyRows, java.time.LocalDate oosStart) {
        return Json.object("symbol", c.symbol(), "model", c.model(), "horizon", c.horizon(), "origins_rule", c.originsRule(),
                "history_rows", historyRows, "closes_digest", c.closesDigest(), "closes_from", c.closesFrom().toString(),
                "closes_to", c.closesTo().toString(), OOS_START, org.sextant.engine.forecast.OutOfSampleStart.cell(oosStart), "origins", c.result().origins(), "male", c.result().male(), "error_field", null, "error", null,
                "result_json", COMPACT.writeValueAsString(c.result()), "forecasts_json", COMPACT.writeValueAsString(c.rows()));
    }

    /** The row of a symbol whose backtest failed: what was wrong and which field, no results. */
    public static Map<String, Object> failed(String symbol, String model, Integer horizon, int historyRows, RuntimeException e) {
        Map<String, Object> row = JobRows.empty(COLUMNS);
        row.put("symbol", symbol);
        row.put("model", model);
        row.put("horizon", horizon);
        row.put("history_rows", historyRows);
        return JobRows.failed(row, e);
    }

    /** The computed backtest a successful row holds, made from the symbol's closes from..to of digest {@code closesDigest}. */
    public static ForecastBacktestRun.Computed computed(String symbol, String model, int horizon, String originsRule, String resultJson,
                                                       String forecastsJson, String closesDigest, java.time.LocalDate from, java.time.LocalDate to) {
        WalkForwardBacktest.Result result = Json.MAPPER.readValue(resultJson, WalkForwardBacktest.Result.class);
        List<StoredForecast> rows = Json.MAPPER.readValue(forecastsJson, new TypeReference<List<StoredForecast>>() {});
        return new ForecastBacktestRun.Computed(symbol, model, horizon, originsRule, result, rows, closesDigest, from, to);
    }
}
