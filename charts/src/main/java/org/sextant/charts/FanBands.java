package org.sextant.charts;

import io.fair_acc.dataset.spi.DoubleErrorDataSet;

/** A fan's band as chartfx draws it: the median with the distance down to the band's lower edge and up to its upper one. */
final class FanBands {
    private FanBands() {}

    /** {@code band} of a fan whose median is {@code median} at the axis positions {@code x}, named {@code name}. */
    static DoubleErrorDataSet around(String name, double[] x, double[] median, ForecastFan.Band band) {
        int h = x.length;
        double[] below = new double[h];
        double[] above = new double[h];
        for (int i = 0; i < h; i++) {
            below[i] = median[i] - band.lower()[i];
            above[i] = band.upper()[i] - median[i];
        }
        return new DoubleErrorDataSet(name, x, median, below, above, h, true);
    }
}
