package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.ForecastScan;
import org.sextant.engine.jobs.IfInterrupted;
import org.sextant.engine.jobs.JobReach;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.research.QueuedBacktestRecheckTest;
import org.sextant.engine.research.StrategyRunRequest;
import org.sextant.engine.testing.HeldStore;
import org.sextant.engine.testing.TempSextant;

/**
 * delete_prices asks the job registry whose prices each queued or running job reads or writes: every kind that can
 * touch a symbol holds off a deletion of it (job_busy naming the job, its kind, and cancel_job), whatever its subjects
 * are called; a job on other symbols does not. Writer jobs are kept running by a held store write (they wait there to
 * store), global training by the reader pool kept busy (it stays queued).
 */
class DeleteUnderJobsTest {
    private static final Duration GENEROUS = Duration.ofMinutes(2);
    @TempSextant private Sextant engine;

    /** Starts the job while another write holds the store, deletes {@code symbol} under it, and returns the refusal. */
    private SextantException refusedUnder(String symbol, Supplier<JobStatus> start, String kind) throws Exception {
        JobStatus job;
        SextantException busy;
        try (HeldStore held = HeldStore.hold(engine.store())) {
            job = start.get();
            busy = assertThrows(SextantException.class, () -> engine.deletePrices(symbol, null));
            engine.jobs().cancel(job.id());
        }
        engine.jobs().await(job.id(), GENEROUS);
        assertBusy(busy, job, kind);
        assertTrue(engine.storedRows(symbol).containsKey("1d"), "nothing deleted");
        return busy;
    }

    private static void assertBusy(SextantException busy, JobStatus job, String kind) {
        assertEquals(FailReason.JOB_BUSY, busy.reason(), busy.getMessage());
        assertEquals(kind, job.kind());
        assertEquals(job.id(), busy.details().get("active_job_id"));
        assertEquals(kind, busy.details().get("active_job_kind"));
        assertTrue(busy.getMessage().startsWith("job " + job.id() + " (" + kind + ", "), busy.getMessage());
        assertTrue(busy.getMessage().endsWith("nothing was deleted"), busy.getMessage());
        assertEquals("wait for job " + job.id() + " to end, or cancel it (cancel_job " + job.id() + "), then delete again", busy.fix());
    }

    /**
     * A job asked for while a deletion of its symbol waits for the store's writer is refused, not started to store what it
     * made of the prices after they went (attack 15, M2); a job on another symbol starts.
     */
    @Test
    void noJobOnASymbolStartsWhileItsPricesAreBeingDeleted() throws Exception {
        Thread deleter;
        java.util.concurrent.atomic.AtomicReference<Object> deleted = new java.util.concurrent.atomic.AtomicReference<>();
        JobStatus other;
        SextantException refused;
        try (HeldStore held = HeldStore.hold(engine.store())) {
            deleter = new Thread(() -> {
                try {
                    deleted.set(engine.deletePrices("KO", null));
                } catch (RuntimeException e) {
                    deleted.set(e);
                }
            });
            deleter.start();
            while (deleter.getState() != Thread.State.TIMED_WAITING) Thread.onSpinWait(); // parked on the write lock, with its wait
            refused = assertThrows(SextantException.class, () -> engine.startForecast(List.of("KO"), "naive", 5, false));
            other = engine.startForecast(List.of("IBM"), "naive", 5, false);
        }
        deleter.join();
        assertEquals(FailReason.JOB_BUSY, refused.reason());
        assertTrue(refused.getMessage().startsWith("the prices of KO are being deleted (delete_prices), and this forecast job"), refused.getMessage());
        assertEquals(java.util.Map.of("changing_symbol", "KO", "change", "delete_prices"), refused.details(), "names what holds it off, as a busy writer's job id");
        assertTrue(deleted.get() instanceof org.sextant.engine.ingest.DeletedPrices, String.valueOf(deleted.get()));
        assertEquals(JobStatus.class, other.getClass());
        engine.jobs().await(other.id(), GENEROUS);
        assertTrue(engine.storedRows("KO").isEmpty(), "KO deleted");
        assertEquals(FailReason.NOT_FOUND, assertThrows(SextantException.class, () -> engine.startForecast(List.of("KO"), "naive", 5, false)).reason(),
                "once answered, a job on KO is refused as one on any unknown symbol, not as busy");
    }

