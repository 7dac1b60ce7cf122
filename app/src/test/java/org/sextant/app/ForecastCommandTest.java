package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.ForecastService.SymbolForecast;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.forecast.RewardRisk;
import org.sextant.engine.forecast.store.StoredForecast.LevelCoverage;

/** The forecast text comes from the engine's record, the same whether it crossed the app's HTTP API or not. */
class ForecastCommandTest {
    private static final String TEXT = """
            XYZ naive (on log prices) from 2001-01-02 (last 10.000) to 2001-01-04, 2 business days, conformal bands
              days: weekdays
              median 10.600; 80% 10.500..12.000
              reward/risk 80%: no downside
              walk-forward coverage 80%: n/a (0 origins)
              note: history too short
            """;

    /** A forecast whose lower band stays above the last close: the ratio is unbounded. */
    private static SymbolForecast noDownside() {
        Forecast f = new Forecast("log_naive", new double[] {10.5, 10.6}, List.of(new QuantileBand(0.8, new double[] {10.2, 10.5}, new double[] {11, 12})));
        return new SymbolForecast(new PriceForecast("XYZ", "log_naive", LocalDate.of(2001, 1, 2), 10, List.of(LocalDate.of(2001, 1, 3),
                LocalDate.of(2001, 1, 4)), "weekdays", "business days", f, List.of(RewardRisk.of(f, 10, 0.8, 2)), "conformal", List.of(new LevelCoverage(0.8, null, 0)),
                "history too short"), null);
    }

    @Test
    void anUnboundedRewardRiskReadsNoDownsideInProcessAndOverTheWire() {
        SymbolForecast inProcess = Json.MAPPER.treeToValue(Json.MAPPER.valueToTree(noDownside()), SymbolForecast.class);
        SymbolForecast overHttp = Json.MAPPER.readValue(Json.write(noDownside()), SymbolForecast.class);
        assertEquals(Double.POSITIVE_INFINITY, overHttp.forecast().rewardRisk().get(0).ratio());
        assertEquals(TEXT, text(inProcess));
        assertEquals(TEXT, text(overHttp));
    }

    /** A job's symbol whose closes are warned about (a bad tick, a split, weekly dates) prints get_forecast's warning under its forecast. */
    @Test
    void aJobsDataWarningIsPrintedUnderItsSymbol() {
        SymbolForecast warned = new SymbolForecast(noDownside().forecast(), null, "XYZ: its 150 daily closes are dated a median 7 days apart");
        SymbolForecast overHttp = Json.MAPPER.readValue(Json.write(warned), SymbolForecast.class);
        assertEquals(TEXT + "  warning: XYZ: its 150 daily closes are dated a median 7 days apart\n", text(overHttp));
        assertEquals(TEXT, text(noDownside()), "none without a warning");
    }

    @Test
    void aBoundedRewardRiskPrintsItsNumberOverTheWire() {
        // upside 12/10 − 1 = 0.2 over downside 1 − 9/10 = 0.1 (the CLI printed "no downside" for every forecast once)
        Forecast f = new Forecast("log_naive", new double[] {10.5, 10.6}, List.of(new QuantileBand(0.8, new double[] {9.5, 9}, new double[] {11, 12})));
        SymbolForecast bounded = new SymbolForecast(new PriceForecast("XYZ", "log_naive", LocalDate.of(2001, 1, 2), 10, List.of(LocalDate.of(2001, 1, 3),
                LocalDate.of(2001, 1, 4)), "weekdays", "business days", f, List.of(RewardRisk.of(f, 10, 0.8, 2)), "conformal", List.of(new LevelCoverage(0.8, null, 0)),
                "history too short"), null);
        SymbolForecast overHttp = Json.MAPPER.readValue(Json.write(bounded), SymbolForecast.class);
        assertEquals(TEXT.replace("10.500..12.000", "9.000..12.000").replace("80%: no downside", "80%: 2.00"), text(overHttp));
    }

    @Test
    void aBandWithNoSpreadPrintsNoSpreadOverTheWire() {
        // a flat series: both edges a few ulps off the last close, once printed as a ratio of 2
        Forecast f = new Forecast("log_naive", new double[] {10, 10}, List.of(new QuantileBand(0.8, new double[] {10, 10 - 1e-14}, new double[] {10, 10 + 2e-14})));
        SymbolForecast flat = new SymbolForecast(new PriceForecast("XYZ", "log_naive", LocalDate.of(2001, 1, 2), 10, List.of(LocalDate.of(2001, 1, 3),
                LocalDate.of(2001, 1, 4)), "weekdays", "business days", f, List.of(RewardRisk.of(f, 10, 0.8, 2)), "conformal", List.of(new LevelCoverage(0.8, null, 0)),
                "history too short"), null);
        SymbolForecast overHttp = Json.MAPPER.readValue(Json.write(flat), SymbolForecast.class);
        assertEquals(TEXT.replace("10.600; 80% 10.500..12.000", "10.000; 80% 10.000..10.000").replace("80%: no downside", "80%: no spread"), text(overHttp));
    }

