package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.store.StoredForecastBacktest;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.testing.HeldStore;
import org.sextant.engine.testing.TempSextant;

/**
 * The store writes one job at a time: in the Charts view an "As of" day and Run backtest, started while another writing
 * job runs (the other one of the two, or one from the Jobs view or an agent), wait for it to end, say which job they wait
 * for, and start then, instead of being refused with job_busy; so while the symbol's prices are being deleted. Another day,
 * no day or Stop waiting gives a waiting day up, Stop waiting a waiting backtest; a wait past its bound stops, saying so. Another
 * write holds the store ({@link HeldStore}) so the job waited for stays running however fast the machine.
 */
class ChartsWriterWaitTest {
    private static final LocalDate FRIDAY = LocalDate.of(2000, 6, 30);
    /** A bound on a hang, not a speed. */
    private static final Duration GIVE_UP = Duration.ofMinutes(5);

    // duplicates: the view model on a ui thread of its own, opened and closed as each view-model test of the Charts view does
    @TempSextant private Sextant engine;
    private ExecutorService uiThread;
    private ChartsViewModel model;

    @BeforeEach
    void open() throws Exception {
        uiThread = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-ui"));
        model = new ChartsViewModel(engine, null, uiThread);
        model.start().get();
        model.select("IBM").get();
        model.forecastLoad().get();
        model.backtestLoad().get();
    }

    @AfterEach
    void close() throws Exception {
        model.forecastLoad().handle((f, e) -> null).get();
        model.close();
        uiThread.shutdownNow();
    }

    @Test
    void aDayPickedWhileAJobStartedElsewhereWritesWaitsForItAndTheNewestDayStartsOnceItEnded() throws Exception {
        LocalDate second = FRIDAY.plusWeeks(1);
        JobStatus elsewhere;
        try (HeldStore held = HeldStore.hold(engine.store())) {
            // as the Jobs view or an agent starts one: KO's forecast, held at its write
            elsewhere = engine.startForecast(List.of("KO"), null, null, false);
            pickDay(FRIDAY);
            String waits = "The forecast 'IBM' as of " + FRIDAY + " waits for job " + elsewhere.id() + " (KO:";
            until(() -> line().startsWith(waits) || model.asOf().refusedProperty().get());
            assertTrue(asOfLine().startsWith(waits), "said while it waits, not refused: " + asOfLine());
            assertTrue(asOfLine().endsWith(" to end: the store writes one job at a time (at most 10 min)"), asOfLine());
            assertFalse(onUi(() -> model.asOf().refusedProperty().get()));

            pickDay(second); // another day while the first waits: the first is given up, the second waits in its place
            until(() -> line().startsWith("The forecast 'IBM' as of " + second + " waits for job " + elsewhere.id()));
            assertEquals(List.of(), asOfJobs(), "no day's job started while the other job writes");
        }
        PriceForecast shown = model.forecastLoad().get();
        assertEquals(second, shown.origin(), "the newest day's forecast is drawn once the other job ended");
        assertTrue(asOfLine().startsWith("as of " + second + ": 80% band held "), asOfLine());
        JobStatus before = engine.jobs().await(elsewhere.id(), GIVE_UP);
        assertEquals(JobState.SUCCEEDED, before.state(), "the job waited for was left to end");
        List<JobStatus> days = asOfJobs();
        assertEquals(1, days.size(), "none for the day given up: " + days);
        assertTrue(days.get(0).subjects().get(0).endsWith(":as_of=" + second), days.toString());
        assertFalse(days.get(0).createdAt().isBefore(before.finishedAt()), "started once the other one had ended");
    }

