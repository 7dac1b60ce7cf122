package org.sextant.app;

import java.io.IOException;
import java.time.Instant;
import java.time.Clock;
import java.util.function.Consumer;
import org.sextant.app.pilot.CommandQueue;
import org.sextant.app.pilot.PilotExecutor;
import org.sextant.app.pilot.PilotNotice;
import org.sextant.app.pilot.WindowDriver;
import java.util.Map;
import org.sextant.app.render.ChartRenderer;
import org.sextant.engine.Sextant;
import org.sextant.engine.Version;
import org.sextant.engine.api.LocalApiServer;
import org.sextant.engine.home.AppDiscovery;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.home.StateFileWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running app minus its window: the engine, the local API, run/app.json and state.json.
 * Window and headless mode both host exactly this.
 */
final class AppHost implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(AppHost.class);

    private final Sextant engine;
    private final LocalApiServer api;
    private final StateFileWriter state;
    private final AppDiscovery discovery;
    private volatile boolean closed;
    private CommandQueue pilot;

    private AppHost(Sextant engine, LocalApiServer api, StateFileWriter state, AppDiscovery discovery) {
        this.engine = engine;
        this.api = api;
        this.state = state;
        this.discovery = discovery;
    }

    static AppHost start(SextantHome home, String mode) throws IOException {
        Sextant engine = Sextant.open(home);
        StateFileWriter state = new StateFileWriter(engine, mode, mode.equals("headless") ? null : "charts");
        String token = AppDiscovery.newToken();
        // render_chart draws with the charts module (JavaFX), so the app serves it, not the engine
        ChartRenderer renderer = new ChartRenderer(engine, mode.equals("headless"));
        LocalApiServer api = LocalApiServer.start(engine, token, mode, state::current,
                Map.of("render_chart", renderer::route));
        AppDiscovery d = new AppDiscovery(ProcessHandle.current().pid(), api.port(), token, Version.APP, Version.CONTRACT, Instant.now());
        state.writeNow();
        d.write(home.appJson());
        org.sextant.app.gui.ApiActivity.use(api::lastCallMillis);
        log.info("Sextant {} ({}) serving {} on 127.0.0.1:{}", Version.APP, mode, home.root(), api.port());
        return new AppHost(engine, api, state, d);
    }

    Sextant engine() { return engine; }

    StateFileWriter state() { return state; }

    int port() { return api.port(); }

    /**
     * Starts consuming the pilot command queue (commands/pending). Headless passes no window:
     * only the engine commands (start_forecast, start_backtest) run there.
     */
    synchronized void startPilot(WindowDriver window, Consumer<PilotNotice> notices) {
        if (closed || pilot != null) return;
        pilot = new CommandQueue(engine.home(), new PilotExecutor(engine, window), notices, Clock.systemUTC()).start();
    }

    /** When an agent or the CLI last called the local API (0 = never). */
    long lastApiCallMillis() { return api.lastCallMillis(); }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        if (pilot != null) pilot.close();
        discovery.removeIfOurs(engine.home().appJson());
        api.close();
        state.writeNow();
        state.close();
        engine.close();
        log.info("Sextant stopped");
    }
}
