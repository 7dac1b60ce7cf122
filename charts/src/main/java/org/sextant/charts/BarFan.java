package org.sextant.charts;

import java.util.Objects;

/**
 * A forecast of bars at an interval, as the chart by bar index draws it: the fan over the target
 * bars, which are placed one bar apart after the last one ({@code originSeconds}, its open time),
 * with each target bar's open time ({@code targetSeconds}, epoch seconds UTC) for the readouts.
 * The fan's target dates are the target bars' trading days.
 */
public record BarFan(ForecastFan fan, ChartInterval interval, long originSeconds, long[] targetSeconds) {
    public BarFan {
        Objects.requireNonNull(fan, "fan");
        Objects.requireNonNull(interval, "interval");
        if (targetSeconds.length != fan.median().length) {
            throw new IllegalArgumentException(fan.symbol() + ": " + targetSeconds.length + " target bars but " + fan.median().length + " medians");
        }
    }
}
