package org.sextant.engine.forecast.m3;

/** One M3 series: its category, frequency, official horizon, training and test values. */
public record M3Series(String id, String category, int frequency, int horizon, double[] train, double[] test) {
    /** The lag of the MASE scale: 4 quarterly, 12 monthly, 1 otherwise (README of the data). */
    public int maseLag() {
        return switch (category) {
            case "quarterly" -> 4;
            case "monthly" -> 12;
            default -> 1;
        };
    }
}
