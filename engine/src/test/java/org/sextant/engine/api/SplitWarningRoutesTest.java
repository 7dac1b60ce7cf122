package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * An unadjusted 10:1 split 20 closes before the end (attacker pass 11, H1) is named in every forecast answer's
 * data_warning (forecast, backtest error, chart, analogues), and a scan lists the symbol as skipped with that reason instead of ranking it first.
 */
class SplitWarningRoutesTest {
    @TempSextant private Sextant engine;

    private JsonNode call(String method, String json) {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
    }

    /** 400 weekdays from 2010-01-04 of a seeded 1% random walk whose last 20 closes are divided by 10; the split day's date. */
    static LocalDate splitx(Path file) throws Exception {
        java.util.Random moves = new java.util.Random(1);
        StringBuilder csv = new StringBuilder("Date,Close\n");
        List<LocalDate> days = new ArrayList<>();
        double p = 100;
        for (LocalDate d = LocalDate.of(2010, 1, 4); days.size() < 400; d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            p *= 1 + 0.01 * moves.nextGaussian();
            csv.append(d).append(',').append(days.size() >= 380 ? p / 10 : p).append('\n');
            days.add(d);
        }
        Files.writeString(file, csv);
        return days.get(380);
    }

    /** A walk with 200 weekdays left out and x1.5 across the gap (as the attacker's GAPX, x1.47): months, not a day, so no split is named. */
    @Test
    void aStepAcrossAGapInTheDatesIsNoSplit(@TempDir Path dir) throws Exception {
        java.util.Random moves = new java.util.Random(1);
        StringBuilder csv = new StringBuilder("Date,Close\n");
        double p = 100;
        int n = 0;
        for (LocalDate d = LocalDate.of(2010, 1, 4); n < 400; d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            if (n < 100 || n >= 300) { // the walk moves only on the days kept: x1.5 and one day's move across the gap
                p *= 1 + 0.01 * moves.nextGaussian();
                csv.append(d).append(',').append(n >= 300 ? p * 1.5 : p).append('\n');
            }
            n++;
        }
        Files.writeString(dir.resolve("GAPX.csv"), csv);
        engine.importPrices(List.of(dir.resolve("GAPX.csv")));
        JsonNode f = call("get_forecast", "{\"symbol\":\"GAPX\",\"horizon\":5}");
        assertTrue(!f.has("data_warning"), f.path("data_warning").toString());
    }

    @Test
    void aSplitIsWarnedInForecastBacktestAndChartAndNotRankedByAScan(@TempDir Path dir) throws Exception {
        LocalDate day = splitx(dir.resolve("SPLITX.csv"));
        engine.importPrices(List.of(dir.resolve("SPLITX.csv")));
        String w = call("get_forecast", "{\"symbol\":\"SPLITX\",\"horizon\":10}").get("data_warning").asString();
        assertTrue(w.startsWith("SPLITX: probable unadjusted split(s): on " + day + " the close fell to x0.0998 the one before ("), w);
        assertTrue(w.contains("a 10:1 split. ") && w.contains("import split-adjusted closes"), w);
        assertEquals(w, call("get_backtest_error", "{\"symbol\":\"SPLITX\",\"horizon\":5,\"origins\":\"50\"}").get("data_warning").asString());
        assertEquals(w, call("get_chart_data", "{\"symbol\":\"SPLITX\",\"days\":30}").get("data_warning").asString());
        assertEquals(w, call("compare_to_history", "{\"benchmark\":\"SPLITX\",\"horizon\":1}").get("data_warning").asString(), "the analogues' benchmark");

        JsonNode scan = call("scan_forecasts", "{\"symbols\":[\"SPLITX\",\"KO\",\"IBM\"],\"top\":5}");
        List<String> ranked = new ArrayList<>();
        scan.get("rows").forEach(r -> ranked.add(r.get("symbol").asString()));
        assertEquals(List.of("IBM", "KO"), ranked.stream().sorted().toList(), scan.toString());
        assertEquals(1, scan.get("skipped").size(), scan.toString());
        JsonNode skipped = scan.get("skipped").get(0);
        assertEquals("SPLITX", skipped.get("symbol").asString());
        String reason = skipped.get("reason").asString();
        assertTrue(reason.startsWith("not ranked: SPLITX: probable unadjusted split(s): on " + day) && reason.contains("a 10:1 split. "), reason);
        assertEquals(3, scan.get("scanned").asInt());
    }

    /** 400 hourly bars of a 1% walk, seven a weekday from 09:30, x1.5 from bar 200 on, which starts {@code skipDays} days later. */
    static Path hourly(Path file, int skipDays) throws Exception {
        return org.sextant.engine.testing.WarnedFiles.hourly(file, skipDays);
    }

    /** At an interval too: x1.5 across four months of missing hourly bars is no split, the same step between bars a day apart is. */
    @Test
    void aStepAcrossMonthsOfMissingBarsIsNoSplit(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(hourly(dir.resolve("GAPH.csv"), 120), hourly(dir.resolve("STEPH.csv"), 0)));
        JsonNode gap = call("get_forecast", "{\"symbol\":\"GAPH\",\"horizon\":5,\"interval\":\"1h\"}");
        assertTrue(!gap.has("data_warning") && gap.has("origin_ts"), gap.toString());
        String w = call("get_forecast", "{\"symbol\":\"STEPH\",\"horizon\":5,\"interval\":\"1h\"}").path("data_warning").asString("");
        assertTrue(w.startsWith("STEPH: probable unadjusted split(s): on ") && w.contains("a 2:3 reverse split. "), w);
    }

    /** The Charts view's walk-forward of bars (Run backtest at an interval) carries the bar forecast's warning, from the bars it read; none across the gap. */
    @Test
    void aWalkForwardOfBarsCarriesTheBarForecastsWarning(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(hourly(dir.resolve("GAPH.csv"), 120), hourly(dir.resolve("STEPH.csv"), 0)));
        String w = engine.barBacktestOverlays("STEPH", "1h", "naive", 5, null).dataWarning();
        assertEquals(call("get_forecast", "{\"symbol\":\"STEPH\",\"horizon\":5,\"interval\":\"1h\"}").get("data_warning").asString(), w);
        assertTrue(w.startsWith("STEPH: probable unadjusted split(s): on "), w);
        assertEquals(null, engine.barBacktestOverlays("GAPH", "1h", "naive", 5, null).dataWarning(), "the series without a split");
    }

    /** A chart of bars at an interval carries the bar forecast's warning, also for a window that does not show the step; none across the gap. */
    @Test
    void aChartOfBarsCarriesTheBarForecastsWarning(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(hourly(dir.resolve("GAPH.csv"), 120), hourly(dir.resolve("STEPH.csv"), 0)));
        JsonNode chart = call("get_chart_data", "{\"symbol\":\"STEPH\",\"days\":20,\"interval\":\"1h\"}");
        assertEquals(20, chart.get("count").asInt(), chart.toString());
        String w = chart.path("data_warning").asString("");
        assertTrue(w.startsWith("STEPH: probable unadjusted split(s): on ") && w.contains("a 2:3 reverse split. "), chart.toString());
        assertEquals(call("get_forecast", "{\"symbol\":\"STEPH\",\"horizon\":5,\"interval\":\"1h\"}").get("data_warning").asString(), w);
        JsonNode gap = call("get_chart_data", "{\"symbol\":\"GAPH\",\"days\":20,\"interval\":\"1h\"}");
        assertTrue(!gap.has("data_warning") && gap.get("count").asInt() == 20, gap.toString());
    }
}
