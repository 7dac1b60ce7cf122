package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.OutlierWarningReadsTest;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/** One close stored 100 times too large (a bad tick) is named in the forecast answers' data_warning; the forecast is as the stored closes make it. */
class OutlierWarningRoutesTest {
    @TempSextant private Sextant engine;

    private JsonNode call(String method, String json) {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
    }

    @Test
    void aBadTickIsNamedByDateInForecastBacktestAndChart() {
        String forecast = "{\"symbol\":\"KO\",\"horizon\":5,\"calibration\":\"model\"}", backtest = "{\"symbol\":\"KO\",\"horizon\":5,\"origins\":\"250\"}";
        assertFalse(call("get_forecast", forecast).has("data_warning"), "the sample as it is");
        engine.store().inTransaction(c -> {
            try (java.sql.Statement s = c.createStatement()) {
                s.execute("UPDATE prices SET close = close * 100, adj_close = adj_close * 100 WHERE symbol = 'KO' AND date = DATE '1995-06-15'");
            }
            return null;
        });
        JsonNode f = call("get_forecast", forecast);
        String w = f.get("data_warning").asString();
        assertTrue(w.startsWith("KO: 1 close(s) jump and fall straight back, as a bad tick does: 1995-06-15 (close "), w);
        assertTrue(w.contains("the one before, log return +4.6"), w);
        assertEquals(5, f.get("forecast").get("median").size(), "only a warning: the forecast is still made");
        assertEquals(w, call("get_backtest_error", backtest).get("data_warning").asString());
        assertEquals(w, call("get_chart_data", "{\"symbol\":\"KO\",\"days\":30}").get("data_warning").asString());
        assertTrue(call("get_forecast", forecast.replace("}", ",\"interval\":\"1d\"}")).has("data_warning"));
    }

    /** A scan ranks a symbol whose closes hold a bad tick, its row carrying the warning; a clean symbol's row has none (null). */
    @Test
    void aScanRowCarriesTheBadTickWarning() {
        engine.store().inTransaction(c -> {
            try (java.sql.Statement s = c.createStatement()) {
                s.execute("UPDATE prices SET close = close * 100, adj_close = adj_close * 100 WHERE symbol = 'KO' AND date = DATE '1995-06-15'");
            }
            return null;
        });
        JsonNode scan = call("scan_forecasts", "{\"symbols\":[\"KO\",\"IBM\"],\"model\":\"naive\",\"horizon\":5,\"top\":5}");
        assertEquals(2, scan.get("rows").size(), scan.toString());
        for (JsonNode row : scan.get("rows")) {
            JsonNode w = row.get("data_warning");
            assertTrue(w != null, "every row has the field: " + row);
            if (row.get("symbol").asString().equals("IBM")) assertTrue(w.isNull(), row.toString());
            else assertEquals(call("get_forecast", "{\"symbol\":\"KO\",\"model\":\"naive\",\"horizon\":5,\"calibration\":\"model\"}")
                    .get("data_warning").asString(), w.asString(), "the closes up to the scan's start hold the same bad tick");
        }
    }

    /** The warning is kept per version of the store's data: a re-import that moves or mends the bad close is warned about afresh. */
    @Test
    void aReimportChangesTheKeptWarning(@TempDir Path dir) throws Exception {
        String forecast = "{\"symbol\":\"TICK\",\"horizon\":5,\"calibration\":\"model\"}", chart = forecast.replace("}", ",\"days\":30}");
        engine.importPrices(List.of(OutlierWarningReadsTest.tick(dir, LocalDate.of(2020, 3, 16))));
        String w = call("get_forecast", forecast).get("data_warning").asString();
        assertTrue(w.startsWith("TICK: 1 close(s) jump and fall straight back, as a bad tick does: 2020-03-16 (close "), w);
        assertEquals(w, call("get_chart_data", chart).get("data_warning").asString(), "the same version: the kept warning");
        engine.importPrices(List.of(OutlierWarningReadsTest.tick(dir, LocalDate.of(2020, 5, 15))));
        String moved = call("get_forecast", forecast).get("data_warning").asString();
        assertTrue(moved.contains(": 2020-05-15 (close "), moved);
        engine.importPrices(List.of(OutlierWarningReadsTest.tick(dir, null)));
        assertFalse(call("get_forecast", forecast).has("data_warning"), "mended");
        assertFalse(call("get_chart_data", chart).has("data_warning"), "mended");
    }
}
