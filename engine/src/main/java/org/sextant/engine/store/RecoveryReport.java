package org.sextant.engine.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What a recovery (or an open that found a torn log) got back and what it lost, measured against
 * the census written after the last acknowledged commit.
 *
 * @param source     where the rows came from: "log replayed", "last checkpoint", "backup FILE", "empty store"
 * @param keptIn     the folder holding the untouched copies of the damaged files (null when nothing was moved)
 * @param recovered  the store as it is now
 * @param committed  the last census before the damage (null when none was written)
 * @param notTried   backups passed over and why (a newer Sextant wrote them), one line each
 */
public record RecoveryReport(String source, Path keptIn, StoreCensus recovered, StoreCensus committed, List<String> notTried) {
    public RecoveryReport {
        notTried = List.copyOf(notTried);
    }

    public RecoveryReport(String source, Path keptIn, StoreCensus recovered, StoreCensus committed) {
        this(source, keptIn, recovered, committed, List.of());
    }

    /** Rows per table that the last census had and the store no longer has. */
    public Map<String, Long> lostRows() {
        Map<String, Long> lost = new java.util.TreeMap<>();
        if (committed == null) return lost;
        committed.rows().forEach((table, n) -> {
            long now = recovered.rows().getOrDefault(table, 0L);
            if (n > now) lost.put(table, n - now);
        });
        return lost;
    }

    public List<String> lostRuns() {
        if (committed == null) return List.of();
        TreeSet<String> lost = new TreeSet<>(committed.runIds());
        lost.removeAll(recovered.runIds());
        return List.copyOf(lost);
    }

    public boolean lostNothing() { return committed != null && lostRows().isEmpty() && lostRuns().isEmpty(); }

    /** The report in words, one line each, for the terminal, the log and the window. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add("recovered from: " + source);
        out.addAll(notTried);
        if (keptIn != null) out.add("the damaged files are kept, untouched, in " + keptIn);
        recovered.rows().forEach((t, n) -> out.add("  " + t + ": " + n + " rows"));
        out.add("  strategy runs: " + recovered.runIds().size());
        if (committed == null) {
            out.add("lost: unknown (no record of the last commit was found beside the store)");
        } else if (lostNothing()) {
            out.add("lost: nothing; every write acknowledged before " + committed.at() + " is in the store");
        } else {
            out.add("lost (acknowledged before " + committed.at() + ", not recoverable):");
            lostRows().forEach((t, n) -> out.add("  " + t + ": " + n + " rows"));
            if (!lostRuns().isEmpty()) out.add("  strategy runs: " + String.join(", ", lostRuns()));
        }
        return out;
    }
}
