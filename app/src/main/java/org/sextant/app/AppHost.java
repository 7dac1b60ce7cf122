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
import org.sextant.contract.AppFile;
import org.sextant.engine.home.AppDiscovery;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.home.StateFileWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running app minus its window: the engine, the local API, run/app.json and state.json.
 * Window and headless mode both host exactly this. {@link #open} opens the engine only;
 * {@link #serve} then starts the local API and publishes run/app.json (a window start does that
 * once its first chart is drawn, since the chart needs neither).
 */
final class AppHost implements AutoCloseable {
    /** Whether this process drew render_chart's warm-up picture: its JavaFX starts once, however many hosts it runs (tests run several). */
    private static final java.util.concurrent.atomic.AtomicBoolean WARMED = new java.util.concurrent.atomic.AtomicBoolean();
    private static final Logger log = LoggerFactory.getLogger(AppHost.class);

    private final Sextant engine;
    private final StateFileWriter state;
    private final String mode;
    private LocalApiServer api; // guarded by this; null until served
    private AppFile discovery;
    private volatile boolean closed;
    private CommandQueue pilot;

    private AppHost(Sextant engine, StateFileWriter state, String mode) {
        this.engine = engine;
        this.state = state;
        this.mode = mode;
    }

    /** Opens the engine (store, migrations, the sample universe on first use) and the state file writer; serves nothing yet. */
    static AppHost open(SextantHome home, String mode) {
        Sextant engine = Sextant.open(home);
        return new AppHost(engine, new StateFileWriter(engine, mode, mode.equals("headless") ? null : "charts"), mode);
    }

    /** {@link #open} then {@link #serve}. */
    static AppHost start(SextantHome home, String mode) throws IOException {
        AppHost host = open(home, mode);
        try {
            host.serve();
        } catch (IOException | RuntimeException e) {
            host.close();
            throw e;
        }
        return host;
    }

    /** Starts the local API, writes state.json and run/app.json. No-op once closed or served. */
    synchronized void serve() throws IOException {
        if (closed || api != null) return;
        String token = AppFile.newToken();
        // render_chart draws with the charts module (JavaFX), so the app serves it, not the engine
        ChartRenderer renderer = new ChartRenderer(engine, mode.equals("headless"));
        // JavaFX's start and first drawing, in the background, before an agent's first picture would pay for them out of its
        // budget (in a window, after its first chart: serve runs then); -Dsextant.warmRender=false leaves them to that picture
        if (!"false".equals(System.getProperty("sextant.warmRender")) && WARMED.compareAndSet(false, true)) renderer.warmUp(); // once a process: JavaFX starts once
        LocalApiServer server = LocalApiServer.start(engine, token, mode, state::current,
                Map.of(org.sextant.contract.Capabilities.RENDER_CHART, renderer::route));
        AppFile d = new AppFile(ProcessHandle.current().pid(), server.port(), token, Version.APP, Version.CONTRACT, Instant.now().toString());
        api = server;
        discovery = d;
        state.writeNow();
        AppDiscovery.write(d, engine.home().appJson());
        server.onMoved(this::moved);
        org.sextant.app.gui.ApiActivity.use(server::lastCallMillis);
        log.info("Sextant {} ({}) serving {} on 127.0.0.1:{}", Version.APP, mode, engine.home().root(), server.port());
    }

    /** The local API listens on a new port (its listener thread died): clients find it in run/app.json. */
    private synchronized void moved(int port) {
        if (closed) return;
        AppFile d = new AppFile(discovery.pid(), port, discovery.token(), discovery.version(), discovery.contract(), discovery.startedAt());
        discovery = d;
        try {
            AppDiscovery.write(d, engine.home().appJson());
        } catch (IOException | RuntimeException e) {
            log.error("the local API now listens on 127.0.0.1:{} but run/app.json could not say so: {}", port, e.toString());
        }
    }

    Sextant engine() { return engine; }

    StateFileWriter state() { return state; }

    /** The local API's port; call after {@link #serve}. */
    synchronized int port() { return api.port(); }

    /**
     * Starts consuming the pilot command queue (commands/pending). Headless passes no window:
     * only the engine commands (start_forecast, start_backtest) run there.
     */
    synchronized void startPilot(WindowDriver window, Consumer<PilotNotice> notices) {
        if (closed || pilot != null) return;
        pilot = new CommandQueue(engine.home(), new PilotExecutor(engine, window), notices, Clock.systemUTC()).start();
    }

    /** When an agent or the CLI last called the local API (0 = never). */
    synchronized long lastApiCallMillis() { return api == null ? 0 : api.lastCallMillis(); }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        if (pilot != null) pilot.close();
        if (api != null) {
            AppDiscovery.removeIfOurs(discovery, engine.home().appJson());
            api.close();
        }
        // the window is gone: nothing is on screen any more (a reader must not take the last symbol for a live one)
        state.setSymbolOnScreen(null);
        state.setOpenRun(null);
        state.writeNow();
        state.close();
        engine.close();
        log.info("Sextant stopped");
    }
}
