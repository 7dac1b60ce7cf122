package org.sextant.engine.data;

import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.SextantException;

/**
 * The bar intervals the store holds, finest first. Daily bars live in prices, the others in bars
 * (db/migration/V040__bars.sql, whose resample_bars macro lists the same names in the same order).
 */
public enum BarInterval {
    M1("1m", 1), M5("5m", 5), M15("15m", 15), M30("30m", 30), H1("1h", 60), H4("4h", 240),
    D1("1d", 1440), W1("1w", 7 * 1440), MO1("1mo", 30 * 1440);

    /** The name users and agents write ("30m"). */
    public final String label;
    /** Nominal length in minutes (a month counts 30 days; used to detect an interval, never to bucket). */
    public final int minutes;

    BarInterval(String label, int minutes) {
        this.label = label;
        this.minutes = minutes;
    }

    public boolean intraday() { return minutes < 1440; }

    public static List<String> labels() {
        List<String> out = new ArrayList<>();
        for (BarInterval i : values()) out.add(i.label);
        return out;
    }

    /** "30m" -> M30; null or blank -> 1d (so every call that names no interval answers as before). */
    public static BarInterval of(String field, String label) {
        if (label == null || label.isBlank()) return D1;
        for (BarInterval i : values()) if (i.label.equals(label.trim())) return i;
        throw SextantException.invalid(field, "unknown interval '" + label + "'", "use one of " + String.join(", ", labels()));
    }

    /**
     * The interval whose length a typical step between bars matches: exact for intraday, 1d for steps
     * of one to three days (weekends), 1w for about seven, 1mo for 28 to 31; null when none fits.
     */
    public static BarInterval ofStepMinutes(long step) {
        for (BarInterval i : values()) if (i.intraday() && i.minutes == step) return i;
        if (step >= 1440 && step <= 3 * 1440 && step % 1440 == 0) return D1;
        if (step >= 6 * 1440 && step <= 8 * 1440) return W1;
        if (step >= 28 * 1440 && step <= 31 * 1440) return MO1;
        return null;
    }
}
