package org.sextant.engine.forecast.global;

import org.sextant.engine.forecast.ForecastModels;
/** A small global model trained on synthetic seasonal series, in a catalogue for tests that name model global. */
public final class TrainedGlobal {
    private TrainedGlobal() {}

    public static ForecastModels catalogue(int horizon) throws InterruptedException {
        GlobalConfig c = GlobalConfig.forHorizon(horizon, 1).withLookbacks(12).withMembers(1).withHidden(16).withSteps(40).withBatch(64);
        GlobalModel m = GlobalModel.train(GlobalModelTest.seasonal(30, 11).stream().map(y -> lengthen(y, horizon)).toList(), c, f -> { }, () -> false);
        return new ForecastModels(h -> m);
    }

    /** Repeats a series' last season so it is long enough for the horizon. */
    private static double[] lengthen(double[] y, int h) {
        double[] out = java.util.Arrays.copyOf(y, y.length + 2 * h);
        for (int t = y.length; t < out.length; t++) out[t] = out[t - 4];
        return out;
    }
}
