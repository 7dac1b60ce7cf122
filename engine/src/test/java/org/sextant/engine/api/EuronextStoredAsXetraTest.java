package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
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
import org.sextant.engine.ingest.ImportReport;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * A symbol stored as eu_equity (Xetra's calendar) whose bars are Euronext's (24 and 31 December traded to 14:00 Paris and its
 * auction) stays eu_equity until set; reads and later imports say so and name the command, and setting the venue ends the note.
 * The half days' last bars (14:00 Paris, 13:00 London) rule London out, which the days alone do not.
 */
class EuronextStoredAsXetraTest {
    private static final ZoneId PARIS = ZoneId.of("Europe/Paris");
    private static final String NOTE = "AIR is read on Xetra's calendar (eu_equity), but it has bars on Xetra's holidays 2024-12-24, 2024-12-31 and its "
            + "days fit Euronext's: its half days and holidays are read as Xetra's until set; if it trades on Euronext, set it with: sextant session "
            + "AIR euronext (or the set_trading_session tool)";
    @TempSextant private Sextant engine;

    private JsonNode call(String tool, String json) {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall(tool, Json.MAPPER.readTree(json))));
    }

    /** Euronext's 30-minute bars of {@code from}..{@code to} in UTC (as a UTC file holds them): 09:00-17:00 Paris, to 14:00 on 24 and 31 December. */
    static Path file(Path dir, String name, LocalDate from, LocalDate to) throws Exception {
        StringBuilder csv = new StringBuilder("datetime_utc,symbol,close\n");
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY || d.getDayOfMonth() == 25 || d.getDayOfMonth() == 26) continue;
            LocalTime last = d.getMonthValue() == 12 && (d.getDayOfMonth() == 24 || d.getDayOfMonth() == 31) ? LocalTime.of(14, 0) : LocalTime.of(17, 0);
            for (LocalTime t = LocalTime.of(9, 0); !t.isAfter(last); t = t.plusMinutes(30)) {
                csv.append(d.atTime(t).atZone(PARIS).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime()).append(":00Z,AIR,")
                        .append(150 + t.getHour() * 0.1 + d.getDayOfMonth() * 0.01).append('\n');
            }
        }
        return Files.writeString(dir.resolve(name), csv);
    }

    @Test
    void readsAndImportsNameTheCommandUntilTheVenueIsSet(@TempDir Path dir) throws Exception {
        // read in UTC, the days fit London's and Euronext's alike, the half days' last bars (14:00 Paris) Euronext's: a new import guesses it
        engine.importPrices(List.of(file(dir, "dec.csv", LocalDate.of(2024, 12, 16), LocalDate.of(2024, 12, 31))));
        assertEquals("euronext", call("get_close_price", "{\"symbol\":\"AIR\",\"interval\":\"30m\"}").get("session").asString());
        // stored as eu_equity (as an import before the guess read bar times left it)
        call("set_trading_session", "{\"symbol\":\"AIR\",\"session\":\"eu_equity\"}");
        assertEquals("eu_equity", call("get_close_price", "{\"symbol\":\"AIR\",\"interval\":\"30m\"}").get("session").asString());

        assertTrue(call("get_close_price", "{\"symbol\":\"AIR\",\"interval\":\"30m\"}").get("note").asString().contains(NOTE),
                "a read says the days are Euronext's and how to set it");
        assertEquals(NOTE, call("get_chart_data", "{\"symbol\":\"AIR\",\"interval\":\"30m\"}").get("session_note").asString());

        // a later import of the stored symbol guesses nothing: its report says it
        ImportReport jan = engine.importPrices(List.of(file(dir, "jan.csv", LocalDate.of(2025, 1, 2), LocalDate.of(2025, 1, 3))));
        assertTrue(jan.files().get(0).bars().get(0).notes().contains(NOTE), jan.files().get(0).bars().get(0).notes().toString());

        call("set_trading_session", "{\"symbol\":\"AIR\",\"session\":\"euronext\"}");
        JsonNode read = call("get_close_price", "{\"symbol\":\"AIR\",\"interval\":\"30m\"}");
        assertEquals("euronext", read.get("session").asString());
        assertFalse(read.has("note") && read.get("note").asString().contains("Xetra's calendar"), read.toString());
        assertFalse(call("get_chart_data", "{\"symbol\":\"AIR\",\"interval\":\"30m\"}").has("session_note"));
    }
}
