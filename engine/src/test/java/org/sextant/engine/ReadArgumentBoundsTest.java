package org.sextant.engine;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.engine.forecast.ForecastScan;

/** Every read argument that scales the work is bounded in the facade, with an error naming the field (docs/local-api.md, bounds). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReadArgumentBoundsTest {
    @TempSextant(dowRows = true) private Sextant engine;

    @BeforeAll
    void open() {
        // 3000 business-day closes: enough history for a backtest with many origins
        engine.store().inTransaction(c -> {
            try (var s = c.createStatement()) {
                s.execute("INSERT INTO prices(symbol, date, close, source) SELECT 'SYN', DATE '2000-01-03' + CAST(i * 7 / 5 AS INT), "
                        + "100 * exp(0.0002 * i + 0.01 * sin(i)), 'test' FROM range(3000) t(i)");
                s.execute("INSERT INTO symbols(symbol, name, currency, exchange, first_date, last_date, rows, source) "
                        + "SELECT 'SYN', 'SYN', 'USD', 'NYSE', min(date), max(date), count(*), 'test' FROM prices WHERE symbol = 'SYN'");
            }
            return null;
        });
    }

    private static void refused(String field, Supplier<?> call) {
        SextantException e = assertThrows(SextantException.class, call::get);
        assertEquals("invalid_input", e.failReason(), e.getMessage());
        assertEquals(field, e.field(), e.getMessage());
    }

    @Test
    void aHugeSymbolOrSearchTextIsRefusedNamingTheField() {
        refused("symbol", () -> engine.getClosePrice("A".repeat(1_000_000), null, null));
        refused("query", () -> engine.listSymbols("x".repeat(1_000_000)));
        assertEquals(1, engine.listSymbols("AA").size());
    }

    @Test
    void tooManyLevelsAreRefused() {
        double[] many = new double[1000];
        java.util.Arrays.fill(many, 0.5);
        refused("levels", () -> engine.getForecast("SYN", null, 5, many));
        refused("levels", () -> engine.getBacktestError("SYN", null, 5, null, null, many));
    }

    /** The engine refuses what the schema refuses, so the CLI and the app's own calls get the same answer as the local API. */
    @Test
    void aLevelAskedTwiceOrBelowOneHalfIsRefusedNamingLevels() {
        for (double[] bad : new double[][] {{0.9, 0.9}, {0.8, 0.95, 0.8}, {1e-300}, {0.49}}) {
            refused("levels", () -> engine.getForecast("SYN", null, 5, bad));
            refused("levels", () -> engine.getBacktestError("SYN", null, 5, null, null, bad));
        }
        SextantException twice = assertThrows(SextantException.class, () -> engine.getForecast("SYN", null, 5, new double[] {0.9, 0.9}));
        assertTrue(twice.getMessage().contains("0.9") && twice.fix().contains("distinct"), twice.getMessage() + " / " + twice.fix());
        assertEquals(2, engine.getForecast("SYN", null, 5, new double[] {0.5, 0.9}).forecast().bands().size());
    }

    @Test
    void aBacktestWithMoreOriginsThanTheBoundIsRefusedBeforeAnyFit() {
        refused("origins", () -> engine.getBacktestError("SYN", null, 5, "1", 0.9, null));
    }

    @Test
    void aScanNamingTooManySymbolsIsRefused() {
        List<String> symbols = Collections.nCopies(ForecastScan.Request.MAX_SYMBOLS + 1, "AA");
        refused("symbols", () -> engine.scanForecasts(new ForecastScan.Request(symbols, null, null, null, null, null, null, null, null)));
    }

    @Test
    void theExistingBoundsHold() {
        refused("days", () -> engine.getChartData("SYN", 1_000_000, null, null));
        refused("horizon", () -> engine.getForecast("SYN", null, 100_000, null));
        refused("limit", () -> engine.listRuns(null, 1_000_000));
        refused("top", () -> engine.scanForecasts(new ForecastScan.Request(null, null, null, null, null, 1_000_000, null, null, null)));
        refused("top_k", () -> engine.compareToHistory(java.util.Map.of("top_k", 1_000_000)));
        refused("limit", () -> engine.runSelect("SELECT 1", 1_000_000));
        assertTrue(engine.getClosePrice("SYN", null, null).size() == 3000);
    }
}
