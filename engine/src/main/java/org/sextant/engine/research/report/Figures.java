package org.sextant.engine.research.report;

import java.util.Locale;

/** A run's figures as people read them, in the CLI and the HTML report alike. */
public final class Figures {
    private Figures() {}

    /** {@code v} (finite) to {@code decimals} places; one that rounds to zero has no sign (never "-0.00"). */
    public static String fixed(double v, int decimals) {
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        return s.startsWith("-") && s.chars().noneMatch(c -> c >= '1' && c <= '9') ? s.substring(1) : s;
    }
}
