package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * A series that never moves (600 weekdays at 50): its forecast band's edges come back a few ulps
 * off the close, which once answered upside 2.2e-16 over downside 1.1e-16 as a reward/risk of 2
 * and ranked the symbol above every real stock in a scan.
 */
public class FlatSeriesForecastTest {
    @TempSextant private Sextant engine;

    /** 600 weekdays from 2020-01-01 closing at 50, as a Date,Close file named after the symbol. */
    public static Path flat(Path dir, String symbol) throws Exception {
        StringBuilder csv = new StringBuilder("Date,Close\n");
        LocalDate d = LocalDate.of(2020, 1, 1);
        for (int n = 0; n < 600; d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            csv.append(d).append(",50\n");
            n++;
        }
        return Files.writeString(dir.resolve(symbol + ".csv"), csv);
    }

    @Test
    void aFlatSeriesHasNoRewardRiskAndAScanDoesNotRankIt(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(flat(dir, "FLAT")));
        for (String model : List.of("theta", "naive")) {
            JsonNode answer = Json.MAPPER.valueToTree(engine.getForecast("FLAT", model, 20, null));
            JsonNode rr = answer.path("reward_risk");
            assertEquals(3, rr.size(), answer.toString());
            for (JsonNode r : rr) {
                assertEquals(0.0, r.path("upside").asDouble(), r.toString());
                assertEquals(0.0, r.path("downside").asDouble(), r.toString());
                assertTrue(r.has("ratio") && r.path("ratio").isNull(), model + ": " + r);
                assertEquals("no spread: both band edges are at the last close (e.g. unchanged prices), so there is no reward or risk to compare",
                        r.path("ratio_note").asString(null), r.toString());
            }
        }
        ScanResult scan = engine.scanForecasts(new ForecastScan.Request(List.of("FLAT", "KO", "AA"), "naive", 20, 95.0, null, null, null, null, null));
        assertFalse(scan.rows().stream().anyMatch(r -> r.symbol().equals("FLAT")), "the flat symbol is no candidate: " + scan.rows());
        assertEquals(2, scan.rows().size(), "the real stocks are still ranked");
        assertEquals(2, scan.ranked());
        ScanResult.Skipped why = scan.skipped().stream().filter(s -> s.symbol().equals("FLAT")).findFirst().orElseThrow();
        assertEquals("no spread at 95%: the forecast band's edges are at the last close 50.0 (e.g. unchanged prices), "
                + "so there is no reward/risk to rank; get_forecast shows its bands", why.reason());
        ScanResult filtered = engine.scanForecasts(new ForecastScan.Request(List.of("FLAT", "KO"), "naive", 20, 99.0, 0.0, null, null, null, null));
        assertEquals(List.of("KO"), filtered.rows().stream().map(ScanRow::symbol).toList());
    }
}
