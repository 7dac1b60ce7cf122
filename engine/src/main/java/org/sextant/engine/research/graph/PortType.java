package org.sextant.engine.research.graph;

/** What flows along an edge of a strategy graph. Inputs accept exactly one type. */
public enum PortType {
    /** A number per bar per asset: a price or an indicator. */
    SERIES,
    /** A target direction per bar per asset: 1 long, 0 flat, -1 short. */
    SIGNAL,
    /** A sized position per bar per asset, as a fraction of the asset's sleeve. */
    POSITION,
    /** Portfolio weights per bar per asset, fractions of the whole portfolio. */
    WEIGHTS,
    /** Filled, costed strategy returns: the root of every graph. */
    STRATEGY;

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
