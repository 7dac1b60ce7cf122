package org.sextant.engine.forecast;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;

/**
 * What a synchronous scan may still compute: at most {@code limit} missing forecasts, and only those whose
 * estimated fits ({@link LiveForecastCost}) add up to {@code seconds}. A scan of slow fits (ARIMA at a
 * 260-step horizon) otherwise computed until its budget stopped it and answered nothing; now it answers with
 * the rows it could afford, and since it keeps what it computed ({@link LiveForecastCache}) a second call
 * continues where it stopped; a fit it could not wait for goes on in the background ({@link ScanFits}), so calling
 * again makes progress even when one fit takes longer than a call. Not thread-safe: one scan's.
 */
final class ScanAllowance {
    /** How often a call waiting for a fit checks whether its caller went away. */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
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
    /** The fit this call waited for until its budget's end, which may go on in the background. */
    private ScanFits.Fit goingOn;
    /** Symbols whose awaited fit was stopped because the prices changed during this call: not computed, to be called again. */
    private final List<String> changed = new ArrayList<>();
    /** {@link #goingOn} while this call holds a claim on it, until {@link #settle}. */
    private ScanFits.Fit claimed;
    private final ScanFits fits;

    /** {@code fits}: where a fit under a request's budget runs, and goes on when the call cannot wait for it. */
    ScanAllowance(int limit, double seconds, ScanFits fits) {
        this.limit = limit;
        this.seconds = seconds;
        this.fits = fits;
    }

