package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
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
}
