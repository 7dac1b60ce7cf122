package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.testing.TempSextant;

/**
 * A forecast kept in memory is keyed by the very prices it was made from, not by their count and last close: a change
 * of an older close that reached the store without clearing the kept answers (a fit ending after an import had cleared
 * them keeps its answer under the old prices) was answered with the forecast of the old prices.
 */
class KeptForecastPricesTest {
    @TempSextant private Sextant engine;
    @TempDir Path tmp;

    @Test
    void anOlderCloseChangedBehindTheCacheIsForecastAgain() throws Exception {
        StringBuilder csv = new StringBuilder("Date,Close\n");
        LocalDate d = LocalDate.of(2020, 1, 1);
        for (int i = 0; i < 300; i++, d = d.plusDays(1)) csv.append(d).append(',').append(100 + 5 * Math.sin(i / 7.0) + 0.01 * i).append('\n');
        engine.importPrices(List.of(Files.writeString(tmp.resolve("KEPT.csv"), csv)));
        PriceForecast before = engine.getForecast("KEPT", "drift", 5, null, null);
        assertSame(before, engine.getForecast("KEPT", "drift", 5, null, null), "asked again: the answer already made");

        update("UPDATE prices SET close = close * 1.3, adj_close = adj_close * 1.3 WHERE symbol = 'KEPT' AND date < DATE '2020-06-01'");
        PriceForecast now = engine.getForecast("KEPT", "drift", 5, null, null);
        assertEquals(before.lastClose(), now.lastClose(), 0.0, "the count and the last close are unchanged");
        assertFalse(Arrays.equals(before.forecast().median(), now.forecast().median()), "the drift runs from the first close");
        PriceForecast fresh = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"))
                .forecast("KEPT", "drift", 5, null, null);
        assertArrayEquals(fresh.forecast().median(), now.forecast().median(), 0.0);
    }

    @Test
    void anOlderBarChangedBehindTheCacheIsForecastAgain() {
        BarForecast before = engine.getForecast("USDCHF", "4h", "drift", 5, null, null);
        assertSame(before, engine.getForecast("USDCHF", "4h", "drift", 5, null, null), "asked again: the answer already made");

        update("UPDATE bars SET close = close * 1.3 WHERE symbol = 'USDCHF' AND ts < (SELECT max(ts) - INTERVAL 30 DAY FROM bars WHERE symbol = 'USDCHF')");
        BarForecast now = engine.getForecast("USDCHF", "4h", "drift", 5, null, null);
        assertEquals(before.forecast().lastClose(), now.forecast().lastClose(), 0.0, "the count and the last close are unchanged");
        assertFalse(Arrays.equals(before.forecast().forecast().median(), now.forecast().forecast().median()),
                "the drift runs from the first bar");
        BarForecast fresh = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"))
                .forecastBars("USDCHF", "4h", "drift", 5, null, null);
        assertArrayEquals(fresh.forecast().forecast().median(), now.forecast().forecast().median(), 0.0);
    }

    /** A change of the stored prices that the engine is not told of. */
    private void update(String sql) {
        engine.store().inTransaction(c -> {
            try (Statement st = c.createStatement()) {
                st.execute(sql);
            }
            return null;
        });
    }
}
