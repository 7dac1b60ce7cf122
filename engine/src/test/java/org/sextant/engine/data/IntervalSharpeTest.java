package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * The same strategy on USD/CHF 30-minute bars and on their daily resample: held from one 17:00
 * New York close to the next in the direction of the previous day's move. Its daily P&L is the
 * same either way, so annualised with the right bars per year (12,480 for 30m fx bars, 260 for
 * daily) its volatility and Sharpe must agree within sampling error; a 252-a-year factor on the
 * 30-minute bars would put the volatility off by sqrt(12480/252), about 7 times.
 */
class IntervalSharpeTest {
    @TempDir Path tmp;

    @Test
    void sharpeOn30MinuteBarsAndOnTheDailyResampleAgree() {
        try (Store store = SampleStoreCopy.openSample(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            BarReader reader = new BarReader(store);
            BarSeries daily = reader.read("USDCHF", BarInterval.D1, null, null);
            BarSeries bars = reader.read("USDCHF", BarInterval.M30, null, null);
            assertEquals(260, daily.barsPerYear());
            assertEquals(260 * 48, bars.barsPerYear());

            // the position of trading day D: the sign of day D-1's close-to-close move
            Map<LocalDate, Double> position = new HashMap<>();
            double[] dailyReturns = new double[daily.size()];
            List<IntervalBar> d = daily.bars();
            for (int t = 2; t < d.size(); t++) {
                double side = Math.signum(d.get(t - 1).close() - d.get(t - 2).close());
                position.put(d.get(t).date(), side);
                dailyReturns[t] = side * (d.get(t).close() / d.get(t - 1).close() - 1);
            }
            // the same positions over each 30-minute bar of the day (from the previous bar's close)
            double[] barReturns = new double[bars.size()];
            List<IntervalBar> b = bars.bars();
            for (int i = 1; i < b.size(); i++) {
                Double side = position.get(b.get(i).date());
                if (side != null) barReturns[i] = side * (b.get(i).close() / b.get(i - 1).close() - 1);
            }
            int firstBar = 0;
            while (firstBar < b.size() && !b.get(firstBar).date().equals(d.get(2).date())) firstBar++;
            Metrics onDaily = Metrics.of(dailyReturns, null, null, 2, dailyReturns.length, daily.barsPerYear());
            Metrics onBars = Metrics.of(barReturns, null, null, firstBar, barReturns.length, bars.barsPerYear());

            double years = (dailyReturns.length - 2) / daily.barsPerYear();
            double perDay = onDaily.sharpe() / Math.sqrt(daily.barsPerYear());
            double standardError = Math.sqrt((1 + perDay * perDay / 2) / (dailyReturns.length - 2)) * Math.sqrt(daily.barsPerYear()); // Lo (2002), annualised
            assertTrue(years > 4.5, "five years of days: " + years);
            assertTrue(Math.abs(onBars.sharpe() - onDaily.sharpe()) < 2 * standardError,
                    "Sharpe on 30m " + onBars.sharpe() + " vs daily " + onDaily.sharpe() + ", standard error " + standardError);
            assertEquals(onDaily.volatility(), onBars.volatility(), 0.15 * onDaily.volatility(), "annualised volatility from 30m and from daily bars");
            double wrongFactor = onBars.volatility() * Math.sqrt(252.0 / bars.barsPerYear());
            assertTrue(Math.abs(wrongFactor - onDaily.volatility()) > 0.5 * onDaily.volatility(), "a daily factor on 30m bars is caught: " + wrongFactor);
        }
    }
}
