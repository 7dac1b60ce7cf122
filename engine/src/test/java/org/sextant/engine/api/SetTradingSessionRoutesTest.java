package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.Capabilities;
import org.sextant.contract.FailReason;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.TradingSession;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * set_trading_session: Berlin hourly bars read as UTC were given the 24x5 fx session (now eu_equity, as their hours fall in
 * Berlin's), and the only documented fix was SQL on symbol_sessions, which read-only SQL refuses. Setting us_equity changes
 * what reads annualise with at once (no cache keeps
 * the old figure); stored forecast results are counted as made along the old session, not recomputed.
 */
class SetTradingSessionRoutesTest {
    @TempSextant private Sextant engine;

    private JsonNode call(String json) {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall("set_trading_session", Json.MAPPER.readTree(json))));
    }

    private SextantException refused(String json) {
        return assertThrows(SextantException.class, () -> call(json));
    }

    @Test
    void settingASessionChangesWhatReadsAnnualiseWith(@TempDir Path dir) throws Exception {
        StringBuilder csv = new StringBuilder("datetime,symbol,close\n");
        for (LocalDate d = LocalDate.of(2024, 1, 2); d.isBefore(LocalDate.of(2024, 1, 20)); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            for (LocalDateTime t = d.atTime(9, 0); t.isBefore(d.atTime(17, 0)); t = t.plusHours(1)) {
                csv.append(t.toString().replace('T', ' ')).append(":00,BER,").append(100 + t.getHour() * 0.5 + d.getDayOfMonth() * 0.1).append('\n');
            }
        }
        engine.importPrices(List.of(Files.writeString(dir.resolve("ber.csv"), csv)));
        assertEquals(2142, engine.getBars("BER", "1h", null, null).barsPerYear(), 1e-9, "guessed eu_equity: 252 days x 8.5 h");
        engine.store().inTransaction(c -> c.createStatement().executeUpdate(
                "INSERT INTO forecast_backtests (symbol, model, horizon, origins, result) VALUES ('BER', 'naive', 3, 'monthly', '{}')"));

        JsonNode set = call("{\"symbol\":\"ber\",\"session\":\"us_equity\"}");
        assertEquals("BER", set.get("symbol").asString());
        assertEquals("us_equity", set.get("session").asString());
        assertEquals("eu_equity", set.get("was").asString());
        assertTrue(set.get("note").asString().startsWith("1 stored forecast result of BER (forecasts, forecast backtests) was made along the old session"),
                set.toString());
        assertEquals(1638, engine.getBars("BER", "1h", null, null).barsPerYear(), 1e-9, "us_equity: 252 days x 6.5 h");

        JsonNode again = call("{\"symbol\":\"BER\",\"session\":\"us_equity\"}");
        assertEquals("us_equity", again.get("was").asString());
        assertTrue(again.get("note") == null || again.get("note").isNull(), "the same session again changes nothing: " + again);
    }

    @Test
    void anUnknownSymbolOrSessionIsRefusedNamingTheField() {
        SextantException unknown = refused("{\"symbol\":\"NOSUCH\",\"session\":\"fx\"}");
        assertEquals(FailReason.NOT_FOUND, unknown.reason());
        assertEquals("session", refused("{\"symbol\":\"NOSUCH\",\"session\":\"asia_equity\"}").field());
        assertEquals("session", refused("{\"symbol\":\"NOSUCH\",\"session\":\"FX\"}").field(), "sessions are lower case, as stored");
        assertEquals("symbol", refused("{\"session\":\"fx\"}").field());
    }

    /** The contract's schema lists the sessions the engine knows: a session added to one and not the other would be refused or unread. */
    @Test
    void theContractNamesTheEnginesSessions() {
        assertEquals(java.util.stream.Stream.concat(Arrays.stream(TradingSession.values()).map(TradingSession::label), java.util.stream.Stream.of(TradingSession.XETRA)).sorted().toList(),
                Capabilities.TRADING_SESSIONS.stream().sorted().toList());
        assertNull(TradingSession.named("asia_equity"));
    }
}
