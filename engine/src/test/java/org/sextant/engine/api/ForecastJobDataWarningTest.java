package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * A forecast job's result (start_forecast, with its stored backtest) carries each symbol's data_warning, word for word as
 * get_forecast's: a weekly symbol stored as daily prices and an unadjusted split are named, the daily symbol beside them not.
 */
class ForecastJobDataWarningTest {
    @TempSextant private Sextant engine;

    private JsonNode call(String method, String json) {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
    }

    @Test
    void aForecastBacktestJobsResultCarriesEachSymbolsDataWarning(@TempDir Path dir) throws Exception {
        SplitWarningRoutesTest.splitx(dir.resolve("SPLITX.csv"));
        engine.importPrices(List.of(PeriodicClosesRoutesTest.mixed(dir.resolve("mixed.csv")), dir.resolve("SPLITX.csv")));
        JsonNode job = call("start_forecast", "{\"symbols\":[\"WEEKX\",\"SPLITX\",\"DAYX\"],\"model\":\"naive\",\"horizon\":5,\"backtest\":true}");
        JobStatus done = engine.jobs().await(job.get("id").asString(), Duration.ofMinutes(5));
        assertEquals(JobState.SUCCEEDED, done.state(), String.valueOf(done.explained()));
        JsonNode result = Json.MAPPER.valueToTree(done.result());
        for (String symbol : List.of("WEEKX", "SPLITX")) {
            String w = call("get_forecast", "{\"symbol\":\"" + symbol + "\",\"horizon\":5}").get("data_warning").asString();
            assertTrue(result.get(symbol).has("backtest"), result.get(symbol).toString());
            assertEquals(w, result.get(symbol).path("data_warning").asString(null), symbol);
        }
        assertTrue(result.get("WEEKX").get("data_warning").asString().contains("a median 7 days apart"));
        assertTrue(result.get("SPLITX").get("data_warning").asString().startsWith("SPLITX: probable unadjusted split(s)"));
        assertFalse(result.get("DAYX").has("data_warning"), result.get("DAYX").toString());
    }

    /** The stored backtest the Charts view reads back carries the warning of the closes it was run on, as get_forecast words it; none for the daily symbol. */
    @Test
    void aStoredBacktestReadBackCarriesTheDataWarningOfItsCloses(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(PeriodicClosesRoutesTest.mixed(dir.resolve("mixed.csv"))));
        JsonNode job = call("start_forecast", "{\"symbols\":[\"WEEKX\",\"DAYX\"],\"model\":\"naive\",\"horizon\":5,\"backtest\":true}");
        JobStatus done = engine.jobs().await(job.get("id").asString(), Duration.ofMinutes(5));
        assertEquals(JobState.SUCCEEDED, done.state(), String.valueOf(done.explained()));
        var weekly = engine.backtestOverlays("WEEKX", "naive", 5, null, null);
        assertTrue(weekly.result() != null && !weekly.forecasts().isEmpty(), "a stored backtest of WEEKX");
        assertEquals(call("get_forecast", "{\"symbol\":\"WEEKX\",\"horizon\":5}").get("data_warning").asString(), weekly.dataWarning());
        var daily = engine.backtestOverlays("DAYX", "naive", 5, null, null);
        assertTrue(daily.result() != null, "a stored backtest of DAYX");
        assertEquals(null, daily.dataWarning(), "the daily symbol's closes");
    }
}
