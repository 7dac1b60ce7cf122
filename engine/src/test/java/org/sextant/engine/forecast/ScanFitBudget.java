package org.sextant.engine.forecast;

/** Tests and benchmarks: a scan replay's budget counted in live fits, as the import estimates them. */
public final class ScanFitBudget {
    private ScanFitBudget() {}

    /** The estimated seconds of {@code fits} live forecasts of {@code model} at {@code horizon} on {@code closes} closes each. */
    public static double of(int fits, int closes, String model, int horizon) {
        return fits * LiveForecastCost.estimatedSeconds(ForecastModels.BUILT_IN, closes, model, horizon);
    }
}
