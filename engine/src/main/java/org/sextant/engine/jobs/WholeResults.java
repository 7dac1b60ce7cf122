package org.sextant.engine.jobs;

import java.io.OutputStream;
import java.util.LinkedHashMap;
import org.sextant.engine.Json;

/**
 * The whole results of the newest ended jobs, as their work returned them (an agent reading a scan it just ran
 * gets every row, the window its typed result), while their JSON totals at most {@link #BYTES}; an older job's
 * result is its record's, read back from jobs/&lt;id&gt;.json. A result larger than the whole budget is never kept.
 */
final class WholeResults {
    /** Bytes of JSON the kept whole results may total: a whole-store scan's result is about 3.5 MB. */
    static final long BYTES = 32L << 20;

    private final long budget;
    /** Oldest first; guarded by this. */
    private final LinkedHashMap<String, Kept> kept = new LinkedHashMap<>();
    private long total;

    private record Kept(Object result, long bytes) {}

    WholeResults(long budget) {
        this.budget = budget;
    }

    /** Keeps {@code result} of the job {@code id} that just ended, dropping the oldest kept ones past the budget. */
    synchronized void keep(String id, Object result) {
        if (result == null) return;
        long bytes = jsonBytes(result);
        if (bytes > budget) return;
        forget(id);
        kept.put(id, new Kept(result, bytes));
        total += bytes;
        var oldest = kept.entrySet().iterator();
        while (total > budget) {
            total -= oldest.next().getValue().bytes();
            oldest.remove();
        }
    }

    /** The whole result of {@code id}, or null when it is not kept. */
    synchronized Object get(String id) {
        Kept k = kept.get(id);
        return k == null ? null : k.result();
    }

    synchronized void forget(String id) {
        Kept k = kept.remove(id);
        if (k != null) total -= k.bytes();
    }

    /** Bytes of JSON the kept results total. */
    synchronized long bytes() {
        return total;
    }

    /** Bytes of {@code result} as JSON, counted without holding them; past the budget when it cannot be written. */
    private long jsonBytes(Object result) {
        long[] n = {0};
        try {
            Json.MAPPER.writeValue(new OutputStream() {
                @Override
                public void write(int b) {
                    n[0]++;
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    n[0] += len;
                }
            }, result);
            return n[0];
        } catch (RuntimeException e) {
            return Long.MAX_VALUE;
        }
    }

    /** For tests: the ids kept, oldest first. */
    synchronized java.util.List<String> ids() {
        return java.util.List.copyOf(kept.keySet());
    }
}
