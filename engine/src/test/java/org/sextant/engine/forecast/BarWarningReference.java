package org.sextant.engine.forecast;

import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;

/**
 * The bars' warning as the routes worked it out before {@link BarOutliers}: every bar read into memory and
 * {@link OutlierReturns#warning} run over all of them, each named by its open time, gap-checked by the bars' session
 * dates with the daily closes' rule ({@link CalibrationNotes#gaps}). What the store's query must agree with, and a
 * benchmark's baseline.
 */
public final class BarWarningReference {
    private BarWarningReference() {}

    public static String warning(BarSeries bars) {
        return OutlierReturns.warning(bars.symbol(), bars.bars().stream().map(b -> b.ts() + "Z").toList(),
                bars.bars().stream().mapToDouble(IntervalBar::close).toArray(),
                CalibrationNotes.gaps(bars.bars().stream().map(IntervalBar::date).toList()));
    }
}
