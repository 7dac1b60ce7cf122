package org.sextant.engine.jobs;

import java.util.Collection;
import java.util.Locale;
import java.util.Set;

/**
 * Whose prices a job reads or writes while it runs: some symbols, or every symbol in the store (a
 * whole-store scan, a global training), or, for an import, whose files' symbols are known only once
 * read, every symbol until it narrows to those it found ({@link JobContext#narrowReach}).
 * What {@link Jobs#refuseChangingUnder} asks, so a deletion or a session change never pulls prices or bars from under a job.
 *
 * @param symbols the canonical symbols; empty with {@code wholeStore}
 * @param untilRead whole store only until the job has read which symbols it writes: a deletion under way does not keep it
 *                  from starting, since it checks the deletions itself when it narrows, before it writes
 */
public record JobReach(boolean wholeStore, Set<String> symbols, boolean untilRead) {
    /** A job that reads every symbol's prices, and the reach of one that says nothing of what it reads. */
    public static final JobReach WHOLE_STORE = new JobReach(true, Set.of(), false);
    /** An import's reach before its files are read: every symbol, narrowed before it writes. */
    public static final JobReach UNTIL_READ = new JobReach(true, Set.of(), true);

    public JobReach {
        symbols = Set.copyOf(symbols);
    }

    public static JobReach of(Collection<String> symbols) {
        return new JobReach(false, Set.copyOf(symbols.stream().map(s -> s.trim().toUpperCase(Locale.ROOT)).toList()), false);
    }

    public boolean covers(String symbol) {
        return wholeStore || symbols.contains(symbol);
    }

    /** Whether {@code other} is this reach or a narrower one: a job's reach may only narrow, never widen. */
    boolean holds(JobReach other) {
        return wholeStore || !other.wholeStore && symbols.containsAll(other.symbols);
    }

    /** How a refusal names the reach: "every symbol's prices" or "the prices of AA". */
    String what(String symbol) {
        if (untilRead) return "every symbol's prices until it has read which symbols its files hold";
        return wholeStore ? "every symbol's prices" : "the prices of " + org.sextant.contract.ShownText.name(symbol);
    }
}
