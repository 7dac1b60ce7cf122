package org.sextant.engine;

import java.util.function.LongPredicate;

/** The largest value a cost estimate lets through: what a refusal names as the most that fits (horizon, configurations). */
public final class LargestFitting {
    private LargestFitting() {}

    /**
     * The largest {@code x} in {@code lo..hi} with {@code fits(x)}, by bisection, given that {@code fits} holds up to some
     * value and not beyond (an estimate growing with x); {@code lo} when only it fits, which the caller checks when it matters.
     */
    public static long in(long lo, long hi, LongPredicate fits) {
        while (lo < hi) {
            long mid = lo + (hi - lo + 1) / 2;
            if (fits.test(mid)) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }
}