    @Test
    void barsAreNamedByTheirTimeOnTheSessionsClockAndTheirBacktestByItsOrigins() {
        SymbolForecast daily = noDownside();
        org.sextant.engine.forecast.BarForecast bars = new org.sextant.engine.forecast.BarForecast("XYZ", "4h", "fx", "America/New_York", 1560,
                "2001-03-30T18:00Z", "2001-03-30T13:00-05:00", List.of("2001-04-01T21:00Z", "2001-04-02T01:00Z"),
                List.of("2001-04-01T17:00-04:00", "2001-04-01T21:00-04:00"), daily.forecast());
        StringBuilder sb = new StringBuilder();
        ForecastCommand.printBars(sb, Json.MAPPER.readValue(Json.write(bars), org.sextant.engine.forecast.BarForecast.class));
        assertEquals(TEXT.replace("XYZ naive (on log prices) from 2001-01-02 (last 10.000) to 2001-01-04, 2 business days, conformal bands",
                "XYZ naive (on log prices) at 4h from 2001-03-30T13:00-05:00 (last 10.000) to 2001-04-01T21:00-04:00, 2 bars of the fx session, conformal bands"), sb.toString());

        org.sextant.engine.forecast.WalkForwardBacktest.Result r = new org.sextant.engine.forecast.WalkForwardBacktest.Result("log_naive", 2, 0.0071,
                new double[] {0.005, 0.009}, new double[] {0.8}, new double[] {0.77}, new double[] {0.01}, new double[] {0.763}, new double[] {0.01},
                new double[] {Double.NaN}, 2);
        org.sextant.engine.forecast.BarBacktestError e = new org.sextant.engine.forecast.BarBacktestError("XYZ", "4h", "fx", "America/New_York", 1560,
                List.of("1999-04-30T17:00Z", "2001-02-28T18:00Z"), List.of("1999-04-30T13:00-04:00", "2001-02-28T13:00-05:00"), r);
        sb.setLength(0);
        ForecastCommand.printBacktest(sb, Json.MAPPER.readTree(Json.write(e)), "4h", null);
        assertEquals("""
                  backtest at 4h: 2 origins from 1999-04-30T13:00-04:00 to 2001-02-28T13:00-05:00, mean absolute log error 0.71%
                  coverage 80%: model 77.0, conformal 76.3, adaptive n/a
                  note: only 2 origin(s) scored: the error and coverage rest on few forecasts; --origins weekly or a larger --eval-fraction give more
                """, sb.toString());
    }

    private static org.sextant.engine.forecast.WalkForwardBacktest.Result backtest(int origins, double... malePerStep) {
        return new org.sextant.engine.forecast.WalkForwardBacktest.Result("log_naive", origins, 0.0328, malePerStep, new double[] {0.8},
                new double[] {0.9}, new double[] {0.01}, new double[] {0.7}, new double[] {0.01}, new double[] {0.7}, origins);
    }

    /**
     * MSFT's 249 closes backtested at horizon 5 score 4 monthly origins: the CLI printed coverage 80% conformal 70.0 as if it
     * measured the bands, while the stored answer noted that it rests on few forecasts; the note is printed, in the CLI's options.
     */
    @Test
    void aBacktestOnFewOriginsSaysSoWithTheOptionsThatGiveMore() {
        SymbolForecast job = new SymbolForecast(noDownside().forecast(), backtest(4, 0.018, 0.022));
        String printed = text(Json.MAPPER.readValue(Json.write(job), SymbolForecast.class));
        assertEquals(TEXT + """
                  backtest: 4 monthly origins, mean absolute log error 3.28%
                  coverage 80%: model 90.0, conformal 70.0, adaptive 70.0
                  note: only 4 origin(s) scored: the error and coverage rest on few forecasts; --origins weekly or a larger --eval-fraction (with --interval 1d) give more
                """, printed);
        String enough = text(new SymbolForecast(noDownside().forecast(), backtest(5, 0.018, 0.022)));
        assertEquals(false, enough.contains("note: only"), enough);
    }

    /** A horizon longer than the evaluated stretch leaves its last steps unscored: said, with the horizon that scores every step. */
    @Test
    void aBacktestWithUnscoredStepsNamesTheHorizonThatScoresThemAll() {
        StringBuilder sb = new StringBuilder();
        ForecastCommand.printBacktest(sb, Json.MAPPER.readTree(Json.write(backtest(12, 0.018, 0.022, Double.NaN))), "1d", null);
        assertEquals("""
                  backtest at 1d: 12 monthly origins, mean absolute log error 3.28%
                  coverage 80%: model 90.0, conformal 70.0, adaptive 70.0
                  note: only steps 1..2 of the horizon 3 have a score (an origin is scored up to the last close): the error and coverage average those steps; --horizon 2 or a larger --eval-fraction scores every step
                """, sb.toString());
    }

