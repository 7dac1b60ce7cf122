package org.sextant.engine.exchange;

import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.ForecastInput;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.forecast.store.StoredForecast;

/** What a forecast read from a job's output must satisfy to be one the engine computed: the scan's and the backtest's imports share it. */
final class ForecastChecks {
    private ForecastChecks() {}

    /**
     * Why {@code f} could not have been computed, or null: levels distinct and each in
     * [{@link ForecastInput#MIN_LEVEL}, 1) ({@link ForecastInput#checkLevels}), at least one band,
     * every number finite, and as many target dates and steps as its horizon.
     */
    static String problem(StoredForecast f) {
        List<QuantileBand> bands = f.forecast().bands();
        if (bands.isEmpty()) return "has no band";
        try {
            ForecastInput.checkLevels(bands.stream().mapToDouble(QuantileBand::level).toArray());
        } catch (SextantException e) {
            return "has an invalid band: " + e.getMessage();
        }
        List<double[]> numbers = new ArrayList<>(List.of(f.forecast().median(), new double[]{f.lastClose()}));
        for (QuantileBand b : bands) numbers.addAll(List.of(b.lower(), b.upper()));
        for (StoredForecast.LevelCoverage c : f.coverage()) numbers.add(new double[]{c.level(), c.empirical() == null ? 0 : c.empirical()});
        for (double[] a : numbers) {
            for (double v : a) if (!Double.isFinite(v)) return "holds " + v + ", not a finite number";
        }
        if (f.horizon() != f.targetDates().size() || f.forecast().horizon() != f.horizon()) {
            return "has horizon " + f.horizon() + " but " + f.targetDates().size() + " target dates and " + f.forecast().horizon() + " steps";
        }
        return null;
    }
}
