package org.sextant.engine.exchange;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The symbols a job's import could not use (symbol, field, error), as an answer lists them: the first {@link #KEPT}, then one
 * entry saying how many more ({@code more}, and an {@code error} "… and N more"). A forged output of a million error rows
 * took 7 GB held whole; this holds {@link #KEPT} whatever the output's size.
 */
public final class CappedFailures {
    /** Failures an import keeps and answers with; beyond them it counts. */
    public static final int KEPT = 100;

    private final List<Map<String, Object>> kept = new ArrayList<>();
    private long more;

    /** A job output's error rows, the first {@link #KEPT} by symbol read and the rest counted ({@link JobErrorRows}). */
    static CappedFailures ofErrorRows(java.sql.Connection c, JobOutput out, String job) throws java.sql.SQLException {
        return JobErrorRows.read(c, out, job);
    }

    public void add(Map<String, Object> failure) {
        if (kept.size() < KEPT) kept.add(failure);
        else more++;
    }

    /** Says there were {@code all} failures in all, of which those added are the first (an import that counted the rest apart). */
    public void counted(long all) {
        more = Math.max(0, all - kept.size());
    }

    public boolean isEmpty() {
        return kept.isEmpty();
    }

    /** All the failures, kept and counted: the count of the job's error rows, not of the entries answered. */
    public long count() {
        return kept.size() + more;
    }

    /** The first failure kept, null when none. */
    public Map<String, Object> first() {
        return kept.isEmpty() ? null : kept.get(0);
    }

    /** The errors kept, then "… and N more" when there are more: what a refusal quotes. */
    public List<Object> errors() {
        List<Object> errors = new ArrayList<>(kept.stream().map(f -> f.get("error")).toList());
        if (more > 0) errors.add(moreText());
        return errors;
    }

    /** The failures kept, by symbol, then the entry of how many more when there are more. */
    public List<Map<String, Object>> listed() {
        List<Map<String, Object>> out = new ArrayList<>(kept);
        out.sort(Comparator.comparing(m -> String.valueOf(m.get("symbol"))));
        if (more > 0) {
            Map<String, Object> rest = new LinkedHashMap<>();
            rest.put("more", more);
            rest.put("error", moreText());
            out.add(rest);
        }
        return List.copyOf(out);
    }

    /** Whether {@code failure} is the entry of how many more ({@link #listed}), not a symbol's. */
    public static boolean isMore(Map<String, Object> failure) {
        return failure.containsKey("more");
    }

    private String moreText() {
        return "\u2026 and " + more + " more";
    }
}
