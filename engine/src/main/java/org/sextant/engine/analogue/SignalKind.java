package org.sextant.engine.analogue;

/** A signal dimension is a number (matched by distance and bins) or a label (matched by equality). */
public enum SignalKind {
    NUMERIC, CATEGORICAL;

    public String wire() { return name().toLowerCase(java.util.Locale.ROOT); }
}
