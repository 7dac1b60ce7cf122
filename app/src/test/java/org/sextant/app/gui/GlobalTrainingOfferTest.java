package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.home.Settings;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.testing.TempSextant;

/**
 * A chart whose forecast model needs the global model offers to train it, trains it as a job,
 * and then draws that model's forecast; a cancelled training leaves the offer standing.
 */
class GlobalTrainingOfferTest {
    @TempSextant private Sextant engine;
    private ExecutorService uiThread;
    private ChartsViewModel model;

    @BeforeEach
    void open() throws Exception {
        uiThread = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-ui"));
        model = new ChartsViewModel(engine, null, uiThread);
        uiThread.submit(() -> model.applySettings(new Settings("stooq", Settings.defaults().providers(), null, "global", 10, null))).get();
    }

    @AfterEach
    void close() throws Exception {
        model.forecastLoad().handle((f, e) -> null).get();
        model.close();
        uiThread.shutdownNow();
    }

    @Test
    void anUntrainedGlobalModelIsOfferedTrainedAndThenForecasts() throws Exception {
        String symbol = engine.listSymbols(null).get(0).symbol();
        uiThread.submit(() -> model.select(symbol)).get().get();
        ExecutionException failed = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class, () -> model.forecastLoad().get());
        assertTrue(failed.getCause().getMessage().contains("not been trained"), failed.getCause().getMessage());
        assertTrue(onUi(() -> model.globalTraining().neededProperty().get()), "the chart offers the training");

        JobStatus end = uiThread.submit(() -> model.trainGlobalModel()).get().get();
        assertEquals(JobState.SUCCEEDED, end.state(), String.valueOf(end.error()));
        assertEquals("global_training", end.kind());
        PriceForecast f = model.forecastLoad().get(); // forecast again once trained
        assertTrue(f.model().endsWith("global"), f.model());
        assertEquals(10, f.targetDates().size());
        assertFalse(onUi(() -> model.globalTraining().neededProperty().get()));
        assertEquals("", onUi(() -> model.globalTraining().statusProperty().get()));
        assertNull(onUi(() -> model.errorProperty().get()), "the training's success clears the forecast's error");

        // theta needs no global model: no offer, whatever is trained
        uiThread.submit(() -> model.applySettings(new Settings("stooq", Settings.defaults().providers(), null, "theta", 10, null))).get();
        model.forecastLoad().get();
        assertFalse(onUi(() -> model.globalTraining().neededProperty().get()));
    }

    @Test
    void aCancelledTrainingLeavesTheOfferAndSaysSo() throws Exception {
        String symbol = engine.listSymbols(null).get(0).symbol();
        uiThread.submit(() -> model.select(symbol)).get().get();
        model.forecastLoad().handle((f, e) -> null).get();
        java.util.concurrent.CompletableFuture<JobStatus> training = uiThread.submit(() -> model.trainGlobalModel()).get();
        // cancel once the job reports progress (the offer knows its id from the start on)
        org.testfx.util.WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS,
                () -> onUi(() -> model.globalTraining().statusProperty().get()).endsWith("%"));
        uiThread.submit(() -> model.globalTraining().cancel()).get();
        JobStatus end = training.get();
        assertEquals(JobState.CANCELLED, end.state());
        assertTrue(onUi(() -> model.globalTraining().neededProperty().get()), "still untrained: the offer stays");
        assertEquals("global training cancelled", onUi(() -> model.globalTraining().statusProperty().get()));
        assertFalse(onUi(() -> model.globalTraining().runningProperty().get()));
        assertFalse(engine.globalModelTrained(10));
    }

    private <T> T onUi(java.util.concurrent.Callable<T> read) throws Exception {
        return uiThread.submit(read).get();
    }
}
