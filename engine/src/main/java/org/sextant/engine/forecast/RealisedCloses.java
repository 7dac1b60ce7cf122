package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.data.PriceSeries;

/**
 * How the closes stored after a past forecast's start fell in its bands: step k is scored on the
 * k-th close after the start (the adjusted close where stored, the scale the forecast was fitted
 * on), as the walk-forward coverage scores a step. Only steps with such a close are listed and
 * counted; nothing is said of the others ({@code stepsPending}, {@code note}).
 *
 * @param steps  per realised step: its target date, the date and close that realised it, and per band level whether it held the close
 * @param inside per band level, how many of the realised closes it held
 */
public record RealisedCloses(int stepsRealised, int stepsPending, List<Step> steps, List<LevelCount> inside, String note) {

    /** One realised step; {@code inside}: band level ("0.8") → whether the band held {@code close} (edges included). */
    public record Step(int step, LocalDate targetDate, LocalDate date, double close, Map<String, Boolean> inside) {}

    /** Of {@code realised} closes, how many the band at {@code level} held. */
    public record LevelCount(double level, int inside, int realised) {}

    /** {@code f}, made from the first {@code startRows} closes of {@code all}, against the closes of {@code all} after them. */
    public static RealisedCloses of(PriceForecast f, PriceSeries all, int startRows) {
        double[] y = PriceForecast.closes(all);
        List<QuantileBand> bands = f.forecast().bands();
        int horizon = f.targetDates().size();
        int realised = Math.min(horizon, all.size() - startRows);
        int[] held = new int[bands.size()];
        List<Step> steps = new ArrayList<>(realised);
        for (int s = 0; s < realised; s++) {
            double close = y[startRows + s];
            Map<String, Boolean> inside = new LinkedHashMap<>();
            for (int b = 0; b < bands.size(); b++) {
                QuantileBand band = bands.get(b);
                boolean in = close >= band.lower(s) && close <= band.upper(s);
                if (in) held[b]++;
                inside.put(String.valueOf(band.level()), in);
            }
            steps.add(new Step(s + 1, f.targetDates().get(s), all.dates().get(startRows + s), close, inside));
        }
        List<LevelCount> counts = new ArrayList<>(bands.size());
        for (int b = 0; b < bands.size(); b++) counts.add(new LevelCount(bands.get(b).level(), held[b], realised));
        return new RealisedCloses(realised, horizon - realised, steps, counts, pending(f.targetDates(), realised));
    }

    /** What is not said: the steps after the last stored close, or null when every step is realised. */
    private static String pending(List<LocalDate> targets, int realised) {
        int horizon = targets.size();
        if (realised == horizon) return null;
        if (realised + 1 == horizon) return "step " + horizon + " (" + targets.get(realised) + ") has no stored close yet: nothing is said of it";
        return "steps " + (realised + 1) + ".." + horizon + " (" + targets.get(realised) + " to " + targets.get(horizon - 1)
                + ") have no stored close yet: nothing is said of them";
    }
}
