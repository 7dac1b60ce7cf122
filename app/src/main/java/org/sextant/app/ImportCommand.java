package org.sextant.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.sextant.contract.FailReason;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.ingest.ImportReport;
import org.sextant.engine.ingest.OpenWaits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Import CSV or Parquet price files in one transaction.",
                "The CSV layout (Yahoo, Stooq, wide, long) is detected; a file that fails leaves the store as it was.",
                "A file slow to open (a network or cloud drive) is named on stderr while the import waits for it; Ctrl-C or --timeout stops the import, and nothing is written.",
                "While an app holds the store the app runs the import: stderr says so once the command has waited 2 s for its answer."})
final class ImportCommand extends HomeCommand {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "CSV or Parquet files") List<Path> files;

    @Option(names = "--timezone", description = "time zone of bar times written without one, e.g. America/New_York or +05:00 (default UTC; stored in UTC)")
    String timezone;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "stop the import after this many seconds (default: no limit); it is rolled back, nothing is written")
    Integer timeout;

    /** How long Ctrl-C waits for the import to roll back before the command ends anyway (its next check comes within 2 s). */
    static final long ROLLBACK_WAIT_SECONDS = 30;

    @Override
    public Integer call() {
        if (timeout != null && timeout < 1) {
            throw SextantException.invalid("--timeout", "--timeout must be at least 1 second, not " + timeout,
                    "give the seconds the import may take, e.g. --timeout 600, or leave it out for no limit");
        }
        List<String> paths = files.stream().map(f -> requireFile(f, "FILE", java.nio.file.Files.isDirectory(f) && !f.toString().isBlank()
                ? "the files in it, e.g. " + f.resolve("*.csv") : "CSV or Parquet price files").toString()).toList();
        CallArguments args = new CallArguments().put("paths", "FILE", paths).putGiven("timezone", "--timezone", timezone);
        AtomicReference<String> stopped = new AtomicReference<>();
        CountDownLatch ended = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            stopped.compareAndSet(null, "was interrupted (Ctrl-C)");
            try {
                ended.await(ROLLBACK_WAIT_SECONDS, TimeUnit.SECONDS); // the JVM exits once this returns: let the import roll back first
            } catch (InterruptedException ignored) {
                // exiting anyway
            }
        }, "sextant-import-ctrl-c");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        Thread deadline = timeout == null ? null : new Thread(() -> {
            try {
                Thread.sleep(TimeUnit.SECONDS.toMillis(timeout));
                stopped.compareAndSet(null, "ran past its --timeout of " + timeout + " s");
            } catch (InterruptedException done) {
                // the import ended first
            }
        }, "sextant-import-timeout");
        if (deadline != null) {
            deadline.setDaemon(true);
            deadline.start();
        }
        Set<Path> told = ConcurrentHashMap.newKeySet();
        WaitNotice handedOver = new WaitNotice(System.err::println);
        try (handedOver) {
            ImportReport report = Json.MAPPER.treeToValue(OpenWaits.telling(file -> {
                if (told.add(file)) System.err.println(waiting(file));
            }, () -> {
                try {
                    return callEngine("import_prices", args, () -> stopped.get() != null, app -> handedOver.waitingFor(app == null ? null : waitingForApp(app)));
                } finally {
                    handedOver.waitingFor(null); // answered: nothing left to wait for
                }
            }), ImportReport.class);
            System.out.print(ImportSummary.render(report));
            return 0;
        } catch (CancellationException e) {
            if (stopped.get() == null) throw e;
            throw new SextantException(FailReason.TIMEOUT, "the import " + stopped.get() + " and was rolled back: nothing was written", null,
                    told.isEmpty() ? "run it again" + (timeout == null ? "" : " with a longer --timeout")
                            : "copy " + told.iterator().next().getFileName() + " to a local disk first (its drive was slow to open it), or run it again"
                                    + (timeout == null ? "" : " with a longer --timeout"));
        } finally {
            ended.countDown();
            if (deadline != null) deadline.interrupt();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException exiting) {
                // Ctrl-C: the hook is running
            }
        }
    }

    /**
     * What stderr says while the running app, which holds the store, runs the import: it opens the files (a slow one is not
     * named here) and may first wait for the store's writer while a job of its own writes.
     */
    static String waitingForApp(org.sextant.contract.AppFile app) {
        return "sextant import: handed to the running app (pid " + app.pid() + "), which holds the store; waiting for its answer (it may wait for the store"
                + " while one of its jobs writes, or for a file slow to open); Ctrl-C stops the import, and nothing is written";
    }

    /** What stderr says while an import waits to open {@code file}. */
    static String waiting(Path file) {
        return "sextant import: waiting to open " + org.sextant.contract.ShownText.escaped(file.toString())
                + " (a file on a network or cloud drive can be slow to open); Ctrl-C stops the import, and nothing is written";
    }
}
