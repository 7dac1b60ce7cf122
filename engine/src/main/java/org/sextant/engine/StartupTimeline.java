package org.sextant.engine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where an app start spends its time: named marks in milliseconds since the process started
 * (the launcher script or jpackage binary included) with the process's CPU time at each mark,
 * since on a busy machine wall time alone says little. The app logs the line once per start, so
 * a slow start on a user's machine can be read from logs/sextant.log. Cheap: a mark is one
 * /proc read; each name is kept once (its first time: a second store open, say by a CLI
 * command in the same process, is not start-up) and nothing beyond {@value #MAX_MARKS} names.
 */
public final class StartupTimeline {
    private static final int MAX_MARKS = 40;
    /** System.nanoTime() at the moment the process started, or at class load when the OS does not say. */
    private static final long ORIGIN_NANOS = originNanos();
    private static final List<String> MARKS = new ArrayList<>();
    private static final java.util.Set<String> NAMES = new java.util.HashSet<>();
    private static boolean reported;

    private StartupTimeline() {}

    /** Records that {@code what} just happened (e.g. "store open"). Thread-safe. */
    public static void mark(String what) {
        long wall = System.nanoTime() - ORIGIN_NANOS;
        long cpu = cpuMillis();
        synchronized (MARKS) {
            if (reported || MARKS.size() >= MAX_MARKS || !NAMES.add(what)) return;
            MARKS.add(String.format(Locale.ROOT, "%s %d ms (cpu %s)", what, wall / 1_000_000,
                    cpu < 0 ? "?" : cpu + " ms"));
        }
    }

    /**
     * The marks so far as one line, and ends the timeline: returns null when it was already
     * reported (a start is reported once, later marks are ignored).
     */
    public static String report() {
        synchronized (MARKS) {
            if (reported) return null;
            reported = true;
            return "start-up: " + String.join(" · ", MARKS);
        }
    }

    /** Milliseconds since the process started. */
    public static long sinceStartMillis() {
        return (System.nanoTime() - ORIGIN_NANOS) / 1_000_000;
    }

    private static long originNanos() {
        long now = System.nanoTime();
        long ageMillis = ProcessHandle.current().info().startInstant()
                .map(i -> Math.max(0, Instant.now().toEpochMilli() - i.toEpochMilli())).orElse(0L);
        return now - ageMillis * 1_000_000;
    }

    private static long cpuMillis() {
        return ProcessHandle.current().info().totalCpuDuration().map(d -> d.toMillis()).orElse(-1L);
    }
}
