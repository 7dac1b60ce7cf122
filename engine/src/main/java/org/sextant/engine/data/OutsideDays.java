package org.sextant.engine.data;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;

/**
 * A symbol's stored bars outside its session, counted per UTC date (ascending epoch days, with running totals), so
 * any page's from..to is answered by two binary searches instead of resampling the series again.
 */
record OutsideDays(long[] days, long[] runningTotal) {
    /** From (epoch day, count) rows in ascending day order. */
    static OutsideDays of(List<long[]> rows) {
        long[] days = new long[rows.size()], total = new long[rows.size() + 1];
        for (int i = 0; i < rows.size(); i++) {
            days[i] = rows.get(i)[0];
            total[i + 1] = total[i] + rows.get(i)[1];
        }
        return new OutsideDays(days, total);
    }

    /** The bars whose UTC date is within from..to (either may be null: open). */
    long count(LocalDate from, LocalDate to) {
        int lo = from == null ? 0 : firstAtOrAfter(from.toEpochDay());
        int hi = to == null ? days.length : firstAtOrAfter(to.toEpochDay() + 1);
        return hi <= lo ? 0 : runningTotal[hi] - runningTotal[lo];
    }

    private int firstAtOrAfter(long day) {
        int i = Arrays.binarySearch(days, day);
        return i >= 0 ? i : -i - 1;
    }
}
