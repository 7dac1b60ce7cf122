package org.sextant.app;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.sextant.app.gui.WorkstationLauncher;
import org.sextant.engine.StartupTimeline;
import org.sextant.engine.home.HomeWarnings;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.home.StateFileWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `sextant`: opens the workstation (or serves headless) and hosts the CLI commands. Not an Application subclass on purpose. */
@Command(name = "sextant", mixinStandardHelpOptions = true, version = org.sextant.engine.Version.APP,
        description = "Sextant: research workstation for market time series.",
        subcommands = {ImportCommand.class, GatherCommand.class, SqlCommand.class, StrategyBacktestCommand.class, ReportCommand.class, AnaloguesCommand.class, SignalImportCommand.class, ForecastCommand.class, TrainGlobalCommand.class,
                RecoverCommand.class, BackupCommand.class, RestoreCommand.class, ExportPricesCommand.class, ImportJobCommand.class, DeletePricesCommand.class, SessionCommand.class})
public final class Main implements Callable<Integer> {

    @Option(names = "--headless", description = "Serve the engine and the local API with no window (servers, CI, agents).")
    boolean headless;

    @Option(names = "--home", description = "Sextant home folder (default: $SEXTANT_HOME or ~/.sextant).")
    Path home;

    SextantHome home() {
        return home != null ? new SextantHome(home.toAbsolutePath()) : SextantHome.fromEnvironment();
    }

    public static void main(String[] args) {
        StartupTimeline.mark("main");
        System.exit(run(args));
    }