    @Test
    void forecastAndForecastBacktestJobsHoldTheirSymbols() throws Exception {
        SextantException e = refusedUnder("KO", () -> engine.startForecast(List.of("KO"), "naive", 5, false), "forecast");
        assertTrue(e.getMessage().contains("reads or writes the prices of KO"), e.getMessage());
        refusedUnder("KO", () -> engine.startForecastBacktest(List.of("KO"), "naive", 5), "forecast_backtest");
    }

    @Test
    void aScanHoldsItsSymbolsAndAWholeStoreScanEverySymbol() throws Exception {
        refusedUnder("KO", () -> engine.startScan(new ForecastScan.Request(List.of("KO"), "naive", 5, null, null, null, null, null, null)), "scan");
        SextantException all = refusedUnder("IBM", () -> engine.startScan(new ForecastScan.Request(null, "naive", 5, null, null, null, null, null, null)), "scan");
        assertTrue(all.getMessage().contains("reads or writes every symbol's prices"), all.getMessage());
    }

    @Test
    void aStrategyBacktestHoldsItsUniverse() throws Exception {
        StrategyRunRequest r = new StrategyRunRequest("deleting", QueuedBacktestRecheckTest.SPEC, List.of("IBM", "KO"),
                LocalDate.of(2000, 1, 1), LocalDate.of(2001, 12, 31), null, 1);
        refusedUnder("KO", () -> engine.startBacktest(r), "backtest");
    }

    @Test
    void anImportHoldsEverySymbolItsFilesAreReadOnlyAsItRuns(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("OTHERX.csv"), "Date,Close\n2020-01-02,10\n2020-01-03,11\n2020-01-06,12\n");
        SextantException e = refusedUnder("KO", () -> engine.startImport(List.of(file)), "import");
        assertTrue(e.getMessage().contains("every symbol's prices"), e.getMessage());
    }

    @Test
    void aGatherHoldsTheSymbolsItFetches() throws Exception {
        CountDownLatch answer = new CountDownLatch(1);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            try (ex) {
                answer.await(1, TimeUnit.MINUTES); // the provider is slow: the gather is running
                ex.sendResponseHeaders(404, -1);
            } catch (InterruptedException stop) {
                Thread.currentThread().interrupt();
            }
        });
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
        try {
            Files.writeString(engine.home().settingsJson(), "{\"default_provider\": \"slow\", \"providers\": {\"slow\": {\"url_template\": \"http://127.0.0.1:"
                    + server.getAddress().getPort() + "/?s={symbol}\"}}}");
            JobStatus job = engine.startGather(List.of("KO"), null);
            SextantException busy = assertThrows(SextantException.class, () -> engine.deletePrices("KO", null));
            answer.countDown();
            engine.jobs().await(job.id(), GENEROUS);
            assertBusy(busy, job, "gather");
        } finally {
            answer.countDown();
            server.stop(0);
        }
    }

    @Test
    void aGlobalTrainingHoldsEverySymbolEvenQueued() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        // two reader jobs of nothing fill the reader pool: the training waits queued behind them
        List<JobStatus> fillers = List.of(filler(hold), filler(hold));
        JobStatus training = engine.trainGlobalModel(null);
        try {
            SextantException busy = assertThrows(SextantException.class, () -> engine.deletePrices("KO", null));
            assertBusy(busy, training, "global_training");
            assertTrue(busy.getMessage().contains("(global_training, queued) reads or writes every symbol's prices"), busy.getMessage());
        } finally {
            engine.jobs().cancel(training.id());
            hold.countDown();
            for (JobStatus f : fillers) engine.jobs().await(f.id(), GENEROUS);
            engine.jobs().await(training.id(), GENEROUS);
        }
    }

    private JobStatus filler(CountDownLatch hold) {
        return engine.jobs().submit("filler-" + System.nanoTime(), List.of(), false, IfInterrupted.KEEPS_AT_END, Duration.ofMinutes(5), JobReach.of(List.of()), ctx -> {
            hold.await();
            return null;
        });
    }

    @Test
    void aJobOnOtherSymbolsLetsTheDeletionThrough() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        JobStatus other = engine.jobs().submit("forecast", List.of("IBM:naive:5"), true, IfInterrupted.KEEPS_AT_END, Duration.ofMinutes(5), JobReach.of(List.of("IBM")), ctx -> {
            hold.await();
            return null;
        });
        try {
            assertEquals(List.of("1d"), engine.deletePrices("KO", null).deleted().stream().map(d -> d.interval()).toList());
        } finally {
            hold.countDown();
            engine.jobs().await(other.id(), GENEROUS);
        }
    }
}
