package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.IfInterrupted;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * delete_prices (attack 13, M1): a weekly file imported as daily prices by mistake, then correctly as 1w bars, leaves both;
 * deleting the symbol's 1d rows leaves the bars, which every default read then uses. Unknown symbols and intervals the
 * symbol lacks are refused naming the field and what exists; the deleted rows are kept in a CSV import_prices puts back;
 * what was made from the daily prices (stored forecasts and backtests, cached analogue matchers) does not outlive them.
 */
class DeletePricesRoutesTest {
    @TempSextant private Sextant engine;

    private JsonNode call(String method, String json) {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
    }

    private SextantException refused(String method, String json) {
        return assertThrows(SextantException.class, () -> call(method, json));
    }

    /** 100 Fridays of STRAYW from 2009-01-02, and with {@code stray} the Saturday after the 50th: a weekly file that imports as daily. */
    static Path weekly(Path dir, String name, boolean stray) throws Exception {
        List<String> lines = new ArrayList<>(List.of("Date,Close"));
        LocalDate d = LocalDate.of(2009, 1, 2);
        double close = 40;
        for (int i = 0; i < 100; i++, d = d.plusWeeks(1)) {
            close *= 1 + 0.02 * Math.sin(i * 0.7);
            lines.add(d + "," + Math.round(close * 100) / 100.0);
            if (stray && i == 49) lines.add(d.plusDays(1) + "," + Math.round(close * 101) / 100.0);
        }
        return Files.write(Files.createDirectories(dir.resolve(name)).resolve("STRAYW.csv"), lines);
    }

    /** The M1 store: STRAYW's 101 weekly closes as daily prices beside its 100 1w bars. */
    private void mistakeThenFix(Path dir) throws Exception {
        assertEquals("1d", engine.importPrices(List.of(weekly(dir, "stray", true))).files().get(0).interval());
        assertEquals("1w", engine.importPrices(List.of(weekly(dir, "fixed", false))).files().get(0).interval());
        assertEquals(List.of("1d", "1w"), engine.storedIntervals("STRAYW"));
    }

    @Test
    void deletingTheDailyRowsLeavesTheWeeklyBarsWhichDefaultReadsThenUse(@TempDir Path dir) throws Exception {
        mistakeThenFix(dir);
        assertFalse(call("get_forecast", "{\"symbol\":\"STRAYW\",\"horizon\":3}").has("interval"), "before: the weeks read as days");

        JsonNode d = call("delete_prices", "{\"symbol\":\"strayw\",\"interval\":\"1d\"}");
        assertEquals("STRAYW", d.get("symbol").asString());
        assertEquals(1, d.get("deleted").size(), d.toString());
        assertEquals("1d", d.get("deleted").get(0).get("interval").asString());
        assertEquals(101, d.get("deleted").get(0).get("rows").asLong());
        assertEquals(101, d.get("rows_deleted").asLong());
        assertEquals(List.of("1w"), strings(d.get("remaining_intervals")));

        JsonNode listed = call("list_symbols", "{\"query\":\"STRAYW\"}").get("symbols").get(0);
        assertEquals(List.of("1w"), strings(listed.get("intervals")));
        assertEquals(100, listed.get("rows").asLong());
        JsonNode f = call("get_forecast", "{\"symbol\":\"STRAYW\",\"horizon\":3}");
        assertEquals("1w", f.get("interval").asString(), "after: the default read is the 1w bars");
        assertTrue(f.get("interval_note").asString().contains("has no daily prices"), f.toString());
        assertEquals(100, call("get_chart_data", "{\"symbol\":\"STRAYW\",\"days\":500}").get("count").asLong());
    }

