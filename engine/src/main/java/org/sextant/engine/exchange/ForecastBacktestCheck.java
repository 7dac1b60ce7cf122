package org.sextant.engine.exchange;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.BandCalibration;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastInput;
import org.sextant.engine.forecast.OriginRule;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.forecast.store.StoredForecast;

/**
 * Refuses a forecast backtest job's row that {@link ForecastBacktestRun#run} could not have
 * written, naming the file, the symbol and the column, before anything is stored.
 */
final class ForecastBacktestCheck {
    private ForecastBacktestCheck() {}

    private static final Set<String> CALIBRATIONS = Set.of(BandCalibration.MODEL.wire(), BandCalibration.CONFORMAL.wire(), BandCalibration.ADAPTIVE.wire());

    /** The row's backtest, read from its JSON and checked against its columns and against what the walk-forward computes. */
    static ForecastBacktestRun.Computed checked(ResultSet r, Path folder) throws SQLException {
        String symbol = r.getString("symbol"), model = r.getString("model");
        String where = ForecastScanImport.where(r, folder);
        Object horizon = r.getObject("horizon"), history = r.getObject("history_rows");
        if (!(horizon instanceof Integer h) || h < 1 || h > 260) throw corrupt(where, "horizon", "is not an integer of 1..260 (a horizon the job runs)");
        if (!(history instanceof Integer rows) || rows < 1) throw corrupt(where, "history_rows", "is not an integer >= 1 (the number of closes the job read)");
        String rule = r.getString("origins_rule");
        if (!isLabel(rule)) throw corrupt(where, "origins_rule", "is not an origin rule the job runs");
        String digest = r.getString("closes_digest");
        if (digest == null || !digest.matches("[0-9a-f]{32}")) throw corrupt(where, "closes_digest", "is not the digest of the closes the job read");
        java.time.LocalDate from = date(r.getString("closes_from")), to = date(r.getString("closes_to"));
        if (from == null || to == null || from.isAfter(to)) throw corrupt(where, "closes_from", "and closes_to are not the first and last dates the job read");
        ForecastBacktestRun.Computed c;
        try {
            c = ForecastBacktestRows.computed(symbol, model, h, r.getString("origins_rule"), r.getString("result_json"), "[]", digest, from, to);
        } catch (RuntimeException unreadable) {   // its content is not quoted: it may be anything
            throw corrupt(where, "result_json", "is not a backtest result the job writes");
        }
        String wrong = resultProblem(c.result(), h, rows);
        if (wrong != null) throw corrupt(where, "result_json", wrong);
        if (!Integer.valueOf(c.result().origins()).equals(r.getObject("origins"))) {
            throw corrupt(where, "origins", "is not an integer equal to the result's scored origins (" + c.result().origins() + ")");
        }
        if (!Double.valueOf(c.result().male()).equals(r.getObject("male"))) throw corrupt(where, "male", "is not a double equal to the result's male (" + c.result().male() + ")");
        try {
            c = ForecastBacktestRows.computed(symbol, model, h, r.getString("origins_rule"), r.getString("result_json"), r.getString("forecasts_json"),
                    digest, from, to);
        } catch (RuntimeException unreadable) {   // also a forecast whose bands are not nested around its median
            throw corrupt(where, "forecasts_json", "is not a list of forecasts the job writes");
        }
        long own = 0;
        for (StoredForecast f : c.rows()) {
            String p = f == null ? "holds a missing forecast" : forecastProblem(f, symbol, model, h, rows);
            if (p != null) throw corrupt(where, "forecasts_json", p);
            if (f.calibration().equals(BandCalibration.MODEL.wire())) own++;
        }
        if (own < c.result().origins()) throw corrupt(where, "forecasts_json", "holds " + own + " model forecasts for " + c.result().origins() + " scored origins");
        return c;
    }

    /**
     * The row's --oos-start cell, checked to be one the job writes (a date or "last 40%"); null when the output has no such
     * column ({@code recorded} false: written before the job recorded it). Whether the row's origins start there is checked
     * against the store's closes ({@link org.sextant.engine.forecast.ForecastService}).
     */
    static String oosStart(ResultSet r, String where, boolean recorded) throws SQLException {
        if (!recorded) return null;
        String cell = r.getString(ForecastBacktestRows.OOS_START);
        try {
            org.sextant.engine.forecast.OutOfSampleStart.parse(cell);
        } catch (IllegalArgumentException e) {
            throw corrupt(where, ForecastBacktestRows.OOS_START, e.getMessage());
        }
        return cell;
    }

