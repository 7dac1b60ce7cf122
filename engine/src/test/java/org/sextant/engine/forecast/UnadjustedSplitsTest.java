package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/** A close that steps to a split ratio of the one before and stays is named as a probable unadjusted split; real crashes are not (attacker pass 11, H1). */
class UnadjustedSplitsTest {
    private static final int[] NONE = {};

    /** 400 closes of a seeded random walk of about 1% a day, as the attacker's SPLITX. */
    static double[] walk(int n, long seed) {
        Random moves = new Random(seed);
        double[] c = new double[n];
        double p = 100;
        for (int i = 0; i < n; i++) c[i] = p *= 1 + 0.01 * moves.nextGaussian();
        return c;
    }

    private static List<String> days(int n) {
        List<String> days = new ArrayList<>();
        for (int i = 0; i < n; i++) days.add("day" + i);
        return days;
    }

    private static double[] split(double[] c, int from, double factor) {
        double[] out = c.clone();
        for (int i = from; i < out.length; i++) out[i] *= factor;
        return out;
    }

    @Test
    void aTenForOneSplitTwentyClosesAgoIsNamedWithDateRatioAndFix() {
        double[] c = split(walk(400, 1), 380, 0.1);
        String w = OutlierReturns.warning("SPLITX", days(400), c);
        assertTrue(w != null && w.startsWith("SPLITX: probable unadjusted split(s): on day380 the close fell to x0.0998 the one before ("), w);
        assertTrue(w.contains("and stayed: a 10:1 split. "), w);
        assertTrue(w.contains("import split-adjusted closes"), w);
        assertEquals(List.of(new UnadjustedSplits.Split(380, Math.log(c[380] / c[379]), 10, 1)), OutlierReturns.splits(c, NONE));
    }

    @Test
    void everySplitRatioAndItsReverseIsNamed() {
        double[] factors = {1 / 2.0, 1 / 3.0, 1 / 4.0, 1 / 5.0, 1 / 10.0, 2 / 3.0, 2, 3, 4, 5, 10, 1.5};
        String[] names = {"2:1 split", "3:1 split", "4:1 split", "5:1 split", "10:1 split", "3:2 split",
                "1:2 reverse split", "1:3 reverse split", "1:4 reverse split", "1:5 reverse split", "1:10 reverse split", "2:3 reverse split"};
        for (long seed = 1; seed <= 5; seed++) {
            for (int k = 0; k < factors.length; k++) {
                double[] c = split(walk(400, seed), 200, factors[k]);
                List<UnadjustedSplits.Split> found = OutlierReturns.splits(c, NONE);
                assertEquals(1, found.size(), names[k] + " seed " + seed + ": " + found);
                assertEquals(200, found.get(0).index());
                assertEquals(names[k], found.get(0).name());
                assertTrue(OutlierReturns.warning("X", days(400), c).contains("a " + names[k] + ". "), names[k]);
            }
        }
    }

    /** A step on the last close has no later close to show that it stays: named as a last close far past a real day's move (x10), not as a split. */
    @Test
    void aSplitIsNamedOnceOneCloseHoldsIt() {
        String last = OutlierReturns.warning("X", days(400), split(walk(400, 3), 399, 0.1));
        assertTrue(last.startsWith("X: the last close, day399 ("), last);
        String held = OutlierReturns.warning("X", days(400), split(walk(400, 3), 398, 0.1));
        assertTrue(held.startsWith("X: probable unadjusted split(s): on day398 the close fell") && !held.contains("the last close"), held);
    }

    /** A bad tick of x10 that falls back, a level that does not stay, and a move off every ratio are not splits. */
    @Test
    void aJumpThatFallsBackOrIsOffTheRatiosIsNoSplit() {
        double[] tick = walk(400, 2);
        tick[200] *= 10;
        assertTrue(OutlierReturns.splits(tick, NONE).isEmpty());
        assertTrue(OutlierReturns.warning("X", days(400), tick).startsWith("X: 1 close(s) jump and fall straight back"));
        double[] back = split(walk(400, 2), 200, 0.5);
        for (int i = 210; i < 400; i++) back[i] *= 2; // ten closes at half, then back: neither the fall nor the rise back is a split
        assertTrue(OutlierReturns.splits(back, NONE).isEmpty(), OutlierReturns.splits(back, NONE).toString());
        assertNull(OutlierReturns.warning("X", days(400), split(walk(400, 2), 200, 0.6)), "-40%: between 2:3 and 1:2");
    }

    /** A return across a gap of months in the dates (the attacker's GAPX: x1.47 over 200 missing weekdays) is no one-day move, so no split. */
    @Test
    void aReturnAcrossAGapIsNoSplit() {
        double[] c = split(walk(400, 4), 200, 1.5);
        assertEquals(1, OutlierReturns.splits(c, NONE).size(), "the same step between two days is named");
        assertTrue(OutlierReturns.splits(c, new int[] {200}).isEmpty());
        assertNull(OutlierReturns.warning("GAPX", days(400), c, new int[] {200}));
    }

