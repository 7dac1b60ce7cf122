package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;

/** A Xetra stock's 30m forecast made on the Thursday before Easter continues after Good Friday and Easter Monday. */
class XetraBarForecastTest {
    @TempSextant private Sextant engine;

    @Test
    void a30mForecastFromMaundyThursdayContinuesOnTuesday(@TempDir Path dir) throws Exception {
        // 09:00-17:00 Berlin 30m bars on the weekdays from 3 March to Thursday 17 April 2025: the import guesses eu_equity
        StringBuilder csv = new StringBuilder("datetime_utc,close\n");
        int i = 0;
        for (LocalDate d = LocalDate.of(2025, 3, 3); !d.isAfter(LocalDate.of(2025, 4, 17)); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() > 5) continue;
            for (LocalTime t = LocalTime.of(9, 0); !t.isAfter(LocalTime.of(17, 0)); t = t.plusMinutes(30), i++) {
                LocalDateTime utc = d.atTime(t).atZone(ZoneId.of("Europe/Berlin")).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
                csv.append(utc).append(":00Z,").append(200 + Math.sin(i / 7.0) + i * 0.01).append('\n');
            }
        }
        engine.importPrices(List.of(Files.writeString(dir.resolve("SAP.csv"), csv)));

        BarForecast f = engine.getForecast("SAP", "30m", "naive", 3, null, null);
        assertEquals("eu_equity", f.session());
        assertEquals("2025-04-17T15:00Z", f.originTs(), "Thursday's 17:00 Berlin bar");
        assertEquals(List.of("2025-04-22T07:00Z", "2025-04-22T07:30Z", "2025-04-22T08:00Z"), f.targetTs());
        assertEquals("2025-04-22T09:00+02:00", f.targetTsLocal().get(0));
        assertEquals(List.of(LocalDate.of(2025, 4, 22), LocalDate.of(2025, 4, 22), LocalDate.of(2025, 4, 22)), f.forecast().targetDates());
    }
}
