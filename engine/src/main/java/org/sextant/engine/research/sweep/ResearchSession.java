package org.sextant.engine.research.sweep;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.sextant.engine.research.stats.EarlierPValues;
import org.sextant.engine.research.stats.SharpeSpread;

/**
 * The honesty ledger of one research session: how many runs were made and how many
 * configurations were tried in all. The Deflated Sharpe Ratio and the Bonferroni haircut use the
 * configurations tried in the whole session, not just in the sweep that produced the winner,
 * because picking the best of several sweeps is selection too. The DSR's variance of the trials'
 * Sharpe ratios is likewise the session's ({@link #trialSharpes}): a re-run of one sweep's
 * winner alone is still the best of everything tried. That spread is kept per bar interval: annual Sharpe
 * ratios of 30-minute strategies (costs paid thirteen times a day) are not draws of the same null as daily
 * ones, and one intraday sweep in a session spread its daily runs' V so wide their DSR read 0 (attack 30, F2).
 */
public final class ResearchSession {
    private final String id;
    private final AtomicLong runs = new AtomicLong();
    private final AtomicLong configurations = new AtomicLong();
    private final Map<String, SharpeSpread> trialSharpes = new TreeMap<>(); // by bar interval ("1d", "30m", ...)
    private final EarlierPValues earlierPValues;

    public ResearchSession(String id) {
        this(id, 0, 0);
    }

    /** Resumes a session with the counts it had (e.g. read back from the store). */
    public ResearchSession(String id, long runs, long configurations) {
        this(id, runs, configurations, SharpeSpread.NONE);
    }

    /** Resumes a daily session with its counts and the spread of the annual Sharpe ratios its configurations had. */
    public ResearchSession(String id, long runs, long configurations, SharpeSpread dailyTrialSharpes) {
        this(id, runs, configurations, Map.of(DAILY, dailyTrialSharpes), EarlierPValues.NONE);
    }

    /**
     * As above, with the spread of the annual Sharpe ratios per bar interval and the p-values kept of the
     * configurations its stored runs tried (Holm and BHY adjust with them).
     */
    public ResearchSession(String id, long runs, long configurations, Map<String, SharpeSpread> trialSharpes, EarlierPValues earlierPValues) {
        if (runs < 0 || configurations < 0) throw new IllegalArgumentException("session counts cannot be negative");
        this.id = id;
        this.runs.set(runs);
        this.configurations.set(configurations);
        this.trialSharpes.putAll(trialSharpes);
        this.earlierPValues = earlierPValues;
    }

    /** The interval of daily bars, as runs store it. */
    public static final String DAILY = "1d";

    /** Records a run of {@code tried} configurations; returns the session's total configurations. */
    public long record(long tried) {
        return record(tried, DAILY, SharpeSpread.NONE);
    }

    /**
     * As {@link #record(long)}, adding the spread of the run's configurations' annual Sharpe ratios to the
     * session's at the run's bar {@code interval}.
     */
    public synchronized long record(long tried, String interval, SharpeSpread sharpes) {
        if (tried < 1) throw new IllegalArgumentException("a run tries at least one configuration, got " + tried);
        runs.incrementAndGet();
        trialSharpes.merge(interval, sharpes, SharpeSpread::plus);
        return configurations.addAndGet(tried);
    }

    /** The spread of the annual Sharpe ratios of every configuration recorded in the session at {@code interval} that had one. */
    public synchronized SharpeSpread trialSharpes(String interval) { return trialSharpes.getOrDefault(interval, SharpeSpread.NONE); }

    /** How many configurations with a Sharpe ratio the session recorded at intervals other than {@code interval}. */
    public synchronized long trialsAtOtherIntervals(String interval) {
        long n = 0;
        for (Map.Entry<String, SharpeSpread> e : trialSharpes.entrySet()) if (!e.getKey().equals(interval)) n += e.getValue().count();
        return n;
    }

    /**
     * The kept p-values of the configurations of the session's runs before this one (not of runs recorded in memory
     * since: the store's session is read afresh for each run).
     */
    public EarlierPValues earlierPValues() { return earlierPValues; }

    public String id() { return id; }

    public long runs() { return runs.get(); }

    public long configurations() { return configurations.get(); }
}