    @Test
    void withoutAnIntervalEveryIntervalGoesAndTheSymbolWithIt(@TempDir Path dir) throws Exception {
        mistakeThenFix(dir);
        JsonNode d = call("delete_prices", "{\"symbol\":\"STRAYW\"}");
        assertEquals(List.of("1d", "1w"), d.get("deleted").valueStream().map(i -> i.get("interval").asString()).toList());
        assertEquals(List.of(101L, 100L), d.get("deleted").valueStream().map(i -> i.get("rows").asLong()).toList());
        assertEquals(201, d.get("rows_deleted").asLong());
        assertEquals(0, d.get("remaining_intervals").size());
        assertEquals(0, call("list_symbols", "{\"query\":\"STRAYW\"}").get("count").asInt());
        assertEquals(FailReason.NOT_FOUND, refused("get_close_price", "{\"symbol\":\"STRAYW\"}").reason());
        assertEquals(0, count("SELECT count(*) FROM symbol_sessions WHERE symbol = 'STRAYW'"), "a new import detects its session again");
    }

    @Test
    void anUnknownSymbolOrAnIntervalItLacksIsRefusedNamingWhatExistsAndDeletesNothing(@TempDir Path dir) throws Exception {
        mistakeThenFix(dir);
        SextantException unknown = refused("delete_prices", "{\"symbol\":\"STRAYX\"}");
        assertEquals(FailReason.NOT_FOUND, unknown.reason());
        assertEquals("symbol", unknown.field());
        assertEquals("unknown symbol 'STRAYX'", unknown.getMessage());
        assertTrue(unknown.fix().contains("STRAYW"), "the stored symbol a typo away: " + unknown.fix());

        SextantException hourly = refused("delete_prices", "{\"symbol\":\"STRAYW\",\"interval\":\"1h\"}");
        assertEquals(FailReason.INVALID_INPUT, hourly.reason());
        assertEquals("interval", hourly.field());
        assertEquals("'STRAYW' has no 1h prices: it has 1d and 1w (101 daily rows, 100 1w bars); nothing was deleted", hourly.getMessage());
        assertEquals("pass interval as 1d or 1w, or leave it out to delete every interval of STRAYW", hourly.fix());
        assertEquals("interval", refused("delete_prices", "{\"symbol\":\"STRAYW\",\"interval\":\"1W\"}").field(), "an interval's case is its unit");
        assertEquals("symbol", refused("delete_prices", "{\"interval\":\"1d\"}").field());

        assertEquals(201, count("SELECT (SELECT count(*) FROM prices WHERE symbol = 'STRAYW') + (SELECT count(*) FROM bars WHERE symbol = 'STRAYW')"));
        assertFalse(Files.exists(engine.home().deletedPricesDir()), "no copy of rows that were not deleted");
    }

    /**
     * A sample symbol's name, currency, exchange and source go with its symbols row: the answer keeps them, and the kept
     * file's columns, which its import stores again (attack 15, L1).
     */
    @Test
    void whatTheSymbolWasNamedIsInTheAnswerAndTheKeptFileBringsItBack() throws Exception {
        JsonNode d = call("delete_prices", "{\"symbol\":\"KO\"}");
        JsonNode named = d.get("description");
        assertEquals("Coca-Cola", named.get("name").asString().substring(0, 9));
        assertEquals("USD", named.get("currency").asString());
        assertTrue(d.get("source").asString().startsWith("sample"), d.toString());
        assertTrue(d.get("restore").asString().endsWith("and the daily file's name, currency and exchange columns give KO back what it was named (name '"
                + named.get("name").asString() + "', currency USD, exchange '" + named.get("exchange").asString() + "')"), d.get("restore").asString());
        engine.importPrices(List.of(Path.of(d.get("deleted").get(0).get("kept_in").asString())));
        JsonNode back = call("list_symbols", "{\"query\":\"KO\"}").get("symbols").valueStream().filter(s -> s.get("symbol").asString().equals("KO")).findFirst().orElseThrow();
        for (String field : List.of("name", "currency", "exchange")) assertEquals(named.get(field), back.get(field), back.toString());
        JsonNode bars = call("delete_prices", "{\"symbol\":\"USDCHF\"}");
        assertTrue(bars.get("description").isNull() && bars.get("source").isNull(), "bars have no symbols row: " + bars);
    }

