package org.sextant.engine.analogue;

import java.time.LocalDate;
import java.util.Arrays;

/**
 * Aligns a user signal's observations to the benchmark's trade dates. A row takes the latest
 * observation dated on or before it, provided that observation is at most {@code maxFillDays}
 * business days (Monday to Friday) old; otherwise the row has no value. Nothing is ever filled
 * backward: a row never sees an observation dated after it (that would be look-ahead). Missing
 * observations (NA) are not values and carry nothing. A carried value keeps its provenance
 * (live or backfill).
 */
public final class ForwardFill {
    /** No observation on or before the row. */
    public static final long NONE = Long.MIN_VALUE;

    /**
     * One signal on the benchmark's rows: {@code values} (NaN where missing), whether the
     * supplying observation is backfill, and the epoch day of the latest observation on or
     * before each row whether or not it was still within the limit ({@link #NONE} when none).
     */
    public record Aligned(double[] values, boolean[] backfill, long[] lastObserved) {}

    private ForwardFill() {}

    public static Aligned align(LocalDate[] rows, UserSignalSeries s, int maxFillDays) {
        int n = rows.length;
        double[] values = Indicators.nan(n);
        boolean[] backfill = new boolean[n];
        long[] last = new long[n];
        Arrays.fill(last, NONE);
        LocalDate[] obs = s.dates();
        int k = 0; // next observation not yet dated after the row
        int source = -1; // latest non-missing observation on or before the row
        for (int i = 0; i < n; i++) {
            while (k < obs.length && !obs[k].isAfter(rows[i])) {
                if (!Double.isNaN(s.values()[k])) source = k;
                k++;
            }
            if (source < 0) continue;
            last[i] = obs[source].toEpochDay();
            if (businessDaysBetween(obs[source], rows[i]) <= maxFillDays) {
                values[i] = s.values()[source];
                backfill[i] = s.backfill()[source];
            }
        }
        return new Aligned(values, backfill, last);
    }

    /** Monday-to-Friday days d with from < d <= to (0 when to is not after from); Friday to Monday is 1. */
    public static long businessDaysBetween(LocalDate from, LocalDate to) {
        if (!to.isAfter(from)) return 0;
        return weekdaysUpTo(to) - weekdaysUpTo(from);
    }

    /** Weekdays from an arbitrary Monday epoch up to and including {@code d}. */
    private static long weekdaysUpTo(LocalDate d) {
        // 1970-01-05 was a Monday; floorDiv keeps dates before it consistent.
        long days = d.toEpochDay() - 4;
        long weeks = Math.floorDiv(days, 7);
        long rem = Math.floorMod(days, 7); // 0 = Monday .. 6 = Sunday
        return weeks * 5 + Math.min(rem + 1, 5);
    }
}
