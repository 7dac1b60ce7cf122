package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.testing.TempSextant;

/**
 * What the chart by bar overlays after Run backtest: the same walk-forward get_backtest_error
 * answers for the interval, and each of its origins forecasting the bars that followed its origin
 * bar (the sample's USD/CHF at 4h: about two dozen monthly origins).
 */
class BarBacktestOverlaysTest {
    @TempSextant private Sextant engine;

    @Test
    void eachOriginForecastsTheBarsThatFollowedItsOriginBar() {
        BarBacktestOverlays o = engine.barBacktestOverlays("USDCHF", "4h", null, null, null);
        BarBacktestError direct = engine.getBacktestError("USDCHF", "4h", null, null, null, null, null);
        assertEquals(json(direct), json(o.errors()), "the errors get_backtest_error answers");
        assertEquals(direct.originTs(), o.origins().stream().map(BarForecast::originTs).toList(), "one forecast per evaluated origin, oldest first");
        assertTrue(o.origins().size() >= 20, o.origins().size() + " origins");

        BarSeries bars = engine.getBars("USDCHF", "4h", null, null);
        List<String> times = bars.bars().stream().map(b -> b.ts() + "Z").toList();
        for (BarForecast f : o.origins()) {
            int origin = times.indexOf(f.originTs());
            IntervalBar last = bars.bars().get(origin);
            int h = f.forecast().forecast().horizon();
            assertEquals(times.subList(origin + 1, origin + 1 + h), f.targetTs(), "the " + h + " bars after " + f.originTs());
            assertEquals(last.close(), f.forecast().lastClose(), "grows from the origin bar's close");
            assertEquals(last.date(), f.forecast().origin());
            assertEquals("4h", f.interval());
        }
        assertEquals("conformal", o.origins().get(o.origins().size() - 1).forecast().calibration(), "the default calibration where the origin has it");

        BarBacktestOverlays model = engine.barBacktestOverlays("USDCHF", "4h", null, null, "model");
        assertTrue(model.origins().stream().allMatch(f -> f.forecast().calibration().equals("model")), "the model's own bands when asked");
        assertEquals(json(o.errors()), json(model.errors()), "the calibration drawn changes no error");
    }

    private static String json(BarBacktestError e) {
        return org.sextant.engine.Json.MAPPER.writeValueAsString(e);
    }
}