    @Test
    void theDeletedRowsAreKeptInACsvThatImportPricesPutsBack(@TempDir Path dir) throws Exception {
        mistakeThenFix(dir);
        JsonNode dailyBefore = call("get_close_price", "{\"symbol\":\"STRAYW\"}").get("rows");
        JsonNode barsBefore = call("get_close_price", "{\"symbol\":\"STRAYW\",\"interval\":\"1w\"}").get("rows");
        JsonNode d = call("delete_prices", "{\"symbol\":\"STRAYW\"}");
        List<Path> kept = d.get("deleted").valueStream().map(i -> Path.of(i.get("kept_in").asString())).toList();
        for (Path p : kept) assertEquals(engine.home().deletedPricesDir(), p.getParent());
        assertTrue(d.get("restore").asString().contains("import_prices"), d.get("restore").asString());

        engine.importPrices(kept);
        assertEquals(List.of("1d", "1w"), engine.storedIntervals("STRAYW"));
        assertEquals(dailyBefore, call("get_close_price", "{\"symbol\":\"STRAYW\"}").get("rows"));
        assertEquals(barsBefore, call("get_close_price", "{\"symbol\":\"STRAYW\",\"interval\":\"1w\"}").get("rows"));
    }

    @Test
    void dailyRowsWithEveryColumnComeBackAsTheyWere(@TempDir Path dir) throws Exception {
        Path yahoo = Files.writeString(dir.resolve("FULLX.csv"), "Date,Open,High,Low,Close,Adj Close,Volume\n"
                + "2020-01-02,10.5,11.25,10.125,11,10.8765432101,123456789\n2020-01-03,11,11.5,,11.1,10.98,\n2020-01-06,11.1,11.2,10.9,11.05,10.93,42\n");
        engine.importPrices(List.of(yahoo));
        var before = engine.bars("FULLX", null, null);
        JsonNode d = call("delete_prices", "{\"symbol\":\"FULLX\"}");
        engine.importPrices(List.of(Path.of(d.get("deleted").get(0).get("kept_in").asString())));
        assertEquals(before, engine.bars("FULLX", null, null));
    }

    @Test
    void intradayBarsWithOpenHighLowAndVolumeComeBackAsTheyWere(@TempDir Path dir) throws Exception {
        StringBuilder csv = new StringBuilder("time,symbol,open,high,low,close,volume\n");
        java.time.LocalDateTime t = java.time.LocalDateTime.of(2024, 3, 4, 14, 0);
        for (int i = 0; i < 60; i++, t = t.plusHours(1)) {
            if (t.getHour() < 14 || t.getHour() > 20) { i--; continue; }
            csv.append(t).append("Z,HOURX,").append(10 + i * 0.125).append(',').append(10.5 + i * 0.125).append(',')
                    .append(9.75 + i * 0.125).append(',').append(10.25 + i * 0.125).append(',').append(1000 + i).append('\n');
        }
        engine.importPrices(List.of(Files.writeString(dir.resolve("hourx.csv"), csv)));
        JsonNode before = call("get_close_price", "{\"symbol\":\"HOURX\",\"interval\":\"1h\"}").get("rows");
        assertEquals(60, before.size());
        JsonNode d = call("delete_prices", "{\"symbol\":\"HOURX\",\"interval\":\"1h\"}");
        assertEquals(60, d.get("rows_deleted").asLong());
        engine.importPrices(List.of(Path.of(d.get("deleted").get(0).get("kept_in").asString())));
        assertEquals(before, call("get_close_price", "{\"symbol\":\"HOURX\",\"interval\":\"1h\"}").get("rows"));
    }

