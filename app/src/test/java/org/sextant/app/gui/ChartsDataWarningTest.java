package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.store.StoredForecastBacktest;
import org.sextant.engine.testing.TempSextant;

/**
 * The Charts view's data warning without a screen: the live forecast's data_warning (daily closes dated weekly; bars with
 * a probable split), then the backtest's (stored, or a walk-forward of bars), each text once, gone with another symbol.
 */
class ChartsDataWarningTest {
    @TempSextant private Sextant engine;
    @TempDir Path files;
    private ExecutorService uiThread;
    private ChartsViewModel model;

    @BeforeEach
    void open() throws Exception {
        WarnedPrices.importInto(engine, files);
        uiThread = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-ui"));
        model = new ChartsViewModel(engine, null, uiThread);
        model.start().get();
    }

    @AfterEach
    void close() throws Exception {
        model.forecastLoad().handle((f, e) -> null).get();
        model.barForecastLoad().handle((f, e) -> null).get();
        model.close();
        uiThread.shutdownNow();
    }

    @Test
    void weeklyClosesAreWarnedWithTheirForecastAndTheirStoredBacktestOnceAndNotForTheNextSymbol() throws Exception {
        String expected = engine.outlierWarning("WEEKX", null); // what get_forecast's data_warning says
        assertTrue(expected.startsWith("WEEKX: its 150 daily closes are dated a median 7 days apart"), expected);

        onUi(() -> model.select("WEEKX")).get();
        model.forecastLoad().get();
        assertNotNull(onUi(() -> model.forecastProperty().get()));
        assertEquals(expected, onUi(() -> model.dataWarningProperty().get()), "the live forecast's warning");

        StoredForecastBacktest stored = onUi(model::runBacktest).get();
        assertNotNull(stored.result(), "the run stored a backtest");
        assertEquals(expected, stored.dataWarning(), "the stored backtest, read back, carries the warning of its closes");
        assertEquals(expected, onUi(() -> model.dataWarningProperty().get()), "one text, not the forecast's and the backtest's twice");

        onUi(() -> model.select("DAYX")).get();
        model.forecastLoad().get();
        model.backtestLoad().get();
        assertNull(onUi(() -> model.dataWarningProperty().get()), "the daily symbol has none");
        assertNull(model.errorProperty().get());
    }

    @Test
    void barsWithAProbableSplitAreWarnedWithTheirForecastAndTheirWalkForward() throws Exception {
        onUi(() -> model.select("STEPH")).get(); // bars only: by bar index at their finest stored interval
        model.barForecastLoad().get();
        assertEquals("1h", onUi(() -> model.intervalProperty().get()));
        String expected = engine.outlierWarning("STEPH", "1h");
        assertTrue(expected.startsWith("STEPH: probable unadjusted split(s): on ") && expected.contains("a 2:3 reverse split"), expected);
        assertEquals(expected, onUi(() -> model.dataWarningProperty().get()), "the bar forecast's warning");

        StoredForecastBacktest walk = onUi(model::runBacktest).get();
        assertEquals(engine.barBacktestOverlays("STEPH", "1h", model.forecastModel(), model.forecastHorizon(), null).dataWarning(), walk.dataWarning());
        assertEquals(expected, walk.dataWarning(), "the walk-forward's warning, from the bars it read");
        assertEquals(walk, onUi(() -> model.backtestProperty().get()), "the walk-forward in the error table");
        assertEquals(expected, onUi(() -> model.dataWarningProperty().get()), "one text");

        onUi(() -> model.select("DAYX")).get();
        model.forecastLoad().get();
        model.backtestLoad().get();
        assertNull(onUi(() -> model.dataWarningProperty().get()), "another symbol: its own warning, none");
    }

    @Test
    void distinctWarningsAreJoinedOnceInOrder() {
        assertNull(ChartsViewModel.joined(null, null));
        assertNull(ChartsViewModel.joined(" ", null));
        assertEquals("a", ChartsViewModel.joined("a", "a"));
        assertEquals("a. b", ChartsViewModel.joined(null, "a", "b", "a"));
    }

    private <T> T onUi(java.util.concurrent.Callable<T> work) throws Exception {
        return uiThread.submit(work).get();
    }
}
