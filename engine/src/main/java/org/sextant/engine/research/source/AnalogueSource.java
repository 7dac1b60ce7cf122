package org.sextant.engine.research.source;

import java.time.LocalDate;
import java.util.List;

/**
 * What the analogue node reads: for each date, a statistic of what followed the closest past
 * market days as of that date (compare_to_history with as_of), NaN where the matcher has no
 * answer. Implementations must use nothing after each date.
 */
public interface AnalogueSource {
    /**
     * @param dates   the universe's dates, oldest first
     * @param measure mean, median (forward returns, fractions) or positive_pct (percent of analogues that rose)
     * @param every   query the matcher every this many bars and hold the value between queries
     */
    double[] series(List<LocalDate> dates, String benchmark, int horizon, String measure, int every);
}
