package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import org.sextant.engine.forecast.PeriodicCloses;
import org.sextant.engine.research.QueuedBacktestRecheckTest;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * A weekly symbol stored as daily prices (attack 13, M1 and M2: its long file also held a daily symbol, so it imported as
 * 1d without a note) is warned about wherever its daily closes are read: get_forecast, get_chart_data, a scan's row, a
 * backtest's warnings and verdict. Daily symbols with holidays and gaps, or trading every few days, and the sample's, are not; once the
 * symbol also has 1w bars, the fix says to ask with interval "1w".
 */
class PeriodicClosesRoutesTest {
    @TempSextant private Sextant engine;

    private JsonNode call(String method, String json) {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
    }

    /** A long file: DAYX on 500 weekdays and WEEKX on 150 Fridays from 2010-01-04, each a seeded 1% walk. */
    static Path mixed(Path file) throws Exception {
        return org.sextant.engine.testing.WarnedFiles.weeklyAmongDaily(file);
    }

    private static final String WEEKLY = "WEEKX: its 150 daily closes are dated a median 7 days apart, as weekly prices are, yet read as daily prices: "
            + "a forecast dates its steps on weekdays and a backtest annualises with 252 bars a year (a Sharpe ratio and volatility about x2.2 too large)";

    @Test
    void aWeeklySymbolStoredAsDailyIsWarnedInForecastChartScanAndBacktest(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(mixed(dir.resolve("mixed.csv"))));
        JsonNode f = call("get_forecast", "{\"symbol\":\"WEEKX\",\"horizon\":5}");
        LocalDate origin = LocalDate.parse(f.get("origin").asString()), first = LocalDate.parse(f.get("target_dates").get(0).asString());
        assertTrue(first.isBefore(origin.plusDays(4)), "the weeks read as days: the next step is a weekday, " + origin + " then " + first);
        String w = f.get("data_warning").asString();
        assertEquals(WEEKLY + "; if they are weekly prices, import them as 1w bars: a file of one date per week that holds no daily symbol imports so "
                + "(docs/data.md), then ask with interval \"1w\"", w);
        assertEquals(w, call("get_chart_data", "{\"symbol\":\"WEEKX\",\"days\":30}").get("data_warning").asString());
        assertEquals(w, call("get_backtest_error", "{\"symbol\":\"WEEKX\",\"horizon\":5,\"origins\":\"20\"}").get("data_warning").asString());
        assertFalse(call("get_forecast", "{\"symbol\":\"DAYX\",\"horizon\":5}").has("data_warning"), "the daily symbol beside it");

        JsonNode scan = call("scan_forecasts", "{\"symbols\":[\"WEEKX\",\"DAYX\"],\"min_history\":100}");
        for (JsonNode row : scan.get("rows")) {
            if (row.get("symbol").asString().equals("WEEKX")) assertEquals(w, row.get("data_warning").asString(), scan.toString());
            else assertTrue(row.get("data_warning").isNull(), row.toString());
        }
        assertEquals(2, scan.get("rows").size(), scan.toString());

