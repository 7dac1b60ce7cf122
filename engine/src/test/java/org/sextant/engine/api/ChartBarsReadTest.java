package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.home.SextantHome;
import tools.jackson.databind.JsonNode;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * get_chart_data at an interval reads only the bars it answers: the sample's 62,000 30-minute USDCHF bars
 * are not read whole for a chart of 48, and the answer is the tail of the whole series as before.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChartBarsReadTest {
    @TempDir static Path dir;
    private Sextant engine;
    private ApiRoutes routes;
    /** Bars the chart route's store read handed over, summed over the calls. */
    private final AtomicLong barsRead = new AtomicLong();

    @BeforeAll
    void open() {
        engine = Sextant.open(SampleStoreCopy.into(new SextantHome(dir)));
        routes = new ApiRoutes(engine, () -> Map.of());
        BarAnswers.NewestBars route = routes.chartBars;
        routes.chartBars = (symbol, interval, count) -> {
            BarSeries read = route.read(symbol, interval, count);
            barsRead.addAndGet(read.size());
            return read;
        };
    }

    @AfterAll
    void close() {
        engine.close();
    }

    @Test
    void aChartOfAFewBarsReadsOnlyThoseAndAnswersTheTailOfTheWholeSeries() {
        assertChartReadsOnlyItsBars("USDCHF", "30m", 48, null);
        assertChartReadsOnlyItsBars("USDCHF", "1h", 20, "1h");
        assertChartReadsOnlyItsBars("USDCHF", "1d", 100, "1d");
        assertChartReadsOnlyItsBars("USDCHF", "30m", null, "30m"); // default 250
        assertChartReadsOnlyItsBars("IBM", "1w", 20, "1w");
    }

    @Test
    void aChartAskingMoreBarsThanStoredAnswersThemAll() {
        int weeks = engine.getBars("USDCHF", "1w", null, null).size();
        assertTrue(weeks < 2000, "the sample holds about five years of weeks: " + weeks);
        JsonNode chart = chart("USDCHF", 2000, "1w");
        assertEquals(weeks, chart.get("count").asInt());
        assertEquals(expected("USDCHF", "1w", 2000), chart);
    }

    private void assertChartReadsOnlyItsBars(String symbol, String interval, Integer days, String asked) {
        BarSeries whole = engine.getBars(symbol, interval, null, null);
        int shown = days == null ? BarAnswers.DEFAULT_BARS : days;
        assertTrue(whole.size() > 10 * shown, symbol + " " + interval + ": the fixture holds many more bars (" + whole.size() + ") than the chart");
        long before = barsRead.get();
        JsonNode chart = chart(symbol, days, asked);
        assertEquals(shown, barsRead.get() - before, symbol + " " + interval + ": bars read for a chart of " + shown);
        assertEquals(shown, chart.get("count").asInt());
        // none asked: the finest interval was chosen, and the answer says so
        if (asked == null) assertTrue(((tools.jackson.databind.node.ObjectNode) chart).remove("interval_note") != null, chart::toString);
        assertEquals(expected(symbol, interval, shown), chart, symbol + " " + interval + ": the same answer as from the whole series");
    }

    /** The chart as computed from the whole series: its last {@code days} bars. */
    private JsonNode expected(String symbol, String interval, int days) {
        BarSeries whole = engine.getBars(symbol, interval, null, null);
        BarSeries tail = new BarSeries(whole.symbol(), whole.interval(), whole.session(), whole.resampledFrom(), whole.barsPerYear(),
                whole.bars().subList(Math.max(0, whole.size() - days), whole.size()), whole.note());
        return Json.MAPPER.valueToTree(BarAnswers.columns(tail));
    }

    private JsonNode chart(String symbol, Integer days, String interval) {
        Map<String, Object> args = new java.util.LinkedHashMap<>();
        args.put("symbol", symbol);
        if (days != null) args.put("days", days);
        if (interval != null) args.put("interval", interval);
        return Json.MAPPER.valueToTree(routes.dispatch(new ApiCall("get_chart_data", Json.MAPPER.valueToTree(args))));
    }
}
