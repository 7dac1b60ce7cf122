package org.sextant.engine.analogue;

import java.time.LocalDate;

/**
 * One imported user signal: its definition and dated values (numbers, or level codes for a
 * categorical signal), each marked live (observed on that date) or backfill (reconstructed later).
 */
public record UserSignalSeries(SignalDefinition definition, LocalDate[] dates, double[] values, boolean[] backfill) {
    public UserSignalSeries {
        if (dates.length != values.length || dates.length != backfill.length) {
            throw new IllegalArgumentException("dates, values and backfill flags must have one entry each");
        }
    }
}
