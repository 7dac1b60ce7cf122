package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;

/**
 * A forecast of bars that names no model is Theta on log prices, as `sextant forecast SYMBOL` and get_forecast without a
 * model promise (docs/forecast.md): a change of the default must be a decision, not a side effect.
 */
class DefaultBarModelTest {
    @TempSextant private Sextant engine;

    @Test
    void aBarForecastWithoutAModelIsTheta(@TempDir Path dir) throws Exception {
        // 240 hourly bars around the clock (continuous): few enough that Theta's calibration refits take well under a second
        StringBuilder csv = new StringBuilder("datetime_utc,close\n");
        for (int i = 0; i < 240; i++) {
            csv.append(java.time.LocalDateTime.of(2024, 3, 1, 0, 0).plusHours(i)).append(":00Z,").append(50 + 3 * Math.sin(i / 9.0) + i * 0.01).append('\n');
        }
        engine.importPrices(List.of(Files.writeString(dir.resolve("HOURLY.csv"), csv)));
        BarForecast f = engine.getForecast("HOURLY", "1h", null, 5, null, null);
        assertEquals("log_theta", f.forecast().model(), "no model named: Theta on log prices");
        assertEquals("log_theta", engine.getForecast("HOURLY", "1h", "", 5, null, null).forecast().model(), "a blank model is no model too");
    }
}
