package org.sextant.app;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A line on stderr once a command has waited {@link #AFTER} on one thing (the running app's answer): a command line that says
 * nothing meanwhile looks hung, as a slow file's open did ({@link org.sextant.engine.ingest.OpenWaits}). Each line is said once.
 */
final class WaitNotice implements AutoCloseable {
    /** How long a wait goes unsaid: as long as a slow file's open before it is named. */
    static final Duration AFTER = Duration.ofSeconds(2);

    private final Consumer<String> out;
    private final Set<String> told = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "sextant-wait-notice");
        t.setDaemon(true);
        return t;
    });
    private ScheduledFuture<?> pending;

    WaitNotice(Consumer<String> out) {
        this.out = out;
    }

    /** The command now waits on what {@code line} says (null: on nothing); said once it has waited {@link #AFTER}. */
    synchronized void waitingFor(String line) {
        if (pending != null) pending.cancel(false);
        pending = line == null ? null : timer.schedule(() -> {
            if (told.add(line)) out.accept(line);
        }, AFTER.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void close() {
        timer.shutdownNow();
    }
}