    static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        // -h, -V (and any short option) only as written: clustered, -hsbc or -VOD.csv (a symbol, a file) was help or version
        cl.setPosixClusteredShortOptionsAllowed(false);
        // the terminal's stderr as it is now: a start moves System.err into the log file, and a
        // refused start's message must still reach the person who typed the command
        cl.setErr(new java.io.PrintWriter(new java.io.OutputStreamWriter(System.err, java.nio.charset.StandardCharsets.UTF_8), true));
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            cmd.getErr().println(CliErrors.describe(ex, logOf(cmd)));
            return CliErrors.exitCode(ex, cmd, parsed);
        });
        cl.setParameterExceptionHandler(CliErrors::parameterError);
        cl.setExecutionStrategy(Main::execute);
        try {
            return cl.execute(args);
        } catch (Error e) {
            // picocli hands only exceptions to the handler above; an error (a native library that
            // would not load) ended the start with no word on the terminal, stderr being the log by then
            Path logs = ((Main) cl.getCommand()).home().logsDir();
            org.slf4j.LoggerFactory.getLogger(Main.class).error("the start failed", e);
            cl.getErr().println(CliErrors.startFailure(e, logs));
            return 1;
        }
    }

    /** Runs the command parsed; a CLI command's log lines go to its log file, not among its messages on the terminal. */
    private static int execute(CommandLine.ParseResult parsed) {
        boolean help = false;
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) help |= p.isUsageHelpRequested() || p.isVersionHelpRequested();
        if (!parsed.hasSubcommand() || help) return logFailure(parsed); // the app logs to sextant.log itself
        // the home id's warnings (a lock given up, a claim taken back) are the person's to act on: on the terminal too
        java.io.PrintWriter terminal = parsed.commandSpec().commandLine().getErr();
        try (Logging.Restore log = Logging.commandToFile(((Main) parsed.commandSpec().userObject()).home());
             HomeWarnings.Shown shown = HomeWarnings.showTo(w -> terminal.println("warning: " + w))) {
            return logFailure(parsed);
        }
    }

    /** Runs the command; a failure that is no refusal (a bug) is logged with its stack trace, for the file the message names. */
    private static int logFailure(CommandLine.ParseResult parsed) {
        try {
            return new CommandLine.RunLast().execute(parsed);
        } catch (CommandLine.ExecutionException e) {
            if (!(e.getCause() instanceof org.sextant.engine.SextantException)) {
                org.slf4j.LoggerFactory.getLogger(Main.class).error("{} failed", e.getCommandLine().getCommandSpec().qualifiedName(), e.getCause());
            }
            throw e;
        }
    }

    /** The log a failure of {@code cmd} went to: a CLI command's, or the app's. */
    private static Path logOf(CommandLine cmd) {
        SextantHome h = ((Main) cmd.getCommandSpec().root().userObject()).home();
        return cmd.getCommandSpec().parent() == null ? h.logFile() : h.logsDir().resolve(Logging.COMMAND_LOG);
    }

    @Override
    public Integer call() throws Exception {
        if (!headless) WorkstationLauncher.refuseWithoutDisplay(); // before the home, its lock and the store are touched
        SextantHome h = home().ensureLayout();
        SingleInstance.acquire(h); // a second start stops here, before the log or any file is touched
        Logging.toFile(h);
        // the home id's warnings at start and at each backup: on the terminal headless (System.err is the log by now), in the window else
        org.sextant.app.gui.HeldWarnings forWindow = new org.sextant.app.gui.HeldWarnings();
        HomeWarnings.Shown homeWarnings = HomeWarnings.showTo(headless ? w -> Logging.console().println("warning: " + w) : forWindow);
        // the toolkit starts while the store opens (-Dsextant.toolkitEarly=false: one after the other, to measure it)
        if (!headless && !"false".equals(System.getProperty("sextant.toolkitEarly"))) WorkstationLauncher.startEarly();
        AppHost host = openOrRecover(h);
        org.sextant.engine.store.RecoveryReport loss = host.engine().store().lossAtOpen();
        // to the terminal: System.err goes to the log by now, and the user must see what a torn log lost
        if (loss != null) Logging.console().println("Sextant opened its store after a crash that tore its log:\n" + String.join("\n", loss.lines()));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            log(StartupTimeline.report()); // a start closed before its first chart was complete
            host.close();
        }, "sextant-shutdown"));
        if (headless) {
            serve(host);
            host.startPilot(null, notice -> org.slf4j.LoggerFactory.getLogger(Main.class).info(notice.text()));
            log(StartupTimeline.report());
            Logging.console().println("Sextant headless: local API on 127.0.0.1:" + host.port() + ", home " + h.root());
            new CountDownLatch(1).await(); // until SIGTERM/SIGINT: the shutdown hook cleans up
            return 0;
        }
        CompletableFuture<Runnable> pilot = new CompletableFuture<>();
        WorkstationLauncher.Session window = WorkstationLauncher.open(host.engine(), new WorkstationLauncher.Hooks(
                firstWrittenAtOnce(host.state()), host.state()::setActiveView,
                (driver, notices) -> pilot.complete(() -> host.startPilot(driver, notices)), forWindow));
        // state.json for readers from the start; on this thread, while the FX thread builds the window
        host.state().writeNow();
        // the local API and the pilot queue are not needed for the first chart: they start once it is drawn
        // (at the latest after API_WAIT_SECONDS); -Dsextant.apiAfterFirstChart=false starts them alongside the window
        if (!"false".equals(System.getProperty("sextant.apiAfterFirstChart"))) {
            try {
                window.firstChart().get(API_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException slow) {
                org.slf4j.LoggerFactory.getLogger(Main.class).info("no chart after {} s; starting the local API", API_WAIT_SECONDS);
            }
        }
        serve(host);
        pilot.thenAcceptAsync(Runnable::run);
        window.awaitClosed(null);
        host.close();
        homeWarnings.close();
        return 0;
    }

    /**
     * The symbol on screen goes to state.json debounced (a burst of clicks writes once); the
     * first one, the opening chart, is no burst: it is written at once, off the FX thread.
     */
    private static java.util.function.Consumer<String> firstWrittenAtOnce(StateFileWriter state) {
        java.util.concurrent.atomic.AtomicBoolean first = new java.util.concurrent.atomic.AtomicBoolean(true);
        return symbol -> {
            state.setSymbolOnScreen(symbol);
            if (first.getAndSet(false)) CompletableFuture.runAsync(state::writeNow);
        };
    }

    /**
     * A store that will not open stops a headless start with the message and the recover hint; a
     * window start asks the person, and on Recover runs `sextant recover`, shows its report and opens.
     */
    private AppHost openOrRecover(SextantHome h) {
        try {
            return AppHost.open(h, headless ? "headless" : "window");
        } catch (org.sextant.engine.store.StoreDamagedException e) {
            if (headless || !org.sextant.app.gui.StoreDamagedDialog.askToRecover(e.getMessage())) throw e;
            org.sextant.engine.store.RecoveryReport r = org.sextant.engine.store.StoreRecovery.recover(h, org.sextant.engine.store.RollingBackups.Policy.of(h));
            org.slf4j.LoggerFactory.getLogger(Main.class).warn("recovered the store:\n{}", String.join("\n", r.lines()));
            org.sextant.app.gui.StoreDamagedDialog.showReport(r.lines());
            return AppHost.open(h, "window");
        }
    }

    /** Longest wait for the first chart before the local API starts anyway. */
    private static final long API_WAIT_SECONDS = 10;

    private static void serve(AppHost host) throws java.io.IOException {
        host.serve();
        StartupTimeline.mark("local API");
    }

    private static void log(String line) {
        if (line != null) org.slf4j.LoggerFactory.getLogger(Main.class).info(line);
    }
}