    /** Microsoft's six real splits of 1991-1999, undone on the sample's split-adjusted closes, are each named on their day. */
    @Test
    void microsoftsRealSplitsUnadjustedAreNamed(@TempSextant Sextant engine) {
        PriceSeries msft = new PriceRepository(engine.store()).closes("MSFT", null, null);
        String[][] splits = {{"1991-06-27", "1.5"}, {"1992-06-15", "1.5"}, {"1994-05-23", "2"}, {"1996-12-09", "2"}, {"1998-02-23", "2"}, {"1999-03-29", "2"}};
        double[] raw = PriceForecast.closes(msft).clone();
        for (String[] s : splits) {
            LocalDate day = LocalDate.parse(s[0]);
            for (int i = 0; i < raw.length && msft.dates().get(i).isBefore(day); i++) raw[i] *= Double.parseDouble(s[1]);
        }
        List<String> dates = msft.dates().stream().map(LocalDate::toString).toList();
        List<UnadjustedSplits.Split> found = OutlierReturns.splits(raw, NONE);
        assertEquals(List.of("1991-06-27", "1992-06-15", "1994-05-23", "1996-12-09", "1998-02-23", "1999-03-29"),
                found.stream().map(s -> dates.get(s.index())).toList());
        assertEquals(List.of("3:2 split", "3:2 split", "2:1 split", "2:1 split", "2:1 split", "2:1 split"), found.stream().map(UnadjustedSplits.Split::name).toList());
        assertTrue(OutlierReturns.warning("MSFT", dates, raw).contains("and 1 more"), "five named, the sixth counted");
    }

    /** Real crashes stay but are no split: Procter & Gamble's -30% of 7 March 2000 (0.045 from 2:3), the NYSE's 19 October 1987; no sample symbol holds one. */
    @Test
    void realCrashesAreNotSplits(@TempSextant Sextant engine) {
        PriceRepository prices = new PriceRepository(engine.store());
        for (var s : engine.listSymbols(null)) {
            PriceSeries p = prices.closes(s.symbol(), null, null);
            assertTrue(OutlierReturns.splits(PriceForecast.closes(p), CalibrationNotes.gaps(p.dates())).isEmpty(), s.symbol());
        }
        PriceSeries pg = prices.closes("PG", null, null);
        int day = pg.dates().indexOf(LocalDate.of(2000, 3, 7));
        double[] c = PriceForecast.closes(pg);
        assertEquals(-0.36, Math.log(c[day] / c[day - 1]), 0.01, "the sample holds the crash this test guards");
    }

    /** Stores closes {@code c} as hourly bars of {@code symbol}, seven a weekday from 2010-01-04 14:00 UTC, those from {@code from} on {@code skipDays} days later. */
    private static void hourly(Store store, String symbol, double[] c, int from, int skipDays) {
        StringBuilder rows = new StringBuilder();
        LocalDate day = LocalDate.of(2010, 1, 4);
        for (int i = 0; i < c.length; i++) {
            if (i > 0 && i % 7 == 0) {
                do day = day.plusDays(1); while (day.getDayOfWeek().getValue() > 5);
            }
            if (i == from) {
                day = day.plusDays(skipDays);
                while (day.getDayOfWeek().getValue() > 5) day = day.plusDays(1);
            }
            rows.append(i == 0 ? "" : ",").append("('").append(symbol).append("', '1h', TIMESTAMP '").append(day).append(' ')
                    .append(14 + i % 7).append(":00', NULL, NULL, NULL, ").append(c[i]).append(", NULL, 'test')");
        }
        store.inTransaction(x -> {
            try (Statement st = x.createStatement()) {
                st.execute("INSERT INTO bars VALUES " + rows);
            }
            return null;
        });
    }

    /**
     * Bars at an interval are gap-checked as daily closes are: x1.5 across four months of missing hourly bars is no split,
     * while the same step between two bars of contiguous days still is; each as an answer's warning is worked out
     * ({@link OutlierWarnings}, in the store).
     */
    @Test
    void aStepAcrossMonthsOfMissingBarsIsNoSplit(@TempSextant Store store) {
        double[] c = split(walk(400, 4), 200, 1.5);
        hourly(store, "GAPH", c, 200, 120);
        hourly(store, "STEPH", c, 200, 0);
        OutlierWarnings warnings = new OutlierWarnings(store, new PriceRepository(store), 0);
        assertNull(warnings.of("GAPH", "1h"));
        String contiguous = warnings.of("STEPH", "1h");
        assertTrue(contiguous != null && contiguous.startsWith("STEPH: probable unadjusted split(s): on 2010-02-11T18:00Z the close rose") && contiguous.contains("a 2:3 reverse split. "), contiguous);
    }
}
