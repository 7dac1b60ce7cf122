package org.sextant.engine.research.sweep;

import java.util.concurrent.atomic.AtomicLong;
import org.sextant.engine.research.stats.EarlierPValues;
import org.sextant.engine.research.stats.SharpeSpread;

/**
 * The honesty ledger of one research session: how many runs were made and how many
 * configurations were tried in all. The Deflated Sharpe Ratio and the Bonferroni haircut use the
 * configurations tried in the whole session, not just in the sweep that produced the winner,
 * because picking the best of several sweeps is selection too. The DSR's variance of the trials'
 * Sharpe ratios is likewise the session's ({@link #trialSharpes}): a re-run of one sweep's
 * winner alone is still the best of everything tried.
 */
public final class ResearchSession {
    private final String id;
    private final AtomicLong runs = new AtomicLong();
    private final AtomicLong configurations = new AtomicLong();
    private SharpeSpread trialSharpes;
    private final EarlierPValues earlierPValues;

    public ResearchSession(String id) {
        this(id, 0, 0);
    }

    /** Resumes a session with the counts it had (e.g. read back from the store). */
    public ResearchSession(String id, long runs, long configurations) {
        this(id, runs, configurations, SharpeSpread.NONE);
    }

    /** Resumes a session with its counts and the spread of the annual Sharpe ratios its configurations had. */
    public ResearchSession(String id, long runs, long configurations, SharpeSpread trialSharpes) {
        this(id, runs, configurations, trialSharpes, EarlierPValues.NONE);
    }

    /** As above, with the p-values kept of the configurations its stored runs tried (Holm and BHY adjust with them). */
    public ResearchSession(String id, long runs, long configurations, SharpeSpread trialSharpes, EarlierPValues earlierPValues) {
        if (runs < 0 || configurations < 0) throw new IllegalArgumentException("session counts cannot be negative");
        this.id = id;
        this.runs.set(runs);
        this.configurations.set(configurations);
        this.trialSharpes = trialSharpes;
        this.earlierPValues = earlierPValues;
    }

    /** Records a run of {@code tried} configurations; returns the session's total configurations. */
    public long record(long tried) {
        return record(tried, SharpeSpread.NONE);
    }

    /** As {@link #record(long)}, adding the spread of the run's configurations' annual Sharpe ratios to the session's. */
    public synchronized long record(long tried, SharpeSpread sharpes) {
        if (tried < 1) throw new IllegalArgumentException("a run tries at least one configuration, got " + tried);
        runs.incrementAndGet();
        trialSharpes = trialSharpes.plus(sharpes);
        return configurations.addAndGet(tried);
    }

    /** The spread of the annual Sharpe ratios of every configuration recorded in the session that had one. */
    public synchronized SharpeSpread trialSharpes() { return trialSharpes; }

    /**
     * The kept p-values of the configurations of the session's runs before this one (not of runs recorded in memory
     * since: the store's session is read afresh for each run).
     */
    public EarlierPValues earlierPValues() { return earlierPValues; }

    public String id() { return id; }

    public long runs() { return runs.get(); }

    public long configurations() { return configurations.get(); }
}
