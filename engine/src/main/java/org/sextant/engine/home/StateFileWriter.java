package org.sextant.engine.home;

import java.io.IOException;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.Version;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps state.json in step with what the app shows. Changes are debounced (a burst of clicks
 * writes once) and every write replaces the file atomically, so readers never see it torn.
 */
public final class StateFileWriter implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(StateFileWriter.class);
    private static final long DEBOUNCE_MS = 150;

    private final Sextant engine;
    private final String mode;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "sextant-state");
        t.setDaemon(true);
        return t;
    });
    private volatile String activeView;
    private volatile String symbolOnScreen;
    private volatile String openRun;
    private ScheduledFuture<?> pending;

    public StateFileWriter(Sextant engine, String mode, String activeView) {
        this.engine = engine;
        this.mode = mode;
        this.activeView = activeView;
        engine.onDataChanged(this::changed);
    }

    public void setActiveView(String view) { activeView = view; changed(); }
    public void setSymbolOnScreen(String symbol) { symbolOnScreen = symbol; changed(); }
    public void setOpenRun(String run) { openRun = run; changed(); }

    public AppState current() {
        return new AppState(Version.APP, ProcessHandle.current().pid(), mode, activeView, symbolOnScreen, openRun,
                engine.jobs().summary(), engine.dataSummary(), engine.settings().masked(), Instant.now());
    }

    /** Writes state.json now (start-up, shutdown, tests). */
    public synchronized void writeNow() {
        try {
            AtomicFiles.write(engine.home().stateJson(), Json.write(current()));
        } catch (IOException | RuntimeException e) {
            log.warn("cannot write state.json: {}", e.toString());
        }
    }

    private synchronized void changed() {
        if (pending != null) pending.cancel(false);
        pending = timer.schedule(this::writeNow, DEBOUNCE_MS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
