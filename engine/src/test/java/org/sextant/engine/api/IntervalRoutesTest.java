package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.Bounds;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import tools.jackson.databind.JsonNode;

/** The price and chart routes with an interval: without one they answer as before; list_symbols names each symbol's intervals. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IntervalRoutesTest {
    @TempDir static Path dir;
    private SampleRoutes routes;

    @BeforeAll
    void open() {
        routes = new SampleRoutes(dir);
    }

    @AfterAll
    void close() {
        routes.close();
    }

    private JsonNode call(String method, String json) {
        return routes.call(method, json);
    }

    @Test
    void withoutAnIntervalTheAnswerIsTheDailyOne() {
        String args = "{\"symbol\":\"AA\",\"start\":\"2000-12-29\",\"end\":\"2000-12-29\"}";
        JsonNode before = call("get_close_price", args);
        assertEquals(before, call("get_close_price", args.replace("}", ",\"interval\":\"1d\"}")));
        assertEquals("[\"date\",\"close\",\"adj_close\"]", Json.MAPPER.valueToTree(before.get("rows").get(0).propertyNames()).toString());
        assertEquals(call("get_chart_data", "{\"symbol\":\"IBM\",\"days\":30}").get("closes"),
                call("get_chart_data", "{\"symbol\":\"IBM\",\"days\":30,\"interval\":\"1d\"}").get("closes"));
    }

    @Test
    void barsOfAnyIntervalResampledAlongTheSession() {
        JsonNode hourly = call("get_close_price", "{\"symbol\":\"USDCHF\",\"start\":\"2001-03-30\",\"end\":\"2001-03-30\",\"interval\":\"1h\"}");
        assertEquals("1h", hourly.get("interval").asString());
        assertEquals("30m", hourly.get("resampled_from").asString());
        assertEquals("fx", hourly.get("session").asString());
        assertEquals(24, hourly.get("count").asInt(), "a trading day of fx: 17:00 to 17:00 New York");
        assertEquals("2001-03-29T22:00Z", hourly.get("rows").get(0).get("ts").asString());
        assertEquals("America/New_York", hourly.get("zone").asString());
        assertEquals("2001-03-29T17:00-05:00", hourly.get("rows").get(0).get("ts_local").asString(), "the fx day opens 17:00 New York");
        JsonNode daily = call("get_close_price", "{\"symbol\":\"USDCHF\",\"interval\":\"1d\"}");
        assertEquals(260.0, daily.get("bars_per_year").asDouble());
        JsonNode weekly = call("get_chart_data", "{\"symbol\":\"IBM\",\"interval\":\"1w\",\"days\":20}");
        assertEquals(20, weekly.get("bars").get("close").size());
        assertEquals("UTC", weekly.get("zone").asString(), "daily prices without a session keep UTC");
        assertTrue(weekly.get("forecast").isNull());
        SextantException finer = assertThrows(SextantException.class, () -> call("get_close_price", "{\"symbol\":\"IBM\",\"interval\":\"30m\"}"));
        assertTrue(finer.getMessage().contains("stored: 1d"), finer.getMessage());
        assertThrows(SextantException.class, () -> call("get_close_price", "{\"symbol\":\"IBM\",\"interval\":\"2h\"}"));
    }

    @Test
    void aSymbolWithBarsOnlyIsNamedWithTheIntervalsItCanBeAskedAt() {
        // get_close_price reads it as the charts and forecasts do (it refused on interval): its finest bars, said
        JsonNode closes = call("get_close_price", "{\"symbol\":\"USDCHF\",\"start\":\"2001-03-30\",\"end\":\"2001-03-30\"}");
        assertEquals("30m", closes.get("interval").asString());
        assertEquals("no interval asked: USDCHF has no daily prices, so its finest stored bars (30m) were used; pass interval for another",
                closes.get("interval_note").asString());
        assertEquals(call("get_close_price", "{\"symbol\":\"USDCHF\",\"start\":\"2001-03-30\",\"end\":\"2001-03-30\",\"interval\":\"30m\"}").get("rows"),
                closes.get("rows"), "the same bars as asked at 30m");
        assertFalse(call("get_close_price", "{\"symbol\":\"IBM\",\"start\":\"2000-12-29\",\"end\":\"2000-12-29\"}").has("interval_note"));
        SextantException finer = assertThrows(SextantException.class, () -> call("get_close_price", "{\"symbol\":\"USDCHF\",\"interval\":\"1m\"}"));
        assertEquals("interval", finer.field(), finer.getMessage());
        JsonNode chart = call("get_chart_data", "{\"symbol\":\"USDCHF\",\"days\":48}");
        assertEquals("30m", chart.get("interval").asString(), "a chart of a symbol with bars only: its finest bars, as render_chart draws it");
        assertEquals(48, chart.get("bars").get("close").size());
        SextantException job = assertThrows(SextantException.class, () -> call("start_forecast", "{\"symbols\":[\"IBM\",\"USDCHF\"]}"));
        assertEquals("symbols", job.field(), "start_forecast has no interval: the symbol is what is refused");
        SextantException start = assertThrows(SextantException.class, () -> call("resolve_forecast_start", "{\"symbol\":\"USDCHF\"}"));
        assertEquals("symbol", start.field(), "a week-aligned start is a day of daily prices");
        assertEquals(job.fix(), start.fix());
        assertEquals("forecast jobs and scans use daily prices; forecast its bars with get_forecast and an interval: 30m or a coarser one "
                + "resampled from it (1h, 4h, 1d, 1w, 1mo)", job.fix());
        SextantException unknown = assertThrows(SextantException.class, () -> call("get_forecast", "{\"symbol\":\"NOSUCH\"}"));
        assertEquals("symbol", unknown.field(), "a symbol with neither prices nor bars stays unknown");
    }

    /** get_forecast and get_backtest_error without an interval refused USDCHF on interval while its chart opened at 30m: one rule now. */
    @Test
    void forecastsOfASymbolWithBarsOnlyReadItsFinestBarsAsItsChartDoes() {
        String note = "no interval asked: USDCHF has no daily prices, so its finest stored bars (30m) were used; pass interval for another";
        JsonNode f = call("get_forecast", "{\"symbol\":\"USDCHF\",\"horizon\":2,\"calibration\":\"model\"}");
        assertEquals("30m", f.get("interval").asString());
        assertEquals(note, f.get("interval_note").asString());
        assertEquals(2, f.get("target_ts").size());
        JsonNode e = call("get_backtest_error", "{\"symbol\":\"USDCHF\",\"model\":\"naive\",\"horizon\":2,\"origins\":\"10000\",\"eval_fraction\":0.3}");
        assertEquals("30m", e.get("interval").asString());
        assertEquals(note, e.get("interval_note").asString());
        assertEquals(note, call("get_chart_data", "{\"symbol\":\"USDCHF\",\"days\":20}").get("interval_note").asString());
        assertFalse(call("get_chart_data", "{\"symbol\":\"USDCHF\",\"days\":20,\"interval\":\"30m\"}").has("interval_note"), "asked: nothing to say");
        assertFalse(call("get_forecast", "{\"symbol\":\"USDCHF\",\"interval\":\"1w\",\"horizon\":2}").has("interval_note"));
        assertFalse(call("get_forecast", "{\"symbol\":\"IBM\",\"horizon\":2}").has("interval_note"), "daily prices: the daily answer");
    }

    @Test
    void aForecastOfBarsCountsItsHorizonInBarsAlongTheSession() {
        // 4-hour bars (a fit over 8,000 bars, not 62,000 half-hours: a cheaper test of the same calendar)
        JsonNode f = call("get_forecast", "{\"symbol\":\"USDCHF\",\"interval\":\"4h\",\"horizon\":3,\"calibration\":\"model\"}");
        assertEquals("America/New_York", f.get("zone").asString());
        assertEquals(1560.0, f.get("bars_per_year").asDouble());
        assertEquals("2001-03-30T18:00Z", f.get("origin_ts").asString(), "the last bar: Friday 13:00 to 17:00 New York");
        assertEquals("2001-03-30T13:00-05:00", f.get("origin_ts_local").asString());
        assertEquals("[\"2001-04-01T21:00Z\",\"2001-04-02T01:00Z\",\"2001-04-02T05:00Z\"]", f.get("target_ts").toString(), "continues at the Sunday 17:00 open");
        assertEquals("2001-04-01T17:00-04:00", f.get("target_ts_local").get(0).asString(), "New York's clock, daylight saving from that Sunday");
        assertEquals("2001-04-02", f.get("forecast").get("target_dates").get(0).asString(), "the fx day that opens Sunday 17:00 is Monday's");
        assertEquals(3, f.get("forecast").get("forecast").get("median").size());
        assertEquals("trading days of the fx session", f.get("forecast").get("calendar").asString());
        JsonNode daily = call("get_forecast", "{\"symbol\":\"AA\",\"horizon\":3,\"calibration\":\"model\"}");
        assertEquals(daily, call("get_forecast", "{\"symbol\":\"AA\",\"horizon\":3,\"calibration\":\"model\",\"interval\":\"1d\"}"));
        assertTrue(daily.has("target_dates") && !daily.has("target_ts"), "the daily answer as before");
        assertEquals("weekdays less the NYSE's holidays", daily.get("calendar").asString(), "Alcoa trades on the NYSE");
    }

    @Test
    void weekAndMonthBarsAheadAreTheBarsResampleBarsWillMake() {
        // the fx March bar opens 28 February 17:00 New York (resample_bars: the 1st at 00:00 less the session's 7 hours);
        // stepping that open by a month gave 28 March and 28 April, a Saturday
        JsonNode month = call("get_forecast", "{\"symbol\":\"USDCHF\",\"interval\":\"1mo\",\"horizon\":3,\"calibration\":\"model\"}");
        assertEquals("2001-02-28T22:00Z", month.get("origin_ts").asString());
        assertEquals("[\"2001-03-31T22:00Z\",\"2001-04-30T21:00Z\",\"2001-05-31T21:00Z\"]", month.get("target_ts").toString(),
                "the day before each 1st at 17:00 New York (EST, then EDT)");
        assertEquals("[\"2001-04-02\",\"2001-05-01\",\"2001-06-01\"]", month.get("forecast").get("target_dates").toString(),
                "dated by their first trading day: 1 April 2001 was a Sunday");
        JsonNode week = call("get_forecast", "{\"symbol\":\"USDCHF\",\"interval\":\"1w\",\"horizon\":2,\"calibration\":\"model\"}");
        assertEquals("[\"2001-04-01T21:00Z\",\"2001-04-08T21:00Z\"]", week.get("target_ts").toString());
        assertEquals("[\"2001-04-02\",\"2001-04-09\"]", week.get("forecast").get("target_dates").toString());
        // daily prices summed into months: named by the 1st at 00:00, dated by the first trading day
        JsonNode ibm = call("get_forecast", "{\"symbol\":\"IBM\",\"interval\":\"1mo\",\"horizon\":2,\"calibration\":\"model\"}");
        assertEquals("[\"2001-02-01T00:00Z\",\"2001-03-01T00:00Z\"]", ibm.get("target_ts").toString());
    }

    @Test
    void aBacktestOfBarsNamesEachOriginByItsBar() {
        JsonNode e = call("get_backtest_error", "{\"symbol\":\"USDCHF\",\"interval\":\"4h\",\"horizon\":6,\"origins\":\"120\",\"eval_fraction\":0.2}");
        assertEquals("4h", e.get("interval").asString());
        int origins = e.get("result").get("origins").asInt();
        assertTrue(origins > 5, "origins every 120 four-hour bars over the last 20%: " + origins);
        assertEquals(origins, e.get("origin_ts").size());
        assertTrue(e.get("origin_ts_local").get(0).asString().matches("\\d{4}-\\d{2}-\\d{2}T(17|21|01|05|09|13):00-0[45]:00"),
                "a 4h fx bar opens at 17:00 New York or 4, 8, 12... hours later: " + e.get("origin_ts_local").get(0));
        assertEquals(call("get_backtest_error", "{\"symbol\":\"KO\",\"origins\":\"250\"}"), call("get_backtest_error", "{\"symbol\":\"KO\",\"origins\":\"250\",\"interval\":\"1d\"}"));
    }

    @Test
    void theContractListsTheIntervalsTheEngineHolds() {
        assertEquals(org.sextant.contract.Capabilities.INTERVALS, org.sextant.engine.data.BarInterval.labels());
    }

    @Test
    void listSymbolsNamesEachSymbolsIntervals() {
        JsonNode usd = call("list_symbols", "{\"query\":\"usdchf\"}");
        assertEquals(1, usd.get("count").asInt());
        JsonNode s = usd.get("symbols").get(0);
        assertEquals(List.of("30m"), Json.MAPPER.convertValue(s.get("intervals"), List.class));
        assertEquals(List.of("30m", "1h", "4h", "1d", "1w", "1mo"), Json.MAPPER.convertValue(s.get("readable_intervals"), List.class));
        assertEquals(62496, s.get("rows").asLong());
        JsonNode ibm = call("list_symbols", "{\"query\":\"IBM\"}").get("symbols").get(0);
        assertEquals(List.of("1d"), Json.MAPPER.convertValue(ibm.get("intervals"), List.class));
        assertEquals("IBM", ibm.get("symbol").asString());
        assertNull(ibm.get("no_such_field"));
    }

    /** Dates outside the data say where the data starts and ends, so an agent can ask again. */
    @Test
    void datesAfterOrBeforeTheDataNameItsSpan() {
        JsonNode after = call("get_close_price", "{\"symbol\":\"AA\",\"start\":\"2005-01-01\",\"end\":\"2005-12-31\"}");
        assertEquals(0, after.get("count").asInt());
        assertEquals("1991-01-02", after.get("first_date").asString());
        assertEquals("2001-01-02", after.get("last_date").asString());
        assertTrue(after.get("note").asString().contains("from 2005-01-01 to 2005-12-31: its data runs from 1991-01-02 to 2001-01-02"),
                after.get("note").asString());
        JsonNode before = call("get_close_price", "{\"symbol\":\"AA\",\"end\":\"1980-06-30\"}");
        assertTrue(before.get("note").asString().contains("AA up to 1980-06-30: its data runs from 1991-01-02"), before.get("note").asString());
        JsonNode bars = call("get_close_price", "{\"symbol\":\"USDCHF\",\"start\":\"2010-01-01\",\"interval\":\"1h\"}");
        assertEquals(0, bars.get("count").asInt());
        assertTrue(bars.get("note").asString().contains("USDCHF from 2010-01-01 on: its data runs from " + bars.get("first_date").asString()
                + " to " + bars.get("last_date").asString()), bars.get("note").asString());
        assertTrue(bars.get("last_date").asString().startsWith("2001-"), bars.toString());
        // the span (asked of the store without reading the bars) is the first and last trading day a whole read holds
        JsonNode days = call("get_close_price", "{\"symbol\":\"USDCHF\",\"interval\":\"1d\"}").get("rows");
        assertEquals(days.get(0).get("date").asString(), bars.get("first_date").asString());
        assertEquals(days.get(days.size() - 1).get("date").asString(), bars.get("last_date").asString());
        // an answer with rows is as it was
        JsonNode some = call("get_close_price", "{\"symbol\":\"AA\",\"start\":\"2000-12-29\"}");
        assertEquals(2, some.get("count").asInt());
        assertFalse(some.has("note"));
        assertFalse(some.has("first_date"));
    }

    // Attack pass 6, F4: get_close_price answered 400,000 1-minute bars (92 MB) at once. An answer now holds at most
    // Bounds.MAX_PRICE_ROWS rows (or the caller's limit), whole trading days, with truncated and the next_start that reads on.

    @Test
    void theStoredThirtyMinuteHistoryComesInBoundedPagesThatAddUp() {
        JsonNode first = call("get_close_price", "{\"symbol\":\"USDCHF\",\"interval\":\"30m\"}");
        assertTrue(first.get("truncated").asBoolean(), "62,000 bars are more than one answer holds");
        assertTrue(first.get("count").asInt() <= Bounds.MAX_PRICE_ROWS && first.get("count").asInt() > Bounds.MAX_PRICE_ROWS - 48);
        assertEquals(first.get("count").asInt(), first.get("rows").size());
        assertTrue(first.get("note").asString().contains("ask again with start " + first.get("next_start").asString()), first.get("note").asString());
        int total = first.get("count").asInt();
        JsonNode page = first;
        String lastTs = page.get("rows").get(page.get("count").asInt() - 1).get("ts").asString();
        while (page.get("truncated").asBoolean()) {
            assertNotEquals(page.get("to").asString(), page.get("next_start").asString(), "whole days: the next page starts a new day");
            page = call("get_close_price", "{\"symbol\":\"USDCHF\",\"interval\":\"30m\",\"start\":\"" + page.get("next_start").asString() + "\"}");
            assertTrue(page.get("rows").get(0).get("ts").asString().compareTo(lastTs) > 0, "no bar twice");
            lastTs = page.get("rows").get(page.get("count").asInt() - 1).get("ts").asString();
            total += page.get("count").asInt();
        }
        assertEquals(total, call("run_select", "{\"sql\":\"SELECT count(*) AS n FROM resample_bars('USDCHF', '30m', '30m')\"}")
                .get("rows").get(0).get(0).asInt(), "the pages hold every bar of the history");
        // attack pass 6, F8: 506 of the 62,496 stored bars were missing from the stored interval without a word
        int stored = call("list_symbols", "{\"query\":\"USDCHF\"}").get("symbols").get(0).get("rows").asInt();
        assertEquals(stored, total + first.get("outside_session").asInt(), "every stored bar is answered or counted as outside the session");
        assertTrue(first.get("outside_session").asInt() > 0);
        assertTrue(first.get("note").asString().contains(first.get("outside_session").asInt() + " stored bars in the dates asked fall outside the fx session"),
                first.get("note").asString());
    }

    @Test
    void listSymbolsAndThePriceToolAgreeOnTheFirstAndLastTradingDay() {
        JsonNode listed = call("list_symbols", "{\"query\":\"USDCHF\"}").get("symbols").get(0);
        assertEquals("1996-04-01", listed.get("first_date").asString(), "the first bar opens Sunday 17:00 New York: Monday's trading day");
        JsonNode first = call("get_close_price", "{\"symbol\":\"USDCHF\",\"interval\":\"30m\",\"end\":\"1996-04-01\"}");
        assertEquals(listed.get("first_date").asString(), first.get("from").asString());
        JsonNode last = call("get_close_price", "{\"symbol\":\"USDCHF\",\"interval\":\"1d\",\"start\":\"2001-03-01\"}");
        assertEquals(listed.get("last_date").asString(), last.get("to").asString());
    }

    @Test
    void aSmallLimitCutsDailyClosesAndIntradayBarsAtADay() {
        JsonNode daily = call("get_close_price", "{\"symbol\":\"AA\",\"limit\":100}");
        assertEquals(100, daily.get("count").asInt());
        assertTrue(daily.get("truncated").asBoolean());
        JsonNode hours = call("get_close_price", "{\"symbol\":\"USDCHF\",\"interval\":\"1h\",\"start\":\"2001-03-28\",\"limit\":30}");
        assertEquals(24, hours.get("count").asInt(), "one whole fx day of hours, not 30 bars ending mid-day");
        assertEquals("2001-03-29", hours.get("next_start").asString());
        JsonNode all = call("get_close_price", "{\"symbol\":\"USDCHF\",\"interval\":\"1h\",\"start\":\"2001-03-28\"}");
        assertFalse(all.get("truncated").asBoolean());
        assertTrue(all.get("next_start").isNull());
    }

    @Test
    void aLimitBelowOneDayOrAboveTheBoundIsRefusedNamingLimit() {
        SextantException small = assertThrows(SextantException.class,
                () -> call("get_close_price", "{\"symbol\":\"USDCHF\",\"interval\":\"30m\",\"limit\":10}"));
        assertEquals("limit", small.field());
        assertTrue(small.getMessage().contains("alone holds more than 10 bars at 30m"), small.getMessage());
        // no interval asked: the refusal says why 30m, as the answer's interval_note would
        SextantException chosen = assertThrows(SextantException.class, () -> call("get_close_price", "{\"symbol\":\"USDCHF\",\"limit\":3}"));
        String note = "no interval asked: USDCHF has no daily prices, so its finest stored bars (30m) were used; pass interval for another";
        assertEquals("limit", chosen.field());
        assertEquals(note, chosen.details().get("interval_note"));
        assertEquals("the trading day 1996-04-01 alone holds more than 3 bars at 30m (" + note + ")", chosen.getMessage());
        assertTrue(small.details().isEmpty(), "asked at 30m: nothing to say");
        SextantException big = assertThrows(SextantException.class,
                () -> call("get_close_price", "{\"symbol\":\"USDCHF\",\"interval\":\"30m\",\"limit\":" + (Bounds.MAX_PRICE_ROWS + 1) + "}"));
        assertEquals("limit", big.field());
    }
}
