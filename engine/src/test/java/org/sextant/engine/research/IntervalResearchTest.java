package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.analogue.AnalogueResponse;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.testing.TempSextant;

/**
 * Strategy runs on the USD/CHF 30-minute sample and on its daily resample, through the research
 * service. A long position of a fixed fraction earns the same each day either way, so its
 * annualised volatility must agree and its Sharpe ratio within sampling error; 252 a year on the
 * 30-minute bars would put the volatility off by sqrt(12480/252), about 7 times. A position sized
 * to a volatility target (measured over 20 days: 960 half-hour bars) must hold that target, which
 * it misses sevenfold when the sizing annualises with the wrong factor.
 */
class IntervalResearchTest {
    @TempSextant static Sextant engine;

    private static final String FIXED = "{\"type\": \"fixed_fraction\", \"inputs\": {\"signal\": \"long\"}, \"params\": {\"fraction\": [0.5, 1]}}";

    private static String volTarget(int lengthBars) {
        return "{\"type\": \"vol_target\", \"inputs\": {\"signal\": \"long\"}, \"params\": {\"target\": [0.05, 0.08], \"length\": "
                + lengthBars + ", \"max_leverage\": 10}}";
    }

    private static String spec(String sizing) {
        return """
                {"version": 1, "name": "long USD/CHF", "nodes": {
                  "close": {"type": "price"},
                  "long": {"type": "threshold", "inputs": {"series": "close"}, "params": {"enter_below": 1000, "exit_above": 1000}},
                  "size": %s,
                  "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}}}}
                """.formatted(sizing);
    }

    private static StrategyRunSummary run(String interval, String sizing) {
        return engine.backtest(new StrategyRunRequest("intervals", spec(sizing), List.of("USDCHF"), null, null, null, 2, null, interval));
    }

    /** A run over the sample's last months only, where the whole history is not what is tested (a cheaper test). */
    private static StrategyRunSummary recent(String interval, String sizing) {
        return engine.backtest(new StrategyRunRequest("intervals", spec(sizing), List.of("USDCHF"), LocalDate.of(2000, 4, 3), LocalDate.of(2001, 3, 30),
                LocalDate.of(2000, 12, 1), 2, null, interval));
    }

    /** The chosen configuration's value of a swept parameter (the runs may pick different ones: their Sharpe ratios tie). */
    private static double chosen(StrategyRunSummary s, String parameter) {
        return ((Number) s.chosen().get(parameter)).doubleValue();
    }

    @Test
    void thirtyMinuteBarsAndTheirDailyResampleAgreeWithinSamplingError() {
        StrategyRunSummary daily = run(null, FIXED);          // USDCHF has no daily prices: 1d is resampled from 30m
        StrategyRunSummary bars = run("30m", FIXED);
        assertEquals("1d", daily.interval());
        assertEquals(260, daily.barsPerYear());
        assertEquals("30m", bars.interval());
        assertEquals(12_480, bars.barsPerYear());
        assertEquals("annualised with 12,480 bars a year (30m, fx session)", bars.annualisation());
        assertTrue(bars.verdictText().endsWith("; annualised with 12,480 bars a year (30m, fx session)"), bars.verdictText());
        assertEquals(bars.annualisation(), bars.reasons().get(bars.reasons().size() - 1));
        assertTrue(daily.verdictText().endsWith("(1d, fx session)"), daily.verdictText());

        Metrics d = daily.inSample(), b = bars.inSample();
        assertTrue(b.bars() > 40 * d.bars(), "half-hour bars: " + b.bars() + " vs days " + d.bars());
        double onDays = d.volatility() / chosen(daily, "size.fraction"), onBars = b.volatility() / chosen(bars, "size.fraction");
        assertEquals(onDays, onBars, 0.15 * onDays, "annualised volatility (per unit held) from 30m and from daily bars");
        double perDay = d.sharpe() / Math.sqrt(260);
        double standardError = Math.sqrt((1 + perDay * perDay / 2) / d.bars()) * Math.sqrt(260); // Lo (2002), annualised
        assertTrue(Math.abs(b.sharpe() - d.sharpe()) < 2 * standardError,
                "Sharpe on 30m " + b.sharpe() + " vs daily " + d.sharpe() + ", standard error " + standardError);
        double with252 = onBars * Math.sqrt(252.0 / 12_480);
        assertTrue(Math.abs(with252 - onDays) > 0.5 * onDays, "a daily factor on 30m bars is caught: " + with252);
    }

