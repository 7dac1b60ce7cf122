package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.TestData;
import org.sextant.engine.research.sweep.BarAxis;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 25, M2: IBM (Monday to Friday) with TASIX (Sunday to Thursday) reads only the Mondays to Thursdays both trade,
 * about 202 a year, and was annualised with 252: its Sharpe ratios sqrt(252/202) = 1.12 times too high.
 */
class SharedWeekAnnualisationTest {
    @Test
    void aRunOverDifferentWeeksIsAnnualisedWithTheDatesAllShareAYear(@TempSextant Sextant engine, @TempDir Path dir) throws Exception {
        TestData.importResource(engine, "/research/TASIX.csv", dir);
        LocalDate oos = LocalDate.of(1999, 1, 4);
        StrategyRunSummary run = engine.backtest(new StrategyRunRequest("weeks", Files.readString(Path.of("../docs/examples/sma-cross.json")),
                List.of("IBM", "TASIX"), null, null, oos, 1));

        TreeMap<LocalDate, double[]> shared = closes(engine, "IBM", "TASIX");
        assertEquals(EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.THURSDAY), EnumSet.copyOf(shared.keySet().stream().map(LocalDate::getDayOfWeek).toList()));
        // its dates of the last two years, a year's worth, as TradingWeek counts a symbol's own
        LocalDate last = shared.lastKey(), first = last.minusDays(730);
        long perYear = Math.round(shared.tailMap(first, false).size() * 365.25 / 730);
        assertEquals(202, perYear);
        assertEquals(perYear, run.barsPerYear());
        assertEquals("annualised with 202 bars a year (1d: TASIX trades Sunday to Thursday, 261 dates a year, but IBM trades on weekdays,"
                + " and the run reads the dates all share: Monday to Thursday, 202 a year)", run.annualisation());
        assertTrue(run.verdictText().endsWith(run.annualisation()), run.verdictText());

