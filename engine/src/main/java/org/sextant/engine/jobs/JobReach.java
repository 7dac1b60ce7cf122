package org.sextant.engine.jobs;

import java.util.Collection;
import java.util.Locale;
import java.util.Set;

/**
 * Whose prices a job reads or writes while it runs: some symbols, or every symbol in the store (a
 * whole-store scan, a global training, an import, whose files' symbols are known only once read).
 * What {@link Jobs#workingOn} asks, so a deletion never pulls prices from under a job.
 *
 * @param symbols the canonical symbols; empty with {@code wholeStore}
 */
public record JobReach(boolean wholeStore, Set<String> symbols) {
    /** A job that reads every symbol's prices, and the reach of one that says nothing of what it reads. */
    public static final JobReach WHOLE_STORE = new JobReach(true, Set.of());

    public JobReach {
        symbols = Set.copyOf(symbols);
    }

    public static JobReach of(Collection<String> symbols) {
        return new JobReach(false, Set.copyOf(symbols.stream().map(s -> s.trim().toUpperCase(Locale.ROOT)).toList()));
    }

    public boolean covers(String symbol) {
        return wholeStore || symbols.contains(symbol);
    }

    /** How a refusal names the reach: "every symbol's prices" or "the prices of AA". */
    String what(String symbol) {
        return wholeStore ? "every symbol's prices" : "the prices of " + org.sextant.contract.ShownText.name(symbol);
    }
}
