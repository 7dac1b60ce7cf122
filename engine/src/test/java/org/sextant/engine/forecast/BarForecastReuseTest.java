package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;

/**
 * A bar forecast asked again from the same bars is the one already made (an ETS forecast of
 * USD/CHF at 4h costs about half a minute: the chart switching back to an interval, or
 * get_reward_risk after get_forecast, must not fit again); new bars, another interval, model,
 * horizon, levels or calibration are asked anew.
 */
class BarForecastReuseTest {
    @TempSextant private Sextant engine;

    @Test
    void theSameQuestionOnTheSameBarsIsAnsweredOnceUntilTheBarsChange(@TempDir Path dir) throws Exception {
        BarForecast first = engine.getForecast("USDCHF", "4h", "naive", 5, null, null);
        assertSame(first, engine.getForecast("USDCHF", "4h", "naive", 5, null, null), "asked again: the answer already made");
        assertSame(first, engine.getForecast("usdchf", "4h", "naive", 5, new double[] {0.8, 0.95, 0.99}, null),
                "the default levels and the symbol in lower case are the same question");
        assertNotSame(first, engine.getForecast("USDCHF", "1h", "naive", 5, null, null), "another interval");
        assertNotSame(first, engine.getForecast("USDCHF", "4h", "drift", 5, null, null), "another model");
        assertNotSame(first, engine.getForecast("USDCHF", "4h", "naive", 6, null, null), "another horizon");
        assertNotSame(first, engine.getForecast("USDCHF", "4h", "naive", 5, new double[] {0.9}, null), "other levels");
        assertNotSame(first, engine.getForecast("USDCHF", "4h", "naive", 5, null, "model"), "another calibration");

        // the fx session reopens on Sunday 17:00 New York (21:00 UTC): a new 4h bar
        engine.importPrices(List.of(Files.writeString(dir.resolve("USDCHF.csv"),
                "datetime_utc,close\n2001-04-01T21:00:00Z,1.7442\n2001-04-01T21:30:00Z,1.7460\n")));
        BarForecast after = engine.getForecast("USDCHF", "4h", "naive", 5, null, null);
        assertNotSame(first, after, "new bars: forecast again");
        assertEquals("2001-03-30T18:00Z", first.originTs(), "Friday 13:00 New York (EST)");
        assertEquals("2001-04-01T21:00Z", after.originTs(), "from the new last bar");
        assertEquals(1.746, after.forecast().lastClose(), 1e-12, "its close");
    }
}
