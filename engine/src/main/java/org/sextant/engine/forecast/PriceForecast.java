package org.sextant.engine.forecast;

import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.store.StoredForecast.LevelCoverage;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * A forecast of a symbol's prices: the model fitted to log adjusted closes (closes where no
 * adjusted close exists), target dates on the series' business-day calendar ({@code calendar}
 * says which: {@link TargetDates.Calendar#describe}; {@code horizonDays} what they count, "business days" or
 * "trading days (Saturday, Sunday)": {@link TargetDates.Calendar#horizonDays}), and reward/risk
 * at the last step for every level. This is what the facade returns for "forecast SYMBOL".
 * {@code calibration} says whose bands these are (model | conformal | adaptive) and
 * {@code coverage} how often such bands held the outcome in the walk-forward before the origin.
 */
public record PriceForecast(String symbol, String model, LocalDate origin, double lastClose, List<LocalDate> targetDates,
                            String calendar, String horizonDays, Forecast forecast, List<RewardRisk> rewardRisk, String calibration, List<LevelCoverage> coverage,
                            String calibrationNote) {

    /** The model's own bands, no walk-forward (one fit): for tests and quick looks; coverage is empty. */
    public static PriceForecast of(ForecastModels models, PriceSeries prices, String model, int horizon, double[] levels) {
        double[] y = closes(prices);
        Forecast f = models.forPrices(model).forecast(y, 1, horizon, levels);
        return assemble(prices, y, f.model(), f, levels, BandCalibration.MODEL.wire(), List.of(), null);
    }

    /**
     * The forecast with calibrated bands and their empirical coverage ({@link LiveCalibration}).
     * When the history is too short for conformal bands, the model's bands are returned with a note saying so.
     */
    public static PriceForecast calibrated(ForecastModels models, PriceSeries prices, String model, int horizon, double[] levels,
                                           BandCalibration calibration) {
        double[] y = closes(prices);
        int[] breaks = CalibrationNotes.gaps(prices.dates());
        LiveCalibration.Outcome o;
        try {
            o = LiveCalibration.run(models.forPrices(model), y, horizon, levels, breaks);
        } catch (Forecast.BandsNotNested e) {
            throw noBands(y, e);
        }
        Forecast chosen = switch (calibration) {
            case MODEL -> o.own();
            case CONFORMAL -> o.conformal();
            case ADAPTIVE -> o.adaptive();
        };
        String used = calibration.wire();
        String note = null;
        if (chosen == null) {
            chosen = o.own();
            used = BandCalibration.MODEL.wire();
            note = "history too short for " + calibration.wire() + " bands (" + y.length + " closes); the model's own bands are shown";
        }
        if (note == null) {
            note = CalibrationNotes.notes(CalibrationNotes.of(prices.dates(), breaks, o.liveResiduals(), levels, used),
                    CalibrationNotes.sameBandNote(chosen, levels, used));
        }
        List<LevelCoverage> coverage = o.coverage(BandCalibration.valueOf(used.toUpperCase(java.util.Locale.ROOT)), levels);
        return assemble(prices, y, o.own().model(), chosen, levels, used, coverage, note);
    }

    /**
     * Bands that cannot be computed from these closes, as bad input (field "history", which the
     * service names as the symbol): retrying cannot help, the stored prices must change.
     */
    private static SextantException noBands(double[] y, Forecast.BandsNotNested e) {
        double min = Double.POSITIVE_INFINITY, max = 0;
        for (double v : y) {
            if (v > 0) min = Math.min(min, v);
            max = Math.max(max, v);
        }
        String span = min > 0 && max >= min && Double.isFinite(max) ? String.format(java.util.Locale.ROOT, "; its closes span %.3g..%.3g (%.0f orders of magnitude)",
                min, max, Math.log10(max) - Math.log10(min)) : "";
        return new SextantException(org.sextant.contract.FailReason.INVALID_INPUT, NO_BANDS + span, "history", NO_BANDS_FIX, e);
    }

    static final String NO_BANDS = "no forecast bands can be computed from these prices (they come out crossed or not finite)";
    static final String NO_BANDS_FIX = "check the stored prices for wrong values (get_chart_data) and import corrected ones; an import refuses closes outside "
            + org.sextant.engine.ingest.PriceRules.MIN_CLOSE + ".." + org.sextant.engine.ingest.PriceRules.MAX_PRICE;

    /** Rebuilds the wire form around a forecast (e.g. one read back from the store); {@code modelName} as the model names itself (log_theta). */
    public static PriceForecast assemble(PriceSeries prices, double[] y, String modelName, Forecast f, double[] levels, String calibration,
                                         List<LevelCoverage> coverage, String note) {
        double last = y[y.length - 1];
        List<RewardRisk> rr = new ArrayList<>();
        for (double l : levels) rr.add(RewardRisk.of(f, last, l, f.horizon()));
        List<LocalDate> dates = prices.dates();
        TargetDates.Calendar days = TargetDates.of(dates);
        List<LocalDate> targets = days.after(dates.get(dates.size() - 1), f.horizon());
        // an irregular week's dates are the earliest its steps can fall on: the calendar says so, and when the last likely comes
        return new PriceForecast(prices.symbol(), modelName, dates.get(dates.size() - 1), last, targets,
                days.describe() + days.irregularDates(dates.get(dates.size() - 1), targets), days.horizonDays(), f, rr, calibration, CalibrationNotes.measured(coverage),
                CalibrationNotes.notes(note, CalibrationNotes.horizonNote(y.length, f.horizon()), CalibrationNotes.coverageNote(coverage)));
    }

    /** Adjusted closes where present, else closes; refuses an empty series. */
    public static double[] closes(PriceSeries prices) {
        if (prices == null || prices.size() == 0) {
            throw SextantException.invalid("symbol", "no prices for the symbol", "import or fetch prices first");
        }
        return prices.adjClose() != null && prices.adjClose().length == prices.size() ? prices.adjClose() : prices.close();
    }
}
