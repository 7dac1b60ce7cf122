package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.testing.TempSextant;

/** The bad-tick rule of forecast answers' data_warning: a jump the next bar takes back, never a crash that stays. */
class OutlierReturnsTest {
    private static double[] walk(int n) {
        double[] c = new double[n];
        c[0] = 100;
        for (int i = 1; i < n; i++) c[i] = c[i - 1] * Math.exp(0.01 * Math.sin(i * 1.7)); // moves of about 1%
        return c;
    }

    @Test
    void aCloseOneHundredTimesTooLargeForOneDayIsNamed() {
        double[] c = walk(300);
        c[150] *= 100;
        List<OutlierReturns.Spike> spikes = OutlierReturns.find(c);
        assertEquals(1, spikes.size());
        assertEquals(150, spikes.get(0).index());
        assertEquals(Math.log(100), spikes.get(0).jump(), 0.05);
        List<String> days = new ArrayList<>();
        for (int i = 0; i < c.length; i++) days.add("day" + i);
        String w = OutlierReturns.warning("X", days, c);
        assertTrue(w.startsWith("X: 1 close(s) jump and fall straight back"), w);
        assertTrue(w.contains("day150 (close "), w);
        assertTrue(w.contains("the one before, log return +4.6"), w);
        assertTrue(w.contains("run_select") && w.contains("re-import"), w);
    }

    @Test
    void aCrashThatStaysOrALastCloseIsNotABadTick() {
        double[] crash = walk(300);
        for (int i = 150; i < 300; i++) crash[i] *= Math.exp(-0.26); // 19 October 1987: -0.26 in log, won back only in part
        crash[151] *= Math.exp(0.06);
        assertTrue(OutlierReturns.find(crash).isEmpty());
        double[] last = walk(300);
        last[299] *= 100; // no next close says whether it was undone
        assertTrue(OutlierReturns.find(last).isEmpty());
        double[] small = walk(300);
        small[150] *= 1.2; // 12 times the median move but under the 0.25 floor
        assertTrue(OutlierReturns.find(small).isEmpty());
    }

    /** A last close 100 times the one before cannot be seen to fall back, but the forecast starts from it: said (attacker pass 8). */
    @Test
    void aLastCloseFarPastARealDaysMoveIsNamedAsSuch() {
        List<String> days = new ArrayList<>();
        for (int i = 0; i < 300; i++) days.add("day" + i);
        double[] last = walk(300);
        last[299] *= 100;
        String w = OutlierReturns.warning("X", days, last);
        assertTrue(w != null && w.startsWith("X: the last close, day299 ("), w);
        assertTrue(w.contains("log return +4.6") && w.contains("the forecast starts from it"), w);
        double[] earnings = walk(300);
        earnings[299] *= 1.5; // a 50% day: large, but a real one can do it
        assertNull(OutlierReturns.warning("X", days, earnings));
    }

    /** Real data must not warn: every embedded sample symbol, daily prices and USDCHF's 30-minute bars. */
    @Test
    void noSampleSymbolWarns(@TempSextant Sextant engine) {
        List<SymbolInfo> daily = engine.listSymbols(null);
        assertTrue(daily.size() >= 30, "the Dow 30, the NYSE composite and the Swiss indices: " + daily.size());
        for (SymbolInfo s : daily) assertNull(engine.outlierWarning(s.symbol(), null), s.symbol());
        List<SymbolInfo> barsOnly = engine.listBarsOnlySymbols(null);
        assertEquals(List.of("USDCHF"), barsOnly.stream().map(SymbolInfo::symbol).toList());
        for (String at : List.of("30m", "1h", "4h", "1d")) assertNull(engine.outlierWarning("USDCHF", at), at);
    }
}
