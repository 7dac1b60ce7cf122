package org.sextant.app.gui;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.ScanRow;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.store.StoredForecastBacktest;
import org.sextant.engine.jobs.JobState;

/** The Scans and Charts view models' forecast state against a real engine, without a screen. */
class ScansViewModelTest {
    /** Liveness guard for background work, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 300;

    @TempSextant private Sextant engine;
    private ExecutorService uiThread;

    @BeforeEach
    void open() {
        uiThread = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-ui"));
    }

    @AfterEach
    void close() {
        uiThread.shutdownNow();
    }

    /** A ranked row whose closes hold a bad tick is named in the status line and marked in the table; a clean one is not. */
    @Test
    void aRowWithADataWarningIsNamedAndMarked() {
        ScanRow clean = row("IBM", null), ticked = row("KO", "KO: 1 close(s) jump and fall straight back, as a bad tick does: 1995-06-15 (…)");
        assertEquals("", ScansViewModel.warnedText(List.of(clean)));
        assertEquals("; data warning: KO (a bad tick in its closes; the row's tooltip names it)", ScansViewModel.warnedText(List.of(clean, ticked)));
        assertEquals("IBM", ScansView.symbolText(clean));
        assertEquals("KO \u26a0", ScansView.symbolText(ticked));
    }

    /**
     * A row of a symbol trading another week (or whose week changed) counted its horizon in its own days: the status line names
     * it and its tooltip says what it counted, beside a data warning when there is one; a weekday row has no such tooltip.
     */
    @Test
    void aRowOfAnotherWeekIsNamedAndItsTooltipSaysWhatItsHorizonCounted() {
        String note = "20 trading days (Sunday to Thursday); its week changed: it last traded a Saturday on 2013-06-22, and is read from 2013-06-23 on";
        ScanRow ibm = row("IBM", null), tasi = row("TASI", "TASI: a bad tick", note);
        assertEquals("", ScansViewModel.weekText(List.of(ibm)));
        assertEquals("; own week: TASI (the row's tooltip says what its horizon counted)", ScansViewModel.weekText(List.of(ibm, tasi)));
        assertNull(ScansView.tipText(ibm));
        assertEquals("TASI: a bad tick\nHorizon: " + note, ScansView.tipText(tasi));
        assertEquals("Horizon: " + note, ScansView.tipText(row("TASI", null, note)));
    }

    /** A scan whose whole result left the registry's memory (hundreds of jobs ended since) ends naming its job, not with a crash. */
    @Test
    void aScanWhoseRankingLeftMemoryEndsNamingItsJob() throws Exception {
        try (ScansViewModel model = new ScansViewModel(engine, null, uiThread)) {
            java.time.Instant t = java.time.Instant.now();
            org.sextant.engine.jobs.JobStatus ended = new org.sextant.engine.jobs.JobStatus("scan-1a2b3c4d", "scan", List.of("IBM"), false, null,
                    org.sextant.engine.jobs.JobState.SUCCEEDED, 1, "done", t, t, t, null, null, null, null, java.util.Map.of("rows", List.of()), false, null);
            java.util.concurrent.CompletableFuture<List<ScanRow>> out = new java.util.concurrent.CompletableFuture<>();
            model.finish(ended, out); // as the record read back gives it: a map, not a ScanResult
            assertEquals(List.of(), out.get());
            assertTrue(model.statusProperty().get().contains("job scan-1a2b3c4d's record has it"), model.statusProperty().get());
        }
    }

    private static ScanRow row(String symbol, String dataWarning) {
        return row(symbol, dataWarning, null);
    }

    private static ScanRow row(String symbol, String dataWarning, String weekNote) {
        java.time.LocalDate day = java.time.LocalDate.of(2020, 1, 3);
        return new ScanRow(symbol, 100, day, 0.01, day.plusDays(28), 1.2, 0.1, 0.08, 1.1, 0.2, 0.18, 1.0, 0.3, 0.3, null, null, null, "conformal", 500, null,
                dataWarning, weekNote);
    }

