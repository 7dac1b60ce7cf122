package org.sextant.engine.research.backtest;

/**
 * When a signal computed from bar t's close is filled. Never on bar t itself: that would trade
 * at a price the signal already saw.
 */
public enum Execution {
    /** At the open of bar t+1: the overnight gap is still earned by the old position. */
    NEXT_OPEN,
    /** At the close of bar t+1: the new position earns from bar t+2 on. */
    NEXT_CLOSE
}
