package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.ForecastService.SymbolForecast;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.core.type.TypeReference;

/**
 * A stored forecast is reused only while the store holds the very closes it was made from (attack 22, H3): a re-import
 * correcting every 2020 close keeps the row count and the last close, and the forecast made from the wrong closes was
 * shown again, latest and as of a past day alike.
 */
class StoredForecastClosesTest {
    @TempSextant private Sextant engine;
    @TempDir Path tmp;

    @Test
    void aReimportCorrectingOlderClosesIsForecastAgain() throws Exception {
        engine.importPrices(List.of(csv("wrong", "FIXM", 1.2))); // every 2020 close 20% too high
        engine.importPrices(List.of(csv("right", "FIXC", 1.0)));  // the corrected file, as a fresh home would hold it
        for (LocalDate asOf : Arrays.asList(null, LocalDate.of(2021, 6, 30))) {
            PriceForecast wrong = run("FIXM", asOf);
            PriceForecast right = run("FIXC", asOf);
            assertFalse(Arrays.equals(wrong.forecast().median(), right.forecast().median()) && sameBands(wrong, right),
                    "the wrong closes give another forecast");
        }
        engine.importPrices(List.of(csv("right", "FIXM", 1.0)));
        for (LocalDate asOf : Arrays.asList(null, LocalDate.of(2021, 6, 30))) {
            PriceForecast fixed = run("FIXM", asOf);
            PriceForecast right = run("FIXC", asOf);
            assertEquals(right.origin(), fixed.origin());
            assertArrayEquals(right.forecast().median(), fixed.forecast().median(), 0.0, "as of " + asOf);
            assertEquals(true, sameBands(right, fixed), "as of " + asOf + ": the bands of the corrected closes");
        }
    }

    private static boolean sameBands(PriceForecast a, PriceForecast b) {
        for (double level : ForecastScan.LEVELS) {
            if (!Arrays.equals(a.forecast().band(level).lower(), b.forecast().band(level).lower())
                    || !Arrays.equals(a.forecast().band(level).upper(), b.forecast().band(level).upper())) return false;
        }
        return true;
    }

    /** Weekday closes 2019-01-02..2021-12-31 (a Friday, so the latest start is the last close), 2020's times {@code factor2020}. */
    private Path csv(String dir, String symbol, double factor2020) throws Exception {
        StringBuilder sb = new StringBuilder("Date,Close\n");
        int i = 0;
        for (LocalDate d = LocalDate.of(2019, 1, 2); !d.isAfter(LocalDate.of(2021, 12, 31)); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            double close = (80 + 8 * Math.sin(i / 9.0) + 0.02 * i++) * (d.getYear() == 2020 ? factor2020 : 1);
            sb.append(d).append(',').append(String.format(java.util.Locale.ROOT, "%.4f", close)).append('\n');
        }
        Files.createDirectories(tmp.resolve(dir));
        return Files.writeString(tmp.resolve(dir).resolve(symbol + ".csv"), sb);
    }

    private PriceForecast run(String symbol, LocalDate asOf) throws InterruptedException {
        JobStatus done = engine.jobs().await(engine.startForecast(List.of(symbol), "naive", 5, false, asOf).id(), Duration.ofMinutes(5));
        assertEquals(JobState.SUCCEEDED, done.state(), done.error());
        Map<String, SymbolForecast> r = Json.MAPPER.convertValue(done.result(), new TypeReference<LinkedHashMap<String, SymbolForecast>>() {});
        return r.get(symbol).forecast();
    }
}
