package org.sextant.engine.analogue;

import java.util.Locale;

/** How analogues are chosen (docs/analogues.md). */
public enum MatchMode {
    /** Weighted Euclidean distance over standardised dimensions. */
    SOFT,
    /** Same bin as the query on every matched dimension, then nearest first. */
    HARD,
    /** Same regime tag as the query, most recent first. */
    TAG,
    /** Same regime tag, then nearest first; the whole history when fewer than 30 survive. */
    HYBRID;

    public String wire() { return name().toLowerCase(Locale.ROOT); }

    /** The mode named {@code s} (case-insensitive), or null. */
    public static MatchMode parse(String s) {
        if (s == null) return null;
        String k = s.trim().toLowerCase(Locale.ROOT);
        for (MatchMode m : values()) if (m.wire().equals(k)) return m;
        return null;
    }
}
