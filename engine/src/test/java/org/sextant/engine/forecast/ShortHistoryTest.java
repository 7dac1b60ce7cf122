package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * A symbol too short for a model is refused naming the symbol, an argument the caller gave; the
 * refusal named "history", which get_forecast and get_backtest_error take no such argument as.
 */
class ShortHistoryTest {
    @TempSextant private Sextant engine;

    @Test
    void aSymbolTooShortForTheModelIsRefusedNamingTheSymbol(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(Files.writeString(dir.resolve("TINY.csv"), "Date,Close\n2020-01-02,10\n2020-01-03,10.5\n2020-01-06,10.2\n")));
        SextantException live = assertThrows(SextantException.class, () -> engine.getForecast("TINY", "ets", 5, null));
        assertEquals("symbol", live.field());
        assertTrue(live.getMessage().startsWith("TINY: model ") && live.getMessage().contains("needs at least"), live.getMessage());
        SextantException walk = assertThrows(SextantException.class, () -> engine.getBacktestError("TINY", "naive", 5, null, null, null));
        assertEquals("symbol", walk.field(), walk.getMessage());
        // the figures and what to change (attack 12, L4): it named neither, "use a longer series or closer origins"
        assertEquals("TINY: no forecast origin fits: of its 3 closes the last 2 are evaluated (eval_fraction) and origins monthly falls on none of them",
                walk.getMessage());
        assertEquals("set origins to a number of closes, e.g. 1 (an origin every that many of the 2 closes evaluated),"
                + " or a larger eval_fraction, or use a longer series", walk.fix());
        // the count the fix names, sent as agents send a count (a JSON number) or as text: the same walk-forward
        StringBuilder forty = new StringBuilder("Date,Close\n");
        for (int i = 0; i < 40; i++) forty.append(java.time.LocalDate.of(2020, 2, 3).plusDays(i)).append(',').append(10 + i % 7).append('\n');
        engine.importPrices(List.of(Files.writeString(dir.resolve("FORTY.csv"), forty.toString())));
        org.sextant.engine.api.ApiRoutes routes = new org.sextant.engine.api.ApiRoutes(engine, java.util.Map::of);
        Object asNumber = routes.dispatch(call("{\"symbol\":\"FORTY\",\"model\":\"naive\",\"horizon\":1,\"origins\":1}"));
        Object asText = routes.dispatch(call("{\"symbol\":\"FORTY\",\"model\":\"naive\",\"horizon\":1,\"origins\":\"1\"}"));
        assertEquals(org.sextant.engine.Json.MAPPER.valueToTree(asText), org.sextant.engine.Json.MAPPER.valueToTree(asNumber));
        for (String bad : List.of("0", "1.5", "\"daily\"")) {
            SextantException refused = assertThrows(SextantException.class,
                    () -> routes.dispatch(call("{\"symbol\":\"FORTY\",\"origins\":" + bad + "}")), bad);
            assertEquals("origins", refused.field(), bad);
        }
    }

    private static org.sextant.engine.api.ApiCall call(String json) throws Exception {
        return new org.sextant.engine.api.ApiCall("get_backtest_error", org.sextant.engine.Json.MAPPER.readTree(json));
    }
}