    /** --interval 1d --origins weekly printed "21 monthly origins": the count is named by the rule that placed them. */
    @Test
    void aDailyBacktestNamesTheOriginRuleAskedFor() {
        String answer = Json.write(backtest(21, 0.018, 0.022));
        StringBuilder sb = new StringBuilder();
        ForecastCommand.printBacktest(sb, Json.MAPPER.readTree(answer), "1d", "weekly");
        assertEquals("  backtest at 1d: 21 weekly origins, mean absolute log error 3.28%", sb.toString().lines().findFirst().orElseThrow());
        sb.setLength(0);
        ForecastCommand.printBacktest(sb, Json.MAPPER.readTree(answer), "1d", "7");
        assertEquals("  backtest at 1d: 21 origins every 7 bars, mean absolute log error 3.28%", sb.toString().lines().findFirst().orElseThrow());
        sb.setLength(0);
        ForecastCommand.printBacktest(sb, Json.MAPPER.readTree(answer), "1d", null);
        assertEquals("  backtest at 1d: 21 monthly origins, mean absolute log error 3.28%", sb.toString().lines().findFirst().orElseThrow());
    }

    /**
     * A series trading Saturdays and Sundays steps on those days ({@code days:}), and its header said "20 business days" (ten
     * weeks, not four): it counts the days it trades, as the engine says them, also over the wire.
     */
    @Test
    void aWeekendSeriesHeaderCountsTheDaysItTrades() {
        List<org.sextant.engine.data.PriceBar> bars = new java.util.ArrayList<>();
        for (LocalDate d = LocalDate.of(2022, 1, 1); !d.isAfter(LocalDate.of(2024, 12, 29)); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() >= 6) bars.add(new org.sextant.engine.data.PriceBar(d, null, null, null, 100 + bars.size() % 7, null, null));
        }
        PriceForecast f = PriceForecast.of(org.sextant.engine.forecast.ForecastModels.BUILT_IN, org.sextant.engine.data.PriceSeries.of("WKEND", null, null, bars),
                "naive", 20, new double[] {0.8});
        String header = text(Json.MAPPER.readValue(Json.write(new SymbolForecast(f, null)), SymbolForecast.class)).lines().limit(2).toList().toString();
        assertEquals("[WKEND naive (on log prices) from 2024-12-29 (last 105.00) to 2025-03-09, 20 trading days (Saturday, Sunday), model bands,"
                + "   days: Saturday, Sunday, the days the series trades]", header);
    }

    /** A DAX future printed "last 1.420e+04 ... 80% 1.410e+04..1.429e+04": prices are plain decimals of at least 5 digits. */
    @Test
    void pricesArePlainDecimalsWithDigitsForTheirSize() {
        assertEquals("14203.25", ForecastCommand.price(14203.25));
        assertEquals("123456789.00", ForecastCommand.price(123456789));
        assertEquals("1.7433", ForecastCommand.price(1.74331));
        assertEquals("10.000", ForecastCommand.price(10));
        assertEquals("0.0012346", ForecastCommand.price(0.00123456));
        assertEquals("-2.5000", ForecastCommand.price(-2.5));
    }

    /** Asked for theta, the person read log_theta: the name asked for, and how it was fitted. */
    @Test
    void theModelIsNamedAsAskedFor() {
        assertEquals("theta (on log prices)", ForecastCommand.asked("log_theta"));
        assertEquals("global", ForecastCommand.asked("global"));
    }

    /**
     * MSFT.OHLCV's closes end Thursday 2001-09-27: `sextant forecast` started from 2001-09-21 where get_forecast started from
     * 2001-09-27, and a person comparing them read one as wrong. The line names the start's rule and how to start from the last close.
     */
    @Test
    void aWeekAlignedStartSaysItsRuleAndHowToStartFromTheLastClose() {
        assertEquals("  starts from 2001-09-21, the last close of the last completed week (as every forecast job and scan): the closes after it "
                + "(to 2001-09-27) are used once their week ends; --interval 1d forecasts from the last close, as get_forecast does (not stored)\n",
                ForecastCommand.leftOut(LocalDate.of(2001, 9, 21), LocalDate.of(2001, 9, 27)));
        assertEquals("", ForecastCommand.leftOut(LocalDate.of(2001, 9, 21), LocalDate.of(2001, 9, 21)), "the last close is the start: nothing to say");
    }

    private static String text(SymbolForecast one) {
        StringBuilder sb = new StringBuilder();
        ForecastCommand.print(sb, one);
        return sb.toString();
    }
}
