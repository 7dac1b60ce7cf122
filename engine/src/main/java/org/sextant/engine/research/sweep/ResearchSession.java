package org.sextant.engine.research.sweep;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The honesty ledger of one research session: how many runs were made and how many
 * configurations were tried in all. The Deflated Sharpe Ratio and the Bonferroni haircut use the
 * configurations tried in the whole session, not just in the sweep that produced the winner,
 * because picking the best of several sweeps is selection too.
 */
public final class ResearchSession {
    private final String id;
    private final AtomicLong runs = new AtomicLong();
    private final AtomicLong configurations = new AtomicLong();

    public ResearchSession(String id) {
        this(id, 0, 0);
    }

    /** Resumes a session with the counts it had (e.g. read back from the store). */
    public ResearchSession(String id, long runs, long configurations) {
        if (runs < 0 || configurations < 0) throw new IllegalArgumentException("session counts cannot be negative");
        this.id = id;
        this.runs.set(runs);
        this.configurations.set(configurations);
    }

    /** Records a run of {@code tried} configurations; returns the session's total configurations. */
    public long record(long tried) {
        if (tried < 1) throw new IllegalArgumentException("a run tries at least one configuration, got " + tried);
        runs.incrementAndGet();
        return configurations.addAndGet(tried);
    }

    public String id() { return id; }

    public long runs() { return runs.get(); }

    public long configurations() { return configurations.get(); }
}
