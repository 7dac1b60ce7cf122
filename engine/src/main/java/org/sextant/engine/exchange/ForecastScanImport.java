package org.sextant.engine.exchange;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.store.Store;

/** Reads a finished universe forecast scan job's output ({@link ForecastScanRows}) from its folder. */
public final class ForecastScanImport {
    private ForecastScanImport() {}

    /**
     * The live forecasts the job made (with the calibration it asked for), and the symbols it skipped (symbol, field, error;
     * the first {@link CappedFailures#KEPT}, then counted).
     */
    public record Read(List<Requested> forecasts, CappedFailures skipped) {}

    /**
     * A forecast and the calibration the job requested (a fallback to the model's bands differs from it); {@code where} names its
     * part file and symbol as a refusal starts ({@link JobOutput#corrupt}).
     */
    public record Requested(StoredForecast forecast, String calibration, String where) {}

    public static Read read(Store store, Path folder) {
        try (JobOutput out = JobOutput.stage(store, folder)) {
            return store.read(c -> {
                out.requireWithinBounds(c, ForecastScanRows.COLUMNS, "forecast-scan");
                List<Requested> ok = new ArrayList<>();
                CappedFailures skipped;
                try (Statement s = c.createStatement()) {
                    skipped = CappedFailures.ofErrorRows(c, out, "forecast-scan");
                    try (ResultSet r = s.executeQuery("SELECT " + String.join(", ", ForecastScanRows.COLUMNS)
                            + ", filename FROM " + out.relationWithFileNames() + " WHERE error IS NULL ORDER BY symbol")) {
                        while (r.next()) ok.add(new Requested(checked(r, folder), r.getString("calibration"), where(r, folder)));
                    }
                } catch (java.sql.SQLException e) {
                    throw out.refusal(c, e, "forecast scan", "import the --out folder of `sextant-spark forecast-scan`");
                }
                return new Read(ok, skipped);
            });
        }
    }

    /** "FILE in FOLDER, symbol S: ": where a row of a forecast job's output is, as a refusal names it. */
    static String where(ResultSet r, Path folder) throws java.sql.SQLException {
        return JobOutput.where(r.getString("filename"), folder) + "symbol " + r.getString("symbol") + ": ";
    }

    /**
     * A row's live forecast, refused (naming the file, the symbol and the column) unless it passes
     * the checks a computed forecast does ({@link ForecastChecks#problem}), its horizon is the row's,
     * and its scan row ({@code row_json}) is the one a local scan makes of it ({@link ForecastScanRows#row}).
     */
    private static StoredForecast checked(ResultSet r, Path folder) throws java.sql.SQLException {
        String where = where(r, folder);
        StoredForecast f;
        try {
            f = ForecastScanRows.forecast(r.getString("forecast_json"));
        } catch (RuntimeException notAForecast) {   // unreadable, or a forecast whose bands are not nested around its median
            throw corrupt(where, "forecast_json", "is not a forecast the job writes");
        }
        if (f == null || !f.symbol().equals(r.getString("symbol"))) throw corrupt(where, "forecast_json", "is not this symbol's forecast");
        String problem = ForecastChecks.problem(f);
        if (problem != null) throw corrupt(where, "forecast_json", problem);
        if (!Integer.valueOf(f.horizon()).equals(r.getObject("horizon"))) {
            throw corrupt(where, "horizon", "is not an integer equal to the forecast's horizon (" + f.horizon() + ")");
        }
        String differs;
        try {
            differs = ForecastScanRows.rowDisagreement(r.getString("row_json"), f);
        } catch (RuntimeException unreadable) {   // no JSON object, or a forecast without a band at a scan's level: its content is not quoted
            throw corrupt(where, "row_json", "is not the scan row the job writes of its forecast_json");
        }
        // the row a user reads (reward/risk) must be the forecast's, as a local scan makes it: a changed band or ratio alone is caught here
        if (differs != null) throw corrupt(where, "row_json", differs);
        return f;
    }

    private static SextantException corrupt(String where, String column, String what) {
        return JobOutput.corrupt(where, column, what, "forecast-scan");
    }

    /** One symbol the job or the import could not use, as the import answer lists it. */
    public static Map<String, Object> failure(String symbol, String field, String error) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("symbol", shown(symbol));
        f.put("field", shown(field));
        f.put("error", shown(error));
        return f;
    }

    /** Longest text an output's cell may put in an answer (the job writes a sentence). */
    static final int MAX_CELL_CHARS = 500;

    /**
     * A cell of the job's output as an answer may carry it: the job's file is not the app's own, so
     * control characters, C1 ones too (a terminal's escape sequences could recolour or clear the
     * screen of the person reading the CLI's answer, or set its title), and bidirectional overrides
     * (which show text in another order than it is) read '?', and a long cell is cut.
     */
    static String shown(String cell) {
        if (cell == null) return null;
        String s = org.sextant.contract.ShownText.UNSHOWN.matcher(cell).replaceAll("?");
        return s.length() <= MAX_CELL_CHARS ? s : s.substring(0, MAX_CELL_CHARS) + "… (cut at " + MAX_CELL_CHARS + " characters)";
    }
}