    /** The ISO date {@code s} is, or null when it is none. */
    private static java.time.LocalDate date(String s) {
        try {
            return s == null ? null : java.time.LocalDate.parse(s);
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    /** Whether {@code s} is the label of an origin rule (monthly, weekly, every N): what the job writes. */
    private static boolean isLabel(String s) {
        if (s == null || s.isBlank()) return false;
        try {
            return OriginRule.parse(s.startsWith("every ") ? s.substring(6) : s).label().equals(s);
        } catch (SextantException e) {
            return false;
        }
    }

    /**
     * What the walk-forward's result always is: at least one scored origin and no more calibrated
     * ones, per-step errors for each step of the horizon, scores for each level, errors >= 0,
     * coverages in [0, 1], pinball losses >= 0, all finite; the conformal scores are NaN exactly
     * when no origin was calibrated, and a step beyond the history may be NaN.
     */
    private static String resultProblem(WalkForwardBacktest.Result b, int horizon, int historyRows) {
        if (b.origins() < 1 || b.origins() > historyRows) return "has " + b.origins() + " scored origins, not 1.." + historyRows;
        if (b.calibratedOrigins() < 0 || b.calibratedOrigins() > b.origins()) return "has " + b.calibratedOrigins() + " calibrated origins of " + b.origins();
        if (!(b.male() >= 0 && b.male() < Double.POSITIVE_INFINITY)) return "has male " + b.male() + ", not a finite error >= 0";
        double[] steps = b.malePerStep();
        if (steps == null || steps.length != horizon) return "has per-step errors for " + (steps == null ? 0 : steps.length) + " steps, not the horizon's " + horizon;
        for (int s = 0; s < steps.length; s++) {
            if (!(steps[s] >= 0 && steps[s] < Double.POSITIVE_INFINITY) && !(s > 0 && Double.isNaN(steps[s]))) return "has step " + (s + 1) + " error " + steps[s];
        }
        try {
            ForecastInput.checkLevels(b.levels());
        } catch (SextantException | NullPointerException e) {
            return "has invalid levels";
        }
        boolean calibrated = b.calibratedOrigins() > 0;
        for (var score : List.of(new Score("coverage", b.coverage(), true, true), new Score("pinball", b.pinball(), false, true),
                new Score("conformal coverage", b.conformalCoverage(), true, calibrated), new Score("conformal pinball", b.conformalPinball(), false, calibrated),
                new Score("adaptive coverage", b.adaptiveCoverage(), true, calibrated))) {
            String p = score.problem(b.levels().length);
            if (p != null) return p;
        }
        return null;
    }

    /** One per-level score of the result: a share (coverage) or a loss, NaN exactly when not {@code scored}. */
    private record Score(String name, double[] values, boolean share, boolean scored) {
        String problem(int levels) {
            if (values == null || values.length != levels) return "has " + (values == null ? 0 : values.length) + " " + name + " values for " + levels + " levels";
            for (double v : values) {
                boolean ok = scored ? v >= 0 && (share ? v <= 1 : v < Double.POSITIVE_INFINITY) : Double.isNaN(v);
                if (!ok) return "has " + name + " " + v + (scored ? ", not " + (share ? "a share in [0, 1]" : "a finite loss >= 0") : " with no calibrated origin");
            }
            return null;
        }
    }

    /** Why an origin's forecast is not one this row's backtest stores, or null. */
    private static String forecastProblem(StoredForecast f, String symbol, String model, int horizon, int historyRows) {
        if (!symbol.equals(f.symbol()) || !model.equals(f.model())) return "holds a forecast of " + f.symbol() + " by " + f.model() + ", not this row's";
        if (!StoredForecast.BACKTEST.equals(f.kind()) || !CALIBRATIONS.contains(f.calibration())) return "holds a forecast of kind " + f.kind() + ", calibration " + f.calibration();
        if (f.horizon() != horizon) return "holds a forecast of horizon " + f.horizon() + ", the row's is " + horizon;
        if (f.historyRows() < 1 || f.historyRows() > historyRows) return "holds a forecast from " + f.historyRows() + " closes of the " + historyRows + " the job read";
        if (!(f.lastClose() > 0)) return "holds a forecast from a last close of " + f.lastClose();
        String p = ForecastChecks.problem(f);
        return p == null ? null : "holds a forecast from " + f.origin() + " that " + p;
    }

    private static SextantException corrupt(String where, String column, String what) {
        return JobOutput.corrupt(where, column, what, "forecast-backtest");
    }
}