        // the benchmark holds both at 1/2, rebalanced every bar: its volatility in sample is their mean return's, times sqrt(202)
        List<double[]> rows = List.copyOf(shared.headMap(oos, false).values());
        double sd = halfEachSd(rows);
        assertEquals(sd * Math.sqrt(202), run.benchmark().inSample().volatility(), 0.01 * sd * Math.sqrt(202), "sqrt(252) is 12% more");
    }

    /** Weekly closes on Fridays with a 7-day market share Fridays only: spaced closes, read at 252 and warned as such, as before. */
    @Test
    void weeklyClosesSharedWithADailyMarketStayAt252() {
        List<LocalDate> fridays = new java.util.ArrayList<>(), everyDay = new java.util.ArrayList<>();
        for (LocalDate d = LocalDate.of(2010, 1, 1); d.isBefore(LocalDate.of(2014, 1, 1)); d = d.plusDays(1)) {
            everyDay.add(d);
            if (d.getDayOfWeek() == DayOfWeek.FRIDAY) fridays.add(d);
        }
        BarAxis axis = BarAxis.byWeek(List.of("WEEKLY", "BTC"), List.of(fridays, everyDay), fridays, s -> false);
        assertTrue(axis.weekdayDaily(), axis.annualisation());
    }

    /**
     * Attack 26, F4: a Sunday-to-Thursday and a Wednesday-to-Saturday market share Wednesdays and Thursdays only, about 104
     * dates a year, and were annualised with 209 (the narrower week's): Sharpe ratios sqrt(2) too high. Saturday-to-Wednesday
     * beside Wednesday-to-Friday share Wednesdays, 52 a year, and were annualised with 252.
     */
    @Test
    void symbolsSharingOneOrTwoDaysAWeekAreAnnualisedWithThoseDatesAYear(@TempSextant Sextant engine) {
        Store store = engine.store();
        DailyAnnualisationTest.insertWalk(store, "TWODAYA", EnumSet.of(DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY), 6);
        DailyAnnualisationTest.insertWalk(store, "TWODAYB", EnumSet.range(DayOfWeek.WEDNESDAY, DayOfWeek.SATURDAY), 7);
        ResearchService research = new ResearchService(store);
        LocalDate oos = LocalDate.of(2014, 1, 1);
        StrategyRunSummary two = DailyAnnualisationTest.run(research, List.of("TWODAYA", "TWODAYB"), oos);
        TreeMap<LocalDate, double[]> shared = closes(engine, "TWODAYA", "TWODAYB");
        assertEquals(EnumSet.of(DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY), EnumSet.copyOf(shared.keySet().stream().map(LocalDate::getDayOfWeek).toList()));
        long perYear = Math.round(shared.tailMap(shared.lastKey().minusDays(730), false).size() * 365.25 / 730);
        assertEquals(104, perYear, 1);
        assertEquals(perYear, two.barsPerYear());
        assertEquals("annualised with " + perYear + " bars a year (1d: TWODAYA trades Sunday to Thursday, 261 dates a year, TWODAYB trades Wednesday to Saturday, "
                + "209 dates a year, and the run reads the dates all share: Wednesday, Thursday, " + perYear + " a year)", two.annualisation());
        // held at 1/2 each, rebalanced every shared date: its volatility in sample is their mean return's times sqrt(104), not sqrt(209)
        List<double[]> rows = List.copyOf(shared.headMap(oos, false).values());
        double sd = halfEachSd(rows);
        assertEquals(sd * Math.sqrt(perYear), two.inSample().volatility(), 0.05 * sd * Math.sqrt(perYear), "sqrt(209) is 41% more");

        DailyAnnualisationTest.insertWalk(store, "ONEDAYA", EnumSet.of(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY), 8);
        DailyAnnualisationTest.insertWalk(store, "ONEDAYB", EnumSet.range(DayOfWeek.WEDNESDAY, DayOfWeek.FRIDAY), 9);
        StrategyRunSummary one = DailyAnnualisationTest.run(research, List.of("ONEDAYA", "ONEDAYB"), oos);
        assertEquals(52, one.barsPerYear(), 1);
        assertEquals("annualised with " + Math.round(one.barsPerYear()) + " bars a year (1d: ONEDAYA trades Saturday to Wednesday, 261 dates a year, but ONEDAYB "
                + "trades on weekdays, and the run reads the dates all share: Wednesday, " + Math.round(one.barsPerYear()) + " a year)", one.annualisation());
    }

    /** Attack 26, F5: a market whose week changes every 5 weeks was said to trade Saturday to Thursday, six days, at 261 dates a year. */
    @Test
    void aWeekThatChangesEveryFewWeeksIsSaidToBeIrregular() {
        Set<DayOfWeek> satWed = EnumSet.of(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY);
        Set<DayOfWeek> sunThu = EnumSet.of(DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY);
        List<LocalDate> flip = new java.util.ArrayList<>();
        for (LocalDate d = LocalDate.of(2018, 1, 1); !d.isAfter(LocalDate.of(2024, 6, 30)); d = d.plusDays(1)) {
            if (((d.toEpochDay() + 719_163) / 35 % 2 == 1 ? satWed : sunThu).contains(d.getDayOfWeek())) flip.add(d); // as the attack's FLIP.csv
        }
        BarAxis axis = BarAxis.byWeek(List.of("FLIP"), List.of(flip), flip, s -> false);
        assertEquals(261, axis.barsPerYear());
        assertEquals("annualised with 261 bars a year (1d: FLIP trades some days of Saturday to Thursday, an irregular week, 261 dates a year)", axis.annualisation());
        // a regular week with holidays is said by its days
        List<LocalDate> tadawul = new java.util.ArrayList<>();
        for (LocalDate d = LocalDate.of(2018, 1, 1); !d.isAfter(LocalDate.of(2024, 6, 30)); d = d.plusDays(1)) {
            if (sunThu.contains(d.getDayOfWeek()) && d.getDayOfMonth() != 23) tadawul.add(d);
        }
        assertTrue(BarAxis.byWeek(List.of("TASI"), List.of(tadawul), tadawul, s -> false).annualisation().contains("TASI trades Sunday to Thursday, 253 dates a year"));
    }

    /** The standard deviation of the returns of {@code rows}' two closes held at 1/2 each, rebalanced every row, from its third. */
    private static double halfEachSd(List<double[]> rows) {
        double sum = 0, sq = 0;
        int n = 0;
        for (int t = 2; t < rows.size(); t++, n++) {
            double r = 0.5 * (rows.get(t)[0] / rows.get(t - 1)[0] - 1) + 0.5 * (rows.get(t)[1] / rows.get(t - 1)[1] - 1);
            sum += r;
            sq += r * r;
        }
        return Math.sqrt((sq - sum * sum / n) / (n - 1));
    }

    /** Date -> closes of {@code a} and {@code b} on the dates both have, read from the store. */
    private static TreeMap<LocalDate, double[]> closes(Sextant engine, String a, String b) {
        return engine.store().read(c -> {
            TreeMap<LocalDate, double[]> out = new TreeMap<>();
            try (var q = c.prepareStatement("SELECT x.date, x.close, y.close FROM prices x JOIN prices y ON x.date = y.date WHERE x.symbol = ? AND y.symbol = ?")) {
                q.setString(1, a);
                q.setString(2, b);
                try (var r = q.executeQuery()) {
                    while (r.next()) out.put(r.getDate(1).toLocalDate(), new double[] {r.getDouble(2), r.getDouble(3)});
                }
            }
            return out;
        });
    }
}
