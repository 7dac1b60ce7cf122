package org.sextant.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.research.StrategyRunRequest;
import org.sextant.engine.research.StrategyRunSummary;

/**
 * A scale-out sweep annualises daily prices by the week the symbols trade, with the app's rule (BarAxis.byWeek): 365
 * bars a year for dates on weekends or a symbol recorded on the continuous session (export-prices writes the session).
 * It used to measure them at 252 whatever their week, and its import checked them so, while the app's run took 365.
 */
@ExtendWith(SharedSpark.class)
class SevenDaySweepTest {
    /** 1,500 closes of a 1%-a-day random walk, on every calendar day or on weekdays only, as a CSV named for the symbol. */
    static Path walk(Path dir, String symbol, boolean weekends, long seed) throws Exception {
        return walk(dir, symbol, weekends ? EnumSet.allOf(DayOfWeek.class) : EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY), seed);
    }

    /** 1,500 closes of a 1%-a-day random walk on {@code days} of the week, as a CSV named for the symbol. */
    static Path walk(Path dir, String symbol, Set<DayOfWeek> days, long seed) throws Exception {
        SplittableRandom rnd = new SplittableRandom(seed);
        StringBuilder csv = new StringBuilder("date,close\n");
        double close = 100;
        LocalDate d = LocalDate.of(2010, 1, 4);
        for (int n = 0; n < 1500; d = d.plusDays(1)) {
            if (!days.contains(d.getDayOfWeek())) continue;
            n++;
            csv.append(d).append(',').append(String.format(java.util.Locale.ROOT, "%.6f", close)).append('\n');
            close *= Math.exp(0.01 * Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble()));
        }
        return Files.writeString(dir.resolve(symbol + ".csv"), csv);
    }

    @Test
    void aSevenDayMarketIsSweptAt365AndImportsAsTheLocalRun(@TempDir Path dir) throws Exception {
        SharedSpark.Fixture f = SharedSpark.fixture();
        try (Sextant engine = Sextant.open(new SextantHome(dir.resolve("home")))) {
            engine.importPrices(List.of(walk(dir, "WKND", true, 1), walk(dir, "CONT", false, 2)));
            engine.setTradingSession("CONT", "continuous");
            Path prices = dir.resolve("prices");
            engine.scaleOut().exportPricesParquet(prices);
            for (String symbol : List.of("WKND", "CONT")) {
                Path out = dir.resolve("sweep-" + symbol);
                StrategySweepJob.Plan plan = StrategySweepJob.run(f.spark(), prices.toString(), out.toString(),
                        new SweepArguments(StrategySweepJobTest.SPEC, List.of(symbol), null, null, null), 2);
                assertEquals(365.0, plan.job().barsPerYear(), symbol);
                assertEquals(365.0, plan.universe().barsPerYear(), symbol);

                // the same history in two sessions: two local runs, and a local run then the cluster's
                StrategyRunRequest local = new StrategyRunRequest("local-" + symbol, StrategySweepJobTest.SPEC, List.of(symbol), null, null, plan.job().oosStart(), 2);
                engine.backtest(local);
                StrategyRunSummary secondLocal = engine.backtest(local);
                engine.backtest(new StrategyRunRequest("cluster-" + symbol, StrategySweepJobTest.SPEC, List.of(symbol), null, null, plan.job().oosStart(), 2));
                StrategyRunSummary imported = engine.scaleOut().importStrategySweepJob(out, "cluster-" + symbol);
                assertEquals(365.0, imported.barsPerYear());
                assertEquals(secondLocal.annualisation(), imported.annualisation());
                assertEquals(withoutRunAndTime(secondLocal), withoutRunAndTime(imported), symbol + ": the run a local backtest saves");
            }

            // an export written before it had sessions: the job cannot tell CONT's week, and its import says so instead of mixing 252 and 365
            Path old = dir.resolve("prices-old");
            f.spark().read().parquet(prices.toString()).drop("session").write().partitionBy("symbol").parquet(old.toString());
            Path out = dir.resolve("sweep-old");
            StrategySweepJob.Plan plan = StrategySweepJob.run(f.spark(), old.toString(), out.toString(),
                    new SweepArguments(StrategySweepJobTest.SPEC, List.of("CONT"), null, null, null), 2);
            assertEquals(252.0, plan.job().barsPerYear());
            SextantException e = org.junit.jupiter.api.Assertions.assertThrows(SextantException.class,
                    () -> engine.scaleOut().importStrategySweepJob(out, "old"));
            assertEquals("output", e.field());
            assertTrue(e.getMessage().contains("the job annualised its figures with 252 bars a year, and this store's daily prices of [CONT] are annualised with 365"
                    + " bars a year (1d: CONT is on the continuous session)"), e.getMessage());
            assertEquals(0, engine.getSessionRegistry("old").configurations(), "nothing counted");
        }
    }

    /**
     * Attack 25, M2: a weekday market with a Sunday-to-Thursday one shares Mondays to Thursdays; the sweep counts them a year as
     * the app's run does (208 without holidays, not 252), and its import holds.
     */
    @Test
    void aUniverseOfDifferentWeeksIsSweptAtTheDatesAllShareAYear(@TempDir Path dir) throws Exception {
        SharedSpark.Fixture f = SharedSpark.fixture();
        try (Sextant engine = Sextant.open(new SextantHome(dir.resolve("home")))) {
            engine.importPrices(List.of(walk(dir, "WKDY", false, 6),
                    walk(dir, "TASI", EnumSet.of(DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY), 7)));
            Path prices = dir.resolve("prices"), out = dir.resolve("sweep");
            engine.scaleOut().exportPricesParquet(prices);
            List<String> symbols = List.of("WKDY", "TASI");
            StrategySweepJob.Plan plan = StrategySweepJob.run(f.spark(), prices.toString(), out.toString(),
                    new SweepArguments(StrategySweepJobTest.SPEC, symbols, null, null, null), 2);
            assertEquals(209.0, plan.job().barsPerYear(), "4 x 365.25 / 7");
            StrategyRunRequest local = new StrategyRunRequest("local", StrategySweepJobTest.SPEC, symbols, null, null, plan.job().oosStart(), 2);
            engine.backtest(local);
            StrategyRunSummary secondLocal = engine.backtest(local);
            engine.backtest(new StrategyRunRequest("cluster", StrategySweepJobTest.SPEC, symbols, null, null, plan.job().oosStart(), 2));
            StrategyRunSummary imported = engine.scaleOut().importStrategySweepJob(out, "cluster");
            assertEquals(secondLocal.annualisation(), imported.annualisation());
            assertTrue(imported.annualisation().endsWith("the run reads the dates all share: Monday to Thursday, 209 a year)"), imported.annualisation());
            assertEquals(withoutRunAndTime(secondLocal), withoutRunAndTime(imported), "the run a local backtest saves");
        }
    }

    private static String withoutRunAndTime(StrategyRunSummary s) {
        return s.toString().replaceAll("runId=[^,]*, sessionId=[^,]*, ", "").replaceAll("seconds=.*$", "");
    }
}