    @Test
    void aVolatilityTargetIsHeldOnThirtyMinuteBars() {
        StrategyRunSummary bars = recent("30m", volTarget(20 * 48));
        assertEquals(1, bars.inSample().volatility() / chosen(bars, "size.target"), 0.4, "30m: " + bars.inSample().volatility());
    }

    @Test
    void aStoredIntervalRunKeepsItsIntervalAndReplaysOnIt() {
        StrategyRunSummary bars = recent("1h", FIXED);
        RunDetail stored = engine.getRun(bars.runId(), false, false);
        assertEquals("1h", stored.info().interval());
        assertEquals(6_240, stored.info().barsPerYear());
        assertEquals(bars.verdictText(), stored.statistics().verdictText());
        int other = 1 - stored.chosenConfiguration();
        assertEquals(other, engine.selectConfiguration(bars.runId(), other).selectedConfiguration(), "replayed on its 1h bars, not on days");
    }

    @Test
    void historyIsComparedOnTheDailyResampleOfIntradayBars() {
        BarSeries days = engine.getBars("USDCHF", "1d", null, null);
        AnalogueResponse r = engine.compareToHistory(Map.of("benchmark", "USDCHF", "horizon", 5));
        assertEquals("USDCHF", r.benchmark());
        assertEquals(days.bars().get(days.size() - 1).date(), r.tradeDate(), "matched as of the last resampled trading day");
        assertTrue(r.totalHistoryDays() <= days.size() && r.totalHistoryDays() >= days.size() - 1,
                "one row per trading day of the resample (" + days.size() + "), not per half-hour bar: " + r.totalHistoryDays());
        assertTrue(r.sampleSize() > 0 && r.forward(5).count() > 0, "analogues found with what followed them: " + r.forward(5));
    }

    /** A symbol with fewer bars in its whole history than a run needs is named with its count, as on daily prices, not told to widen the range. */
    @Test
    void aSymbolWithTooFewBarsIsRefusedNamingSymbols(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        StringBuilder csv = new StringBuilder("datetime,close\n");
        for (int h = 0; h < 10; h++) csv.append("2020-01-0").append(2 + h / 5).append("T").append(10 + h % 5).append(":00:00Z,").append(1.1 + h / 100.0).append('\n');
        engine.importPrices(List.of(java.nio.file.Files.writeString(dir.resolve("FEWBARS.csv"), csv)));
        for (LocalDate from : java.util.Arrays.asList(null, LocalDate.of(2020, 1, 2))) {
            SextantException e = assertThrows(SextantException.class, () -> engine.backtest(
                    new StrategyRunRequest("intervals", spec(FIXED), List.of("FEWBARS"), from, null, null, 1, null, "1h")));
            assertEquals("symbols", e.field(), e.getMessage());
            assertEquals("FEWBARS has only 10 1h bars (2020-01-02 10:00 to 2020-01-03 14:00); a strategy run needs at least 33 common bars"
                    + " (the overfitting statistics cut their returns into 16 blocks of 2 or more)", e.getMessage());
            assertEquals("import a longer history of FEWBARS, or leave it out", e.fix());
        }
    }

    @Test
    void whatCannotRunAtAnIntervalIsRefusedNamingTheField() {
        assertEquals("interval", assertThrows(SextantException.class, () -> run("7m", FIXED)).field());
        SextantException daily = assertThrows(SextantException.class, () -> engine.backtest(
                new StrategyRunRequest("intervals", spec(FIXED), List.of("AA", "USDCHF"), null, null, null, 1, null, "30m")));
        assertEquals("interval", daily.field(), "AA has daily prices only: " + daily.getMessage());
        SextantException sessions = assertThrows(SextantException.class, () -> engine.backtest(
                new StrategyRunRequest("intervals", spec(FIXED), List.of("AA", "USDCHF"), null, null, null, 1, null, "1d")));
        assertEquals("symbols", sessions.field(), sessions.getMessage());
        String analogue = """
                {"version": 1, "nodes": {"src": {"type": "analogue", "params": {"horizon": 5, "every": 5}},
                  "long": {"type": "forecast_above", "inputs": {"forecast": "src"}},
                  "size": {"type": "fixed_fraction", "inputs": {"signal": "long"}},
                  "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}}}}
                """;
        SextantException matcher = assertThrows(SextantException.class, () -> engine.backtest(
                new StrategyRunRequest("intervals", analogue, List.of("USDCHF"), LocalDate.of(2001, 1, 2), LocalDate.of(2001, 3, 30),
                LocalDate.of(2001, 3, 1), 1, null, "30m")));
        assertEquals("interval", matcher.field(), matcher.getMessage());
    }
}
