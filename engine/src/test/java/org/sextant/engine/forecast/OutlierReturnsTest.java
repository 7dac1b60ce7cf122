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

    private static List<String> days(int n) {
        List<String> days = new ArrayList<>();
        for (int i = 0; i < n; i++) days.add("day" + i);
        return days;
    }

    @Test
    void aCloseOneHundredTimesTooLargeForOneDayIsNamed() {
        double[] c = walk(300);
        c[150] *= 100;
        List<OutlierReturns.Spike> spikes = OutlierReturns.find(c);
        assertEquals(1, spikes.size());
        assertEquals(150, spikes.get(0).index());
        assertEquals(Math.log(100), spikes.get(0).jump(), 0.05);
        List<String> days = days(c.length);
        String w = OutlierReturns.warning("X", days, c);
        assertTrue(w.startsWith("X: 1 close(s) jump and fall straight back"), w);
        assertTrue(w.contains("day150 (close "), w);
        assertTrue(w.contains("the one before, log return +4.6"), w);
        assertTrue(w.contains("run_select") && w.contains("re-import"), w);
    }

    /** Two or three wrong closes in a row that come back are a bad tick too, named from the first to the last date with the factor. */
    @Test
    void runsOfTwoOrThreeSpikedClosesThatComeBackAreNamed() {
        List<String> days = days(500);
        double[] two = walk(500);
        two[400] *= 100;
        two[401] *= 100;
        List<OutlierReturns.Spike> spikes = OutlierReturns.find(two);
        assertEquals(1, spikes.size(), spikes.toString());
        assertEquals(400, spikes.get(0).index());
        assertEquals(2, spikes.get(0).closes());
        assertEquals(Math.log(100), spikes.get(0).jump(), 0.05);
        assertEquals(-Math.log(100), spikes.get(0).back(), 0.05);
        String w = OutlierReturns.warning("X", days, two);
        assertTrue(w.startsWith("X: 2 close(s) jump and fall straight back, as a bad tick does: day400 to day401 (2 closes in a row, x"), w);
        assertTrue(w.contains("the one before, log return +4.6"), w);
        for (double factor : new double[] {5, 0.01}) {
            double[] three = walk(500);
            for (int i = 200; i < 203; i++) three[i] *= factor;
            List<OutlierReturns.Spike> run = OutlierReturns.find(three);
            assertEquals(1, run.size(), factor + ": " + run);
            assertEquals(200, run.get(0).index());
            assertEquals(3, run.get(0).closes());
            assertTrue(OutlierReturns.warning("X", days, three).contains("day200 to day202 (3 closes in a row, x"), factor + "");
        }
        double[] single = walk(500);
        single[300] /= 100;
        assertEquals(1, OutlierReturns.find(single).get(0).closes(), "a single spike is still one close");
    }

    /** A level that jumps and stays four closes or more, or comes back only in part, is a move, not a bad tick. */
    @Test
    void aJumpThatStaysOrComesBackInPartIsNotARun() {
        double[] stays = walk(500);
        for (int i = 200; i < 204; i++) stays[i] *= 100; // four closes: beyond a run of three
        assertTrue(OutlierReturns.find(stays).isEmpty(), OutlierReturns.find(stays).toString());
        double[] part = walk(500);
        part[200] *= 2; // +0.69, two days later -0.29: less than half of it back
        part[201] *= 2;
        for (int i = 202; i < 500; i++) part[i] *= Math.exp(0.4);
        assertTrue(OutlierReturns.find(part).isEmpty(), OutlierReturns.find(part).toString());
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

    /** A last close 100 times the one before cannot be seen to fall back, but forecasts start from it and analogues match on it: said (attacker pass 8). */
    @Test
    void aLastCloseFarPastARealDaysMoveIsNamedAsSuch() {
        List<String> days = days(300);
        double[] last = walk(300);
        last[299] *= 100;
        String w = OutlierReturns.warning("X", days, last);
        assertTrue(w != null && w.startsWith("X: the last close, day299 ("), w);
        assertTrue(w.contains("log return +4.6") && w.contains("forecasts start from it and analogues match on it"), w);
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
