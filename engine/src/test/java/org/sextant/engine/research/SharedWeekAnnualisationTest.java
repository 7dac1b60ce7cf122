package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.TestData;
import org.sextant.engine.research.sweep.BarAxis;
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
        double sum = 0, sq = 0;
        int n = 0;
        for (int t = 2; t < rows.size(); t++, n++) {
            double r = 0.5 * (rows.get(t)[0] / rows.get(t - 1)[0] - 1) + 0.5 * (rows.get(t)[1] / rows.get(t - 1)[1] - 1);
            sum += r;
            sq += r * r;
        }
        double sd = Math.sqrt((sq - sum * sum / n) / (n - 1));
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
