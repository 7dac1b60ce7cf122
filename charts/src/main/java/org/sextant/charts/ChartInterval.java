package org.sextant.charts;

import java.util.Locale;

/**
 * The bar intervals a price chart can draw, finest first, named as the store names them ("30m").
 * The chart resamples the finest bars it was given to any coarser one ({@link BarResampler}).
 * The engine's BarInterval holds the same list; charts links no engine type (docs/architecture.md),
 * so the app maps one to the other by label.
 */
// duplicates: the engine's BarInterval lists the same intervals; charts may not link engine types
public enum ChartInterval {
    M1("1m", 1), M5("5m", 5), M15("15m", 15), M30("30m", 30), H1("1h", 60), H4("4h", 240),
    D1("1d", 1440), W1("1w", 7 * 1440), MO1("1mo", 30 * 1440);

    /** "30m", as the store, the CLI and the agents write it. */
    public final String label;
    /** Nominal length in minutes (a month counts 30 days; for choosing an interval, never for bucketing). */
    public final int minutes;

    ChartInterval(String label, int minutes) {
        this.label = label;
        this.minutes = minutes;
    }

    /** Shorter than a day: its bars have a time of day. */
    public boolean intraday() {
        return minutes < 1440;
    }

    /** "30m" -> M30; refused naming the field and the labels it accepts. */
    public static ChartInterval of(String label) {
        for (ChartInterval i : values()) if (i.label.equals(label == null ? null : label.trim().toLowerCase(Locale.ROOT))) return i;
        StringBuilder known = new StringBuilder();
        for (ChartInterval i : values()) known.append(known.length() == 0 ? "" : ", ").append(i.label);
        throw new IllegalArgumentException("interval: unknown interval '" + label + "'; use one of " + known);
    }

    /**
     * Whether every bar of {@code this} interval is a union of whole bars of {@code finer}, so it can
     * be resampled from them instead of from the source: intraday lengths that divide, any intraday
     * into days, days into weeks and months (weeks do not nest in months).
     */
    boolean nestsIn(ChartInterval finer) {
        if (finer.ordinal() >= ordinal()) return false;
        if (intraday()) return minutes % finer.minutes == 0;
        if (this == D1) return finer.intraday();
        return finer == D1 || (this == W1 && finer.intraday()) || (this == MO1 && finer.intraday());
    }

    @Override
    public String toString() {
        return label;
    }
}
