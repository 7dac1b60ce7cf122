package org.sextant.engine.exchange;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.forecast.CalibrationNotes;
import org.sextant.engine.forecast.ForecastScan;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.RewardRisk;
import org.sextant.engine.forecast.ScanRow;
import org.sextant.engine.forecast.store.StoredForecast;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SerializationFeature;

/**
 * One output row per symbol of a scale-out universe forecast scan, as plain values: the scan
 * row as a local scan answers it and the live forecast it was made from (JSON, doubles
 * round-trip exactly), so the import stores what a local scan job stores. A symbol the scan
 * skipped (too little history, the model's refusal) has the reason and the field instead.
 */
public final class ForecastScanRows {
    private ForecastScanRows() {}

    /** Column names, in order; the job writer and the importer use these. */
    public static final List<String> COLUMNS = List.of("symbol", "model", "horizon", "calibration", "min_history", "as_of", "history_rows",
            "origin", "error_field", "error", "row_json", "forecast_json");

    private static final ObjectWriter COMPACT = Json.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);

    /** The row of one symbol's scan outcome ({@link ForecastScan#scanSymbol}), keyed by {@link #COLUMNS}. */
    public static Map<String, Object> of(ForecastScan.SymbolOutcome o, String model, int horizon, String calibration, int minHistory,
                                         LocalDate asOf, int historyRows) {
        Map<String, Object> row = JobRows.empty(COLUMNS);
        row.put("symbol", o.symbol());
        row.put("model", model);
        row.put("horizon", horizon);
        row.put("calibration", calibration);
        row.put("min_history", minHistory);
        row.put("as_of", asOf == null ? null : asOf.toString());
        row.put("history_rows", historyRows);
        if (o.row() == null) {
            row.put("error_field", o.skipped().startsWith("history ") ? "min_history" : null); // else the model's refusal, as a local scan reports it
            row.put("error", o.skipped());
            return row;
        }
        var f = o.forecast();
        row.put("origin", f.origin().toString());
        row.put("row_json", COMPACT.writeValueAsString(o.row()));
        row.put("forecast_json", COMPACT.writeValueAsString(new StoredForecast(o.symbol(), model, StoredForecast.LIVE, f.calibration(),
                f.origin(), horizon, f.lastClose(), o.prices().size(), f.targetDates(), f.forecast(), f.coverage(),
                org.sextant.engine.forecast.ClosesDigest.of(o.prices()))));
        return row;
    }

    /** The row of a symbol whose prices could not be read into a series at all. */
    public static Map<String, Object> failed(String symbol, String model, int horizon, String calibration, int historyRows, RuntimeException e) {
        Map<String, Object> row = JobRows.empty(COLUMNS);
        row.put("symbol", symbol);
        row.put("model", model);
        row.put("horizon", horizon);
        row.put("calibration", calibration);
        row.put("history_rows", historyRows);
        return JobRows.failed(row, e);
    }

    /**
     * The scan row a local scan makes of {@code f} ({@link ScanRow#of}, from the forecast as {@link PriceForecast#assemble}
     * rebuilds it), without the calibration note, the data warning and the week note: those are read from the closes, not the forecast.
     */
    static ScanRow row(StoredForecast f) {
        List<RewardRisk> rr = new java.util.ArrayList<>();
        for (double level : ForecastScan.LEVELS) rr.add(RewardRisk.of(f.forecast(), f.lastClose(), level, f.forecast().horizon()));
        PriceForecast p = new PriceForecast(f.symbol(), f.model(), f.origin(), f.lastClose(), f.targetDates(), null, null, f.forecast(), rr,
                f.calibration(), CalibrationNotes.measured(f.coverage()), null);
        return ScanRow.of(p, f.historyRows(), null, null);
    }

    /** Keys of a scan row that are text from the closes, not figures of its forecast. */
    private static final java.util.Set<String> TEXT_KEYS = java.util.Set.of("calibration_note", "data_warning", "week_note");

    /**
     * How {@code rowJson} (the job's scan row) differs from what {@link #row} makes of its forecast (the first key, named only when a scan row has it), or null when
     * every figure is; doubles round-trip exactly through JSON, so equal means the same bits. Throws when it is no JSON object.
     */
    static String rowDisagreement(String rowJson, StoredForecast f) {
        JsonNode given = Json.MAPPER.readTree(rowJson), derived = Json.MAPPER.readTree(COMPACT.writeValueAsString(row(f)));
        if (!given.isObject()) throw new IllegalArgumentException("not a JSON object");
        java.util.Set<String> keys = new java.util.TreeSet<>(derived.propertyNames());
        keys.addAll(given.propertyNames());
        for (String k : keys) {
            // a key the row should not have is not named: it is the file's content
            if (!TEXT_KEYS.contains(k) && !java.util.Objects.equals(given.get(k), derived.get(k))) return derived.has(k) ? "has " + k + " other than its forecast_json gives" : "has a key a scan row does not have";
        }
        return null;
    }

    /** The live forecast a successful output row holds, as the store keeps it. */
    public static StoredForecast forecast(String forecastJson) {
        return Json.MAPPER.readValue(forecastJson, StoredForecast.class);
    }
}
