package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.research.QueuedBacktestRecheckTest;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * Daily closes spaced far past trading days with no bar interval for them (attack 14, M1): quarter-ends, year-ends and
 * Fridays two weeks apart, and a daily history whose last 300 closes are weekly, imported as daily prices, are warned of
 * wherever the weekly ones are (get_forecast, get_chart_data, get_backtest_error, a scan's row, a run's warnings and
 * verdict), with the factor their annual figures are off by and the per-step reading. A daily history with a hole or
 * holidays in its recent part, a one-day-in-three stock's, and one that was weekly long ago, are not.
 */
class SpacedClosesRoutesTest {
    @TempSextant private Sextant engine;

    private JsonNode call(String method, String json) {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
    }

    /** A Date,Close file of {@code dates}, a seeded 2% walk. */
    private static Path file(Path dir, String symbol, List<LocalDate> dates) throws Exception {
        Random moves = new Random(symbol.hashCode());
        StringBuilder csv = new StringBuilder("Date,Close\n");
        double c = 100;
        for (LocalDate d : dates) csv.append(d).append(',').append(c *= 1 + 0.02 * moves.nextGaussian()).append('\n');
        return Files.writeString(dir.resolve(symbol + ".csv"), csv);
    }

    /** {@code n} weekdays from {@code from}. */
    private static List<LocalDate> weekdays(LocalDate from, int n) {
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = from; out.size() < n; d = d.plusDays(1)) if (d.getDayOfWeek().getValue() <= 5) out.add(d);
        return out;
    }

    /** {@code n} dates {@code days} apart from {@code from}. */
    private static List<LocalDate> every(LocalDate from, int n, int days) {
        List<LocalDate> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(from.plusDays((long) i * days));
        return out;
    }

    private static List<LocalDate> quarterEnds(int n) {
        List<LocalDate> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(LocalDate.of(1980, 1, 1).plusMonths(3L * (i + 1)).minusDays(1));
        return out;
    }

    private static final String QUARTERLY = "QTRX: its 140 daily closes are dated a median 92 days apart, as quarterly prices are, yet read as daily prices: "
            + "a forecast dates its steps day by day and a backtest annualises with 252 bars a year (a Sharpe ratio and volatility about x8.0 too large); "
            + "Sextant has no bar interval for quarterly prices (1w and 1mo bars would count 52 or 12 a year, not 4), so read the answers per quarter: "
            + "a forecast's step is a quarter whatever date it names, and a backtest's annual figures count 252 quarters a year "
            + "(divide its Sharpe ratio and volatility by about 8.0; its CAGR is the growth of 252 quarters)";

    @Test
    void quarterlyClosesAreWarnedInForecastChartScanAndBacktest(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(file(dir, "QTRX", quarterEnds(140))));
        JsonNode f = call("get_forecast", "{\"symbol\":\"QTRX\",\"horizon\":4}");
        String w = f.get("data_warning").asString();
        assertEquals(QUARTERLY, w);
        assertEquals(w, call("get_chart_data", "{\"symbol\":\"QTRX\",\"days\":30}").get("data_warning").asString());
        assertEquals(w, call("get_backtest_error", "{\"symbol\":\"QTRX\",\"horizon\":4,\"origins\":\"20\"}").get("data_warning").asString());
        JsonNode scan = call("scan_forecasts", "{\"symbols\":[\"QTRX\",\"KO\"],\"horizon\":5,\"min_history\":30}");
        for (JsonNode row : scan.get("rows")) {
            // the scan fits the closes up to its week-aligned start: the last quarter-end, a Wednesday, is after it
            if (row.get("symbol").asString().equals("QTRX")) assertEquals(w.replace("140", "139").replace("92 days", "91.5 days").replace("8.0", "7.9"),
                    row.get("data_warning").asString(), scan.toString());
            else assertTrue(row.get("data_warning").isNull(), row.toString());
        }
        assertEquals(2, scan.get("rows").size(), scan.toString());

        JsonNode run = call("backtest", "{\"spec\":" + Json.MAPPER.valueToTree(QueuedBacktestRecheckTest.SPEC) + ",\"symbols\":[\"QTRX\"],\"session_id\":\"q\"}");
        assertTrue(strings(run.get("warnings")).contains(w), run.get("warnings").toString());
        String cited = "the dates it reads are a median 92 days apart, quarterly prices read as daily ones: its annual figures count 252 of them a year";
        assertTrue(run.get("verdict_text").asString().contains(cited), run.get("verdict_text").asString());
    }

    @Test
    void yearlyClosesAreWarnedWithTheirFactor(@TempDir Path dir) throws Exception {
        List<LocalDate> years = new ArrayList<>();
        for (int y = 1980; y < 2020; y++) years.add(LocalDate.of(y, 12, 31));
        engine.importPrices(List.of(file(dir, "YRX", years)));
        assertEquals("YRX: its 40 daily closes are dated a median 365 days apart, as yearly prices are, yet read as daily prices: a forecast dates its steps day by day "
                + "and a backtest annualises with 252 bars a year (a Sharpe ratio and volatility about x16 too large); Sextant has no bar interval for yearly prices "
                + "(1w and 1mo bars would count 52 or 12 a year, not 1), so read the answers per year: a forecast's step is a year whatever date it names, and a "
                + "backtest's annual figures count 252 years a year (divide its Sharpe ratio and volatility by about 16; its CAGR is the growth of 252 years)",
                call("get_forecast", "{\"symbol\":\"YRX\",\"horizon\":4}").get("data_warning").asString());
    }

    @Test
    void biweeklyClosesAreWarnedWithTheirFactor(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(file(dir, "BIWX", every(LocalDate.of(2003, 1, 3), 300, 14))));
        String b = call("get_chart_data", "{\"symbol\":\"BIWX\",\"days\":30}").get("data_warning").asString();
        assertTrue(b.startsWith("BIWX: its 300 daily closes are dated a median 14 days apart, as biweekly prices are, yet read as daily prices: ")
                && b.contains("(a Sharpe ratio and volatility about x3.1 too large); Sextant has no bar interval for biweekly prices (1w and 1mo bars would count 52 or 12 a year, not 26), "
                        + "so read the answers per fortnight: a forecast's step is a fortnight whatever date it names"), b);
    }

    /**
     * Weekdays 2000-2005, then 300 Fridays: the whole median is a day, its last 301 closes (the last weekday and the
     * Fridays) each more than 4 days apart, named from the last weekday on.
     */
    @Test
    void aDailyHistoryThatTurnedWeeklyIsWarnedOfItsRecentPart(@TempDir Path dir) throws Exception {
        List<LocalDate> dates = new ArrayList<>(weekdays(LocalDate.of(2000, 1, 3), 1500));
        LocalDate d = dates.get(dates.size() - 1).plusDays(1);
        while (d.getDayOfWeek() != DayOfWeek.FRIDAY) d = d.plusDays(1);
        dates.addAll(every(d, 300, 7));
        engine.importPrices(List.of(file(dir, "MIXW", dates)));
        LocalDate from = dates.get(1499);
        String w = call("get_forecast", "{\"symbol\":\"MIXW\",\"horizon\":4}").get("data_warning").asString();
        assertEquals("MIXW: its last 301 daily closes (from " + from + ", of 1800) are dated a median 7 days apart, as weekly prices are, yet read as daily prices: "
                + "a forecast dates its steps on weekdays and a backtest annualises with 252 bars a year (a Sharpe ratio and volatility about x2.2 too large); "
                + "if they are weekly prices, import them as 1w bars: a file of one date per week that holds no daily symbol imports so (docs/data.md), then ask with interval \"1w\"", w);
        JsonNode run = call("backtest", "{\"spec\":" + Json.MAPPER.valueToTree(QueuedBacktestRecheckTest.SPEC) + ",\"symbols\":[\"MIXW\"],\"session_id\":\"m\"}");
        String cited = "the last 301 dates it reads (from " + from + ") are a median 7 days apart, weekly prices read as daily ones";
        assertTrue(run.get("verdict_text").asString().contains(cited), run.get("verdict_text").asString());
    }

    /**
     * Daily histories whose recent part is daily: a 3-month hole and holidays among the last 120 closes, 300 Fridays long
     * ago before 1,500 weekdays, and a stock trading one weekday in three over 400 closes: none warned.
     */
    @Test
    void recentDailyPartsWithHolesOrOldWeeksOrFewTradesAreNotWarned(@TempDir Path dir) throws Exception {
        List<LocalDate> holed = new ArrayList<>();
        for (LocalDate d : weekdays(LocalDate.of(2010, 1, 4), 900)) {
            boolean hole = d.getYear() == 2013 && d.getMonthValue() >= 3 && d.getMonthValue() <= 5;
            boolean holiday = d.getDayOfMonth() == 1 || d.getMonthValue() == 12 && d.getDayOfMonth() >= 24;
            if (!hole && !holiday) holed.add(d);
        }
        assertTrue(holed.get(holed.size() - 120).getYear() < 2013, "the hole is within the last 120 closes");
        List<LocalDate> oldWeeks = new ArrayList<>(every(LocalDate.of(1990, 1, 5), 300, 7));
        oldWeeks.addAll(weekdays(LocalDate.of(1996, 1, 1), 1500));
        Random trades = new Random(11);
        List<LocalDate> thin = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2010, 1, 4); thin.size() < 400; d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() <= 5 && trades.nextInt(3) == 0) thin.add(d);
        }
        engine.importPrices(List.of(file(dir, "HOLED", holed), file(dir, "OLDW", oldWeeks), file(dir, "THIN3", thin)));
        for (String s : List.of("HOLED", "OLDW", "THIN3")) {
            JsonNode f = call("get_forecast", "{\"symbol\":\"" + s + "\",\"horizon\":5}");
            assertFalse(f.has("data_warning"), s + ": " + f.path("data_warning"));
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asString()));
        return out;
    }
}
