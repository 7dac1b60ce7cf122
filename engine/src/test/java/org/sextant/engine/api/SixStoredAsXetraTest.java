package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.TradingSession;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * A SIX stock stored as eu_equity has no bars on Xetra's holidays (SIX closes them all): its note names what rules Xetra out,
 * the full 30 December past Xetra's 14:00 close, never an empty list of holidays.
 */
class SixStoredAsXetraTest {
    private static final ZoneId ZURICH = ZoneId.of("Europe/Zurich");
    @TempSextant private Sextant engine;

    private JsonNode call(String tool, String json) {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall(tool, Json.MAPPER.readTree(json))));
    }

    /** Hourly bars 09:00-17:00 Zurich on every SIX trading day of 2024, in UTC. */
    private static Path sixYear(Path dir) throws Exception {
        StringBuilder csv = new StringBuilder("datetime_utc,symbol,close\n");
        for (LocalDate d = LocalDate.of(2024, 1, 1); d.getYear() == 2024; d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() > 5 || TradingSession.SIX.closed(d)) continue;
            for (LocalTime t = LocalTime.of(9, 0); !t.isAfter(LocalTime.of(17, 0)); t = t.plusHours(1)) {
                csv.append(d.atTime(t).atZone(ZURICH).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime()).append(":00Z,NESN,")
                        .append(100 + t.getHour() * 0.1 + d.getDayOfYear() * 0.01).append('\n');
            }
        }
        return Files.writeString(dir.resolve("nesn.csv"), csv);
    }

    @Test
    void theNoteNamesTheLateBarsNotAnEmptyHolidayList(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(sixYear(dir)));
        call("set_trading_session", "{\"symbol\":\"NESN\",\"session\":\"eu_equity\"}");
        assertEquals("NESN is read on Xetra's calendar (eu_equity), but it has bars after Xetra's early close on 2024-12-30 and its days fit "
                + "SIX's: its half days and holidays are read as Xetra's until set; if it trades on SIX, set it with: sextant session NESN six "
                + "(or the set_trading_session tool)", call("get_chart_data", "{\"symbol\":\"NESN\",\"interval\":\"1h\"}").get("session_note").asString());
    }
}
