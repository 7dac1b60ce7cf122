package org.sextant.engine.research.source;

import java.time.LocalDate;
import java.util.List;

/**
 * What the analogue node reads: for each date, a statistic of what followed the closest past
 * market days as of that date (compare_to_history with as_of), NaN where the matcher has no
 * answer, and NaN on dates more than {@link #STALE_DAYS} after the benchmark's last signal day.
 * Implementations must use nothing after each date.
 */
public interface AnalogueSource {
    /**
     * @param dates   the universe's dates, oldest first
     * @param measure mean, median (forward returns, fractions) or positive_pct (percent of analogues that rose)
     * @param every   query the matcher every this many bars and hold the value between queries
     */
    double[] series(List<LocalDate> dates, String benchmark, int horizon, String measure, int every);

    /**
     * Days after the benchmark's last signal day that a date may still be matched as of that day
     * (a week covers holidays); a later date has no value (NaN: flat) instead of repeating the last day's.
     */
    int STALE_DAYS = 7;

    /** The benchmark's last signal day; refused naming benchmark when the store has no signals for it. */
    LocalDate lastDate(String benchmark);

}