        JsonNode run = call("backtest", "{\"spec\":" + Json.MAPPER.valueToTree(QueuedBacktestRecheckTest.SPEC) + ",\"symbols\":[\"WEEKX\"],\"session_id\":\"m1\"}");
        assertTrue(strings(run.get("warnings")).contains(w), run.get("warnings").toString());
        String cited = "the dates it reads are a median 7 days apart, weekly prices read as daily ones: its annual figures count 252 of them a year";
        assertTrue(run.get("verdict_text").asString().contains(cited), run.get("verdict_text").asString());
        assertTrue(strings(run.get("reasons")).stream().anyMatch(r -> r.startsWith(cited)), run.get("reasons").toString());
    }

    @Test
    void onceTheSymbolAlsoHasWeeklyBarsTheFixAsksForThem(@TempDir Path dir) throws Exception {
        Path file = mixed(dir.resolve("mixed.csv"));
        engine.importPrices(List.of(file));
        // the same weeks in a file of their own: 1w bars beside the daily rows, which stay
        List<String> weeks = new ArrayList<>(List.of("Date,Close"));
        for (String line : Files.readAllLines(file)) if (line.startsWith("WEEKX,")) weeks.add(line.substring("WEEKX,".length()));
        engine.importPrices(List.of(Files.write(dir.resolve("WEEKX.csv"), weeks)));
        assertEquals(List.of("1d", "1w"), engine.storedIntervals("WEEKX"));

        String w = call("get_forecast", "{\"symbol\":\"WEEKX\",\"horizon\":5}").get("data_warning").asString();
        assertEquals(WEEKLY + "; WEEKX also has 1w bars: ask with interval \"1w\", which reads those bars, or delete its daily rows"
                + " (delete_prices with interval \"1d\", which keeps a CSV of them) so that every read uses the bars", w);
        JsonNode bars = call("get_forecast", "{\"symbol\":\"WEEKX\",\"horizon\":5,\"interval\":\"1w\"}");
        assertFalse(bars.has("data_warning"), bars.path("data_warning").toString());
    }

    /** Month-ends beside a daily symbol: "monthly", and the fix names 1mo. */
    @Test
    void aMonthlySymbolStoredAsDailyIsWarnedAsMonthly(@TempDir Path dir) throws Exception {
        StringBuilder csv = new StringBuilder("symbol,date,close\n");
        for (int i = 0; i < 40; i++) csv.append("DAYY,").append(LocalDate.of(2020, 1, 6).plusDays(i)).append(',').append(10 + i % 3).append('\n');
        for (int i = 0; i < 40; i++) csv.append("MONX,").append(LocalDate.of(2015, 1, 1).plusMonths(i + 1).minusDays(1)).append(',').append(20 + i % 5).append('\n');
        engine.importPrices(List.of(Files.writeString(dir.resolve("monthly.csv"), csv)));
        String w = call("get_chart_data", "{\"symbol\":\"MONX\",\"days\":30}").get("data_warning").asString();
        assertTrue(w.startsWith("MONX: its 40 daily closes are dated a median 31 days apart, as monthly prices are, yet read as daily prices: ")
                && w.contains("about x4.6 too large); if they are monthly prices, import them as 1mo bars: a file of one date per month"), w);
    }

    /** Weekdays with holidays and a 3-month hole, and a symbol trading one day in three: daily, not warned. */
    @Test
    void dailySymbolsWithGapsOrFewTradesAreNotWarned(@TempDir Path dir) throws Exception {
        Random moves = new Random(3);
        StringBuilder gaps = new StringBuilder("Date,Close\n"), thin = new StringBuilder("Date,Close\n");
        double g = 100, t = 20;
        int n = 0;
        for (LocalDate d = LocalDate.of(2010, 1, 4); n < 600; d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            n++;
            boolean holiday = d.getDayOfMonth() == 1 || (d.getMonthValue() == 12 && d.getDayOfMonth() == 25);
            boolean hole = d.getYear() == 2011 && d.getMonthValue() >= 3 && d.getMonthValue() <= 5;
            if (!holiday && !hole) gaps.append(d).append(',').append(g *= 1 + 0.01 * moves.nextGaussian()).append('\n');
            if (moves.nextInt(3) == 0) thin.append(d).append(',').append(t *= 1 + 0.03 * moves.nextGaussian()).append('\n');
        }
        Path a = Files.writeString(dir.resolve("GAPPY.csv"), gaps), b = Files.writeString(dir.resolve("THIN.csv"), thin);
        engine.importPrices(List.of(a, b));
        for (String s : List.of("GAPPY", "THIN", "KO")) {
            JsonNode f = call("get_forecast", "{\"symbol\":\"" + s + "\",\"horizon\":5}");
            assertFalse(f.has("data_warning"), s + ": " + f.path("data_warning"));
        }
        engine.storedIntervals().forEach((s, intervals) -> { // and no daily sample series
            if (intervals.contains("1d")) assertNull(PeriodicCloses.warning(s, engine.getClosePrice(s, null, null).dates(), engine::storedIntervals), s);
        });
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asString()));
        return out;
    }
}