    @Test
    void aScanFiltersByTheMinimumAndRanksBestFirst() throws Exception {
        try (ScansViewModel model = new ScansViewModel(engine, null, uiThread)) {
            uiThread.submit(() -> {
                model.modelProperty().set("naive");
                model.levelProperty().set(99);
                model.minRewardRiskProperty().set("1.5");
                model.topProperty().set(1000);
            }).get();
            List<ScanRow> rows = uiThread.submit(model::scan).get().get();
            assertTrue(!rows.isEmpty(), "some symbols reach 1.5 at 99%");
            for (ScanRow r : rows) assertTrue(r.rewardRisk99() == null || r.rewardRisk99() >= 1.5, r.toString());
            for (int i = 1; i < rows.size(); i++) {
                assertTrue(value(rows.get(i - 1).rewardRisk99()) >= value(rows.get(i).rewardRisk99()), "best first");
            }
            assertEquals(rows, uiThread.submit(() -> List.copyOf(model.rows())).get());
            assertEquals(1.0, model.progressProperty().get());
            assertNull(model.errorProperty().get());
            String status = uiThread.submit(() -> model.statusProperty().get()).get();
            assertTrue(status.contains("; skipped: ") && status.contains("USDCHF (only bars at 30m: scans rank daily prices"),
                    "the status says why USD/CHF is not ranked: " + status);
        }
    }

    @Test
    void aBadMinimumIsRefusedBeforeAnyJob() throws Exception {
        try (ScansViewModel model = new ScansViewModel(engine, null, uiThread)) {
            uiThread.submit(() -> model.minRewardRiskProperty().set("high")).get();
            ExecutionException e = assertThrows(ExecutionException.class, () -> uiThread.submit(model::scan).get().get());
            assertTrue(model.errorProperty().get().contains("reward/risk"), model.errorProperty().get());
            assertTrue(engine.jobs().list().isEmpty());
            assertTrue(e.getCause() instanceof org.sextant.engine.SextantException);
        }
    }

    @Test
    void cancelStopsTheRunningScanJob() throws Exception {
        try (ScansViewModel model = new ScansViewModel(engine, null, uiThread)) {
            CompletableFuture<List<ScanRow>> scan = uiThread.submit(model::scan).get();
            // before its first symbol is done the bar moves without a share (indeterminate), never sits at 0
            assertEquals(javafx.scene.control.ProgressIndicator.INDETERMINATE_PROGRESS, uiThread.submit(() -> model.progressProperty().get()).get());
            // the job reports each symbol before computing it: past 0, it is on its second symbol of many
            for (int i = 0; i < GIVE_UP_SECONDS * 200 && uiThread.submit(() -> model.progressProperty().get()).get() <= 0; i++) {
                Thread.sleep(5);
            }
            assertTrue(uiThread.submit(() -> model.progressProperty().get()).get() > 0, "the scan reported its progress");
            uiThread.submit(model::cancel).get();
            // the cancel is acknowledged at once, while the job reaches its next checkpoint
            String stopping = uiThread.submit(() -> model.statusProperty().get()).get();
            assertTrue(stopping.startsWith("stopping…") || stopping.equals("scan cancelled"), stopping);

            List<ScanRow> ranked = scan.get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
            assertTrue(ranked == null, "a cancelled scan ranks nothing, not " + (ranked == null ? 0 : ranked.size()) + " rows");
            assertEquals("scan cancelled", uiThread.submit(() -> model.statusProperty().get()).get());
            assertFalse(uiThread.submit(() -> model.runningProperty().get()).get());
            assertEquals(JobState.CANCELLED, engine.jobs().list().get(0).state(), "the engine's job stopped, not just the view");
            assertNull(model.errorProperty().get());
        }
    }

    @Test
    void theChartsModelLoadsTheStoredBacktestAfterTheForecast() throws Exception {
        engine.storeForecastBacktest("IBM", null, null, null, 0.2, null); // a forecast job stores backtests; reads compute only
        try (ChartsViewModel charts = new ChartsViewModel(engine, null, uiThread)) {
            uiThread.submit(() -> charts.select("IBM")).get();
            StoredForecastBacktest shown = uiThread.submit(charts::backtestLoad).get().get();
            StoredForecastBacktest expected = engine.backtestOverlays("IBM", null, null, null, null);
            assertEquals(expected.forecasts().size(), shown.forecasts().size());
            assertEquals(expected.result().male(), shown.result().male(), 0);
            assertEquals(3, ChartsViewModel.levelErrors(shown).size());
            assertEquals(20, ChartsViewModel.stepErrors(shown).size());
            assertTrue(ChartsViewModel.backtestHeadline(shown).contains(shown.result().origins() + " monthly origins"));
            String legend = uiThread.submit(() -> charts.forecastSummaryProperty().get()).get();
            assertTrue(legend.contains("conformal bands, coverage 80%: "), "coverage beside the bands: " + legend);
        }
    }

    private static double value(Double v) {
        return v == null ? Double.POSITIVE_INFINITY : v;
    }
}