    @Test
    void runBacktestWhileTheAsOfDayIsForecastWaitsForItsJobAndRunsOnceItEnded() throws Exception {
        CompletableFuture<StoredForecastBacktest> backtest;
        JobStatus day;
        try (HeldStore held = HeldStore.hold(engine.store())) {
            pickDay(FRIDAY);
            until(() -> !asOfJobs().isEmpty());
            day = asOfJobs().get(0);
            backtest = onUi(model::runBacktest);
            String waits = "The backtest of IBM waits for job " + day.id() + " (IBM:";
            until(() -> model.backtestStatusProperty().get().startsWith(waits) || model.errorProperty().get() != null);
            assertTrue(backtestStatus().startsWith(waits), "said while it waits, not refused: " + backtestStatus() + " / " + onUi(() -> model.errorProperty().get()));
            assertNull(onUi(() -> model.errorProperty().get()));
            assertEquals(List.of(), engine.jobs().list().stream().filter(j -> j.kind().equals("forecast_backtest")).toList(), "not started yet");
        }
        assertNotNull(backtest.get(), "the backtest ran and its overlays were read");
        JobStatus dayEnded = engine.jobs().await(day.id(), GIVE_UP);
        assertEquals(JobState.SUCCEEDED, dayEnded.state(), "the day's forecast was not cancelled for the backtest");
        JobStatus ran = engine.jobs().list().stream().filter(j -> j.kind().equals("forecast_backtest")).findFirst().orElseThrow();
        assertEquals(JobState.SUCCEEDED, ran.state());
        assertFalse(ran.createdAt().isBefore(dayEnded.finishedAt()), "started once the day's job had ended");
        assertEquals("", backtestStatus());
    }

    @Test
    void noDayWhileADayWaitsGivesItUpAndTheLatestForecastStays() throws Exception {
        PriceForecast latest = onUi(() -> model.forecastProperty().get());
        JobStatus elsewhere;
        try (HeldStore held = HeldStore.hold(engine.store())) {
            elsewhere = engine.startForecast(List.of("KO"), null, null, false);
            pickDay(FRIDAY);
            until(() -> line().contains("waits for job " + elsewhere.id()) || model.asOf().refusedProperty().get());
            assertTrue(asOfLine().contains("waits for job " + elsewhere.id()), asOfLine());
            pickDay(null);
        }
        assertEquals(latest.origin(), model.forecastLoad().get().origin(), "the latest forecast again");
        assertEquals(JobState.SUCCEEDED, engine.jobs().await(elsewhere.id(), GIVE_UP).state());
        model.forecastLoad().get();
        assertEquals("", asOfLine());
        assertEquals(List.of(), asOfJobs(), "the day given up never started a job");
    }

    @Test
    void aDayPickedWhileTheSymbolsPricesAreBeingDeletedWaitsForThatAndIsForecastOnceItAnswered() throws Exception {
        // the deletion's mark, as delete_prices holds it while it waits for the writer: the engine names no job, but the change
        try (org.sextant.engine.jobs.Jobs.ChangeUnderWay deleting = engine.jobs().deleting("IBM")) {
            pickDay(FRIDAY);
            String waits = "The forecast 'IBM' as of " + FRIDAY + " waits while the prices of IBM are being deleted (delete_prices): no job on them starts"
                    + " until that has answered (at most 10 min)";
            until(() -> line().equals(waits) || model.asOf().refusedProperty().get());
            assertEquals(waits, asOfLine(), "said while it waits, not refused");
            assertTrue(onUi(() -> model.asOf().waitingProperty().get()), "Stop waiting offered");
            assertEquals(List.of(), asOfJobs(), "no job started under the deletion");
        }
        assertEquals(FRIDAY, model.forecastLoad().get().origin(), "forecast once the deletion answered");
        assertTrue(asOfLine().startsWith("as of " + FRIDAY + ": 80% band held "), asOfLine());
        assertFalse(onUi(() -> model.asOf().waitingProperty().get()));
    }

    @Test
    void stopWaitingGivesUpTheWaitingBacktestAndTheWaitingDayAndNeitherStartsOnceTheOtherJobEnded() throws Exception {
        PriceForecast latest = onUi(() -> model.forecastProperty().get());
        JobStatus elsewhere;
        CompletableFuture<StoredForecastBacktest> backtest;
        try (HeldStore held = HeldStore.hold(engine.store())) {
            elsewhere = engine.startForecast(List.of("KO"), null, null, false);
            backtest = onUi(model::runBacktest);
            until(() -> model.backtestWaitingProperty().get() || model.errorProperty().get() != null);
            assertTrue(backtestStatus().startsWith("The backtest of IBM waits for job " + elsewhere.id()), backtestStatus());
            onUi(() -> { model.stopBacktestWait(); return null; });
            assertEquals("", backtestStatus(), "the wait said no more: Run backtest can be pressed again");
            assertFalse(onUi(() -> model.backtestWaitingProperty().get()));
            assertNull(backtest.get(), "given up, never started");

            pickDay(FRIDAY);
            until(() -> model.asOf().waitingProperty().get() || model.asOf().refusedProperty().get());
            onUi(() -> { model.asOf().stopWaiting(); return null; });
            assertEquals("Stopped waiting: the forecast 'IBM' as of " + FRIDAY + " was not made", asOfLine());
            assertNull(onUi(() -> model.asOf().dayProperty().get()), "the day given up, as Latest does");
            assertFalse(onUi(() -> model.asOf().refusedProperty().get()) || onUi(() -> model.asOf().waitingProperty().get()));
        }
        assertEquals(latest.origin(), model.forecastLoad().get().origin(), "the latest forecast drawn again");
        assertEquals(JobState.SUCCEEDED, engine.jobs().await(elsewhere.id(), GIVE_UP).state());
        Thread.sleep(4 * EngineCalls.JOB_POLL_MILLIS); // a few polls of a wait that would have gone on: none starts its job
        assertEquals(List.of(), engine.jobs().list().stream().filter(j -> !j.id().equals(elsewhere.id()) && j.createdAt().isAfter(elsewhere.createdAt())).toList(),
                "no job started for what was given up");
        assertEquals("Stopped waiting: the forecast 'IBM' as of " + FRIDAY + " was not made", asOfLine(), "the latest forecast leaves the line alone");
    }

