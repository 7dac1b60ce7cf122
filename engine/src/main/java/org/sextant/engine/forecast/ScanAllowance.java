package org.sextant.engine.forecast;

import java.util.Locale;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;

/**
 * What a synchronous scan may still compute: at most {@code limit} missing forecasts, and only those whose
 * estimated fits ({@link LiveForecastCost}) add up to {@code seconds}. A scan of slow fits (ARIMA at a
 * 260-step horizon) otherwise computed until its budget stopped it and answered nothing; now it answers with
 * the rows it could afford, and since it keeps what it computed ({@link LiveForecastCache}) a second call
 * continues where it stopped. Not thread-safe: one scan's.
 */
final class ScanAllowance {
    private final int limit;
    private final double seconds;
    private int computed;
    private double spent;
    private int overLimit;
    private int overBudget;
    /** The smallest estimate left out for the budget: whether another call could compute even one. */
    private double cheapestLeft = Double.POSITIVE_INFINITY;
    /** A fit ran into the end of the budget (an estimate is an idle machine's): nothing more is computed in this call. */
    private boolean ranOut;

    ScanAllowance(int limit, double seconds) {
        this.limit = limit;
        this.seconds = seconds;
    }

    /** Whether a forecast estimated at {@code estimate} seconds may be computed now; counted as taken if so. */
    boolean take(double estimate) {
        if (ranOut) {
            overBudget++;
            return false;
        }
        if (computed >= limit) {
            overLimit++;
            return false;
        }
        if (spent + estimate > seconds) {
            overBudget++;
            cheapestLeft = Math.min(cheapestLeft, estimate);
            return false;
        }
        computed++;
        spent += estimate;
        return true;
    }

    /**
     * Runs a fit taken by {@link #take}, under a request's budget until a tenth of what is left of it: a fit that runs
     * past that (a busy machine's fits take longer than estimated) is given up and null returned, so the scan answers
     * with the rows it has before its budget ends, instead of a timeout that throws them away.
     */
    PriceForecast fit(java.util.function.Supplier<PriceForecast> work) {
        long left = Cancellation.nanosLeft();
        if (left == Long.MAX_VALUE) return work.get();
        try {
            return Cancellation.within(java.time.Duration.ofNanos(Math.max(0, left - left / 10)), "a scan's forecast", null, work);
        } catch (SextantException e) {
            if (!FailReason.TIMEOUT.wire().equals(e.failReason())) throw e;
            ranOut = true;
            computed--;
            overBudget++;
            return null;
        }
    }

    /** The note of a scan that left {@code notComputed} forecasts of {@code model} at {@code horizon}: why, and what to do. */
    String note(int notComputed, String model, int horizon) {
        StringBuilder why = new StringBuilder();
        if (ranOut) why.append("the budget ran out during a fit, which took longer than estimated (a busy machine)");
        else if (overBudget > 0) {
            why.append(overBudget).append(" would compute for about ").append(secs(cheapestLeft)).append(" or more each (model ").append(model)
                    .append(", horizon ").append(horizon).append("), beyond the ").append(secs(seconds)).append(" of this call's budget its forecasts may take");
        }
        if (overLimit > 0) why.append(why.isEmpty() ? "" : "; ").append("at most ").append(limit).append(" are computed per call");
        String fix = !ranOut && cheapestLeft > seconds && overLimit == 0
                ? "not one fits in a call: start_scan computes them all as a job (no such budget) and stores them, or ask for a shorter horizon or a faster model"
                : "call again to continue (the " + computed + " computed in this call are kept while the prices are unchanged),"
                        + " or start_scan computes them all as a job and stores them";
        return notComputed + " symbol(s) have no stored forecast yet and were not computed in this call (" + why + "): " + fix;
    }

    private static String secs(double s) {
        return String.format(Locale.ROOT, s < 10 ? "%.1f s" : "%.0f s", s);
    }
}
