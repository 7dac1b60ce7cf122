package org.sextant.charts;

import java.util.Locale;

/**
 * How many decimals a price readout shows: five significant digits at the series' level, at least
 * two and at most six, so USD/CHF reads 1.7432 (a pip), an index 475.12 and a penny stock 0.01234.
 */
public final class PriceDigits {
    private PriceDigits() {}

    /** Decimals for prices around {@code level} (2 when the level is unknown or zero). */
    public static int decimals(double level) {
        if (!Double.isFinite(level) || level == 0) return 2;
        int integerDigits = (int) Math.floor(Math.log10(Math.abs(level))) + 1;
        return Math.max(2, Math.min(6, 5 - integerDigits));
    }

    public static String format(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