    @Test
    void storedForecastsAndBacktestsOfTheDeletedDailyPricesGoWithThem(@TempDir Path dir) throws Exception {
        Path first = weekly(dir, "stray", true);
        engine.importPrices(List.of(first));
        engine.storeForecastBacktest("STRAYW", "naive", 3, "20", null, null);
        assertTrue(call("get_chart_data", "{\"symbol\":\"STRAYW\",\"model\":\"naive\",\"horizon\":3}").get("backtest_origins").asInt() > 0);

        JsonNode d = call("delete_prices", "{\"symbol\":\"STRAYW\"}");
        JsonNode derived = d.get("derived_rows_deleted");
        assertTrue(derived.get("forecasts").asLong() > 0 && derived.get("forecast_backtests").asLong() == 1, derived.toString());
        assertEquals(List.of("forecast_bands", "forecast_steps", "forecasts", "forecast_backtests"), derived.propertyNames().stream().toList(), derived.toString());
        assertEquals(0, count("SELECT count(*) FROM forecasts WHERE symbol = 'STRAYW'"));
        assertEquals(0, count("SELECT count(*) FROM forecast_steps s LEFT JOIN forecasts f USING (forecast_id) WHERE f.forecast_id IS NULL"));

        // other prices under the same name: no backtest of the deleted ones is drawn over them
        engine.importPrices(List.of(first));
        JsonNode chart = call("get_chart_data", "{\"symbol\":\"STRAYW\",\"model\":\"naive\",\"horizon\":3}");
        assertEquals(0, chart.get("backtest_origins").asInt(), chart.toString());
        assertTrue(chart.get("backtest").isNull(), chart.get("backtest").toString());
    }

    @Test
    void aBenchmarksCachedAnalogueMatcherDoesNotOutliveItsPrices() {
        assertTrue(call("compare_to_history", "{\"benchmark\":\"NYSE\",\"horizon\":5}").get("sample_size").asInt() > 0, "the matcher is built and kept");
        call("delete_prices", "{\"symbol\":\"NYSE\"}");
        SextantException gone = refused("compare_to_history", "{\"benchmark\":\"NYSE\",\"horizon\":5}");
        assertEquals(FailReason.NOT_FOUND, gone.reason(), gone.getMessage());
    }

    @Test
    void aStoredRunOfTheSymbolStaysARecordAndIsNotReplayedOnPricesItNeverSaw() {
        JsonNode run = call("backtest", "{\"spec\":" + Json.MAPPER.valueToTree(org.sextant.engine.research.QueuedBacktestRecheckTest.SPEC)
                + ",\"symbols\":[\"AA\"],\"session_id\":\"del\"}");
        String id = run.get("run_id").asString();
        call("delete_prices", "{\"symbol\":\"AA\"}");
        assertEquals(id, call("get_run", "{\"run_id\":\"" + id + "\"}").get("info").get("run_id").asString(), "the run stays a record");
        SextantException replay = refused("select_configuration", "{\"run_id\":\"" + id + "\",\"configuration\":0}");
        assertEquals(FailReason.NOT_FOUND, replay.reason());
        assertEquals("no prices for AA in the date range", replay.getMessage());
    }

    @Test
    void aJobWorkingOnTheSymbolHoldsTheDeletionOff(@TempDir Path dir) throws Exception {
        mistakeThenFix(dir);
        java.util.concurrent.CountDownLatch hold = new java.util.concurrent.CountDownLatch(1);
        var job = engine.jobs().submit("forecast", List.of("STRAYW:theta:20"), true, IfInterrupted.KEEPS_AT_END, ctx -> {
            hold.await();
            return null;
        });
        try {
            SextantException busy = refused("delete_prices", "{\"symbol\":\"STRAYW\",\"interval\":\"1d\"}");
            assertEquals(FailReason.JOB_BUSY, busy.reason());
            assertEquals(job.id(), busy.details().get("active_job_id"));
            assertTrue(busy.getMessage().contains("nothing was deleted"), busy.getMessage());
            assertEquals(List.of("1d", "1w"), engine.storedIntervals("STRAYW"));
        } finally {
            hold.countDown();
        }
    }

    private long count(String sql) {
        return engine.store().read(c -> {
            try (var s = c.createStatement(); var r = s.executeQuery(sql)) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    private static List<String> strings(JsonNode array) {
        return array.valueStream().map(JsonNode::asString).toList();
    }
}