    @Test
    void aWaitPastItsBoundStopsSayingSoAndStartsNothing() throws Exception {
        ChartsViewModel bounded = new ChartsViewModel(engine, null, uiThread, Duration.ofMillis(1));
        try {
            bounded.start().get();
            bounded.select("IBM").get();
            bounded.forecastLoad().get();
            bounded.backtestLoad().get();
            JobStatus elsewhere;
            try (HeldStore held = HeldStore.hold(engine.store())) {
                elsewhere = engine.startForecast(List.of("KO"), null, null, false);
                assertNull(onUi(bounded::runBacktest).get(), "given up, never started");
                String error = onUi(() -> bounded.errorProperty().get());
                assertTrue(error.startsWith("The backtest of IBM stopped waiting after 1 ms for job " + elsewhere.id() + " (KO:"), error);
                assertTrue(error.endsWith(" to end: it still runs (the Jobs view can cancel it); press Run backtest to wait again"), error);
                assertEquals("", onUi(() -> bounded.backtestStatusProperty().get()));

                onUi(() -> { bounded.asOf().dayProperty().set(FRIDAY); return null; });
                until(() -> bounded.asOf().refusedProperty().get());
                String line = onUi(() -> bounded.asOf().lineProperty().get());
                assertTrue(line.startsWith("The forecast 'IBM' as of " + FRIDAY + " stopped waiting after 1 ms for job " + elsewhere.id()), line);
                assertTrue(line.endsWith("; type the day again to wait again"), line);
                assertNull(onUi(() -> bounded.asOf().dayProperty().get()), "the day given up");
            }
            assertEquals(JobState.SUCCEEDED, engine.jobs().await(elsewhere.id(), GIVE_UP).state());
            bounded.forecastLoad().get();
            assertEquals(List.of(), engine.jobs().list().stream().filter(j -> !j.id().equals(elsewhere.id()) && j.createdAt().isAfter(elsewhere.createdAt())).toList(),
                    "nothing started once the other job ended");
        } finally {
            bounded.forecastLoad().handle((f, e) -> null).get();
            bounded.close();
        }
    }

    private void pickDay(LocalDate day) throws Exception {
        onUi(() -> { model.asOf().dayProperty().set(day); return null; });
    }

    private String asOfLine() throws Exception {
        return onUi(this::line);
    }

    /** The As of line, read on the ui thread. */
    private String line() {
        return model.asOf().lineProperty().get();
    }

    private String backtestStatus() throws Exception {
        return onUi(() -> model.backtestStatusProperty().get());
    }

    private List<JobStatus> asOfJobs() {
        return engine.jobs().list().stream().filter(j -> j.subjects().get(0).contains(":as_of=")).toList();
    }

    /** Waits until {@code done} holds, read on the ui thread every few ms: the view's state, no duration asserted. */
    private void until(Callable<Boolean> done) throws Exception {
        long giveUp = System.nanoTime() + GIVE_UP.toNanos();
        while (!onUi(done)) {
            if (System.nanoTime() > giveUp) throw new AssertionError("never came: " + asOfLine() + " / " + backtestStatus());
            Thread.sleep(10);
        }
    }

    private <T> T onUi(Callable<T> work) throws Exception {
        return uiThread.submit(work).get();
    }
}