    /** Whether a forecast estimated at {@code estimate} seconds may be computed now; counted as taken if so. */
    private boolean take(double estimate) {
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
     * The forecast of {@code job} if this call may compute it ({@link #take}) or joins its fit under way, else null (not now).
     * Under a request's budget the fit runs on the pool of {@link ScanFits} and this call waits for it until a tenth of
     * what is left of its budget: a fit still running then (a busy machine's fits take longer than estimated) goes on in
     * the background for the next call, and the scan answers with the rows it has before its budget ends. With the pool
     * busy it fits {@code here} and is given up there, as before; without a budget (a job) see {@link #forJob}.
     * A fit left going on stays claimed by this call until {@link #settle}.
     */
    PriceForecast compute(ScanFits.Job job, Supplier<PriceForecast> here) {
        if (ranOut) {
            overBudget++;
            return null;
        }
        long left = Cancellation.nanosLeft();
        if (left == Long.MAX_VALUE) return take(job.estimate()) ? forJob(job, here) : null;
        ScanFits.Fit fit = fits.join(job.key());
        boolean taken = fit == null;
        if (taken) {
            if (!take(job.estimate())) return null;
            fit = fits.start(job);
        }
        PriceForecast f = fit == null ? fitHere(here) : awaitClaimed(fit, System.nanoTime() + left - left / 10);
        if (f == null && fit != null && fit.result.isDone() && fits.pricesChangedSince(fit)) {
            // an import or delete landed meanwhile: not this call's end, only this symbol's (attack 15 M4 answered a 500)
            if (taken) computed--;
            changed.add(job.symbol());
            return null;
        }
        if (f == null) {
            ranOut = true;
            overBudget++;
            if (taken) computed--;
            goingOn = fit;
        }
        return f;
    }

    /** {@link #await} of a fit claimed by this call: the claim is kept when the fit goes on past the wait, else given back. */
    private PriceForecast awaitClaimed(ScanFits.Fit fit, long until) {
        boolean goesOn = false;
        try {
            PriceForecast f = await(fit, until, true);
            goesOn = f == null && !fit.result.isDone();
            return f;
        } finally {
            if (goesOn) claimed = fit;
            else fits.left(fit); // its forecast came, or it was stopped, or this call's caller went away during the wait
        }
    }

    /**
     * A job's forecast: it waits for the same fit going on in the background (a scan_forecasts call left it) instead of
     * fitting the same closes again, until the job's own cancel or time limit (its cancel check: a CancellationException),
     * and fits {@code here} when there is none or that fit was stopped (its cap, the prices changed) without a forecast.
     */
    private PriceForecast forJob(ScanFits.Job job, Supplier<PriceForecast> here) {
        ScanFits.Fit fit = fits.join(job.key());
        if (fit == null) return here.get();
        PriceForecast f;
        try {
            f = await(fit, 0, false);
        } finally {
            fits.left(fit); // a job cancelled during the wait no longer wants it: it stops unless a call was told to call again
        }
        return f != null ? f : here.get();
    }

    /**
     * The call ended: {@code answered} (its caller was there for its answer, whose note says to call again) keeps the fit it
     * left going on until its end; a caller that went away before the answer gives its claim back, which stops the fit when
     * no other call waits for it or was answered while it went on (nobody would rank it).
     */
    void settle(boolean answered) {
        if (claimed == null) return;
        if (answered) fits.answered(claimed);
        else fits.left(claimed);
        claimed = null;
    }

    /** {@code here} under the request's budget until a tenth of what is left of it, or null when it ran into that. */
    private static PriceForecast fitHere(Supplier<PriceForecast> here) {
        long left = Cancellation.nanosLeft(); // read last: a wait for the CPU before it would put this end past the request's
        try {
            return Cancellation.within(Duration.ofNanos(Math.max(0, left - left / 10)), "a scan's forecast", null, here);
        } catch (SextantException e) {
            if (!FailReason.TIMEOUT.wire().equals(e.failReason())) throw e;
            return null;
        }
    }

    /**
     * The forecast of {@code fit} once done, or null when it was stopped or, {@code bounded}, is not done by {@code until}
     * (System.nanoTime). Throws CancellationException when the caller went away or the job was cancelled meanwhile.
     */
    private static PriceForecast await(ScanFits.Fit fit, long until, boolean bounded) {
        while (true) {
            long wait = bounded ? until - System.nanoTime() : POLL_NANOS;
            if (wait <= 0) return null;
            try {
                return fit.result.get(Math.min(wait, POLL_NANOS), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                // the budget is this wait's own, not checked here (late wake-ups on a busy machine); the claim's holder says what becomes of the fit
                if (Cancellation.stopRequested()) throw new CancellationException("the caller went away, or the job was cancelled, while waiting for a scan's fit");
            } catch (CancellationException stopped) {
                // the fit's own stop (the prices changed, the engine closes), which get() throws as is, not wrapped: not this caller's
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted while waiting for a scan's fit");
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof Error error) throw error;
                boolean stopped = cause instanceof CancellationException
                        || cause instanceof SextantException s && FailReason.TIMEOUT.wire().equals(s.failReason());
                if (!stopped && cause instanceof RuntimeException r) throw r; // the model refused these prices: the symbol is skipped
                return null; // stopped (the prices changed, the engine closes, its cap): not computed
            }
        }
    }

    /**
     * The note of a scan that left {@code notComputed} forecasts of {@code model} at {@code horizon} (those whose prices changed
     * during the call among them): why, and what to do; null when there is nothing to say.
     */
    String note(int notComputed, String model, int horizon) {
        String moved = changed.isEmpty() ? null : changedNote();
        int rest = notComputed - changed.size();
        if (rest <= 0) return moved;
        String budget = budgetNote(rest, model, horizon);
        return moved == null ? budget : moved + "; " + budget;
    }

    /** The note on the symbols whose fit the prices' change stopped: what happened, and to call again. */
    private String changedNote() {
        String named = changed.size() <= 10 ? String.join(", ", changed) : String.join(", ", changed.subList(0, 10)) + ", ...";
        return changed.size() + " symbol(s) (" + named + ") were not computed: their prices changed during this call (an import, gather or "
                + "delete of prices), which stopped the fit of the prices read before; call again to rank them on the new prices";
    }

    /** The note on {@code notComputed} symbols the budget or the per-call limit left out. */
    private String budgetNote(int notComputed, String model, int horizon) {
        StringBuilder why = new StringBuilder();
        if (ranOut) why.append("the budget ran out during a fit, which took longer than estimated (a busy machine)");
        else if (overBudget > 0) {
            why.append(overBudget).append(" would compute for about ").append(secs(cheapestLeft)).append(" or more each (model ").append(model)
                    .append(", horizon ").append(horizon).append("), beyond the ").append(secs(seconds)).append(" of this call's budget its forecasts may take");
        }
        if (overLimit > 0) why.append(why.isEmpty() ? "" : "; ").append("at most ").append(limit).append(" are computed per call");
        String kept = (computed > 0 ? " (the " + computed + " computed in this call are kept while the prices are unchanged)" : "")
                + ", or start_scan computes them all as a job and stores them";
        String fix = goingOn != null && !goingOn.result.isDone() ? inBackground(goingOn) + kept
                : !ranOut && cheapestLeft > seconds && overLimit == 0
                ? "not one fits in a call: start_scan computes them all as a job (no such budget) and stores them, or ask for a shorter horizon or a faster model"
                : "call again to continue" + kept;
        return notComputed + " symbol(s) have no stored forecast yet and were not computed in this call (" + why + "): " + fix;
    }

    /** What to do about a fit going on in the background: when to call again, as far as its estimate says. */
    private static String inBackground(ScanFits.Fit fit) {
        double soFar = fit.secondsSoFar(), estimate = fit.job.estimate();
        String when = soFar < estimate ? "call again in about " + secs(estimate - soFar) + " (by its estimate, an idle machine's)"
                : "call again in a while (it is past its estimate of " + secs(estimate) + ", an idle machine's)";
        return fit.job.symbol() + "'s fit goes on in the background (" + secs(soFar) + " so far; it stops after " + ScanFits.CAP.toMinutes()
                + " min or when the prices change): " + when + " to rank it without fitting again and continue";
    }

    private static String secs(double s) {
        return String.format(Locale.ROOT, s < 10 ? "%.1f s" : "%.0f s", s);
    }
}
