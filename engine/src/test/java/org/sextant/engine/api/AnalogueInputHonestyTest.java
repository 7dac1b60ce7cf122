package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * compare_to_history says when its benchmark's closes cannot carry an answer: a bad tick (the same
 * data_warning as get_forecast), a query outside every past value, a history too short to match or
 * too short for the asked horizon.
 */
class AnalogueInputHonestyTest {
    @TempSextant private Sextant engine;

    private JsonNode call(String method, String json) {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
    }

    /** {@code n} business-day closes of a seeded 1%-a-day random walk from 2018-01-01 under {@code symbol}; row {@code spike} (if >= 0) x100. */
    private void walk(String symbol, int n, int spike) {
        walk(symbol, n, spike, 0.01);
    }

    /** As {@link #walk(String, int, int)} with daily log-return sd {@code sigma}; 0 keeps every close at 100. */
    private void walk(String symbol, int n, int spike, double sigma) {
        Random rnd = new Random(7);
        engine.store().inTransaction(c -> {
            try (java.sql.PreparedStatement p = c.prepareStatement(
                    "INSERT INTO prices (symbol, date, close, adj_close, source) VALUES (?, ?, ?, ?, 'test')")) {
                LocalDate d = LocalDate.of(2018, 1, 1);
                double close = 100;
                for (int i = 0; i < n; i++) {
                    while (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) d = d.plusDays(1);
                    double px = i == spike ? close * 100 : close;
                    p.setString(1, symbol);
                    p.setObject(2, d);
                    p.setDouble(3, px);
                    p.setDouble(4, px);
                    p.addBatch();
                    close *= Math.exp(sigma * rnd.nextGaussian());
                    d = d.plusDays(1);
                }
                p.executeBatch();
            }
            try (java.sql.Statement st = c.createStatement()) {
                st.execute("INSERT INTO symbols (symbol, first_date, last_date, rows, source) SELECT symbol, min(date), max(date), count(*), 'test'"
                        + " FROM prices WHERE symbol = '" + symbol + "' GROUP BY symbol");
            }
            return null;
        });
    }

    @Test
    void aBadTickInTheBenchmarkCarriesTheForecastsDataWarning() {
        walk("CLEAN", 600, -1);
        walk("SPIKE", 600, 400);
        assertFalse(call("compare_to_history", "{\"benchmark\":\"CLEAN\",\"horizon\":1}").has("data_warning"));
        JsonNode a = call("compare_to_history", "{\"benchmark\":\"SPIKE\",\"horizon\":1}");
        String w = call("get_forecast", "{\"symbol\":\"SPIKE\",\"horizon\":5}").get("data_warning").asString();
        assertTrue(w.startsWith("SPIKE: 1 close(s) jump and fall straight back"), w);
        assertEquals(w, a.get("data_warning").asString());
        assertEquals(w, call("analogue_calibration", "{\"benchmark\":\"SPIKE\",\"warmup_days\":300,\"step_days\":50}").get("data_warning").asString());
    }

    /**
     * A weekly benchmark stored as daily prices (its file also held a daily symbol): its 5- and 20-"day" forward returns
     * are 5 and 20 weeks, so the answer carries get_forecast's warning of it, word for word; the daily one beside it none.
     */
    @Test
    void aWeeklyBenchmarkStoredAsDailyCarriesTheForecastsDataWarning(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(PeriodicClosesRoutesTest.mixed(dir.resolve("mixed.csv"))));
        String w = call("get_forecast", "{\"symbol\":\"WEEKX\",\"horizon\":5}").get("data_warning").asString();
        assertTrue(w.startsWith("WEEKX: its 150 daily closes are dated a median 7 days apart"), w);
        assertEquals(w, call("compare_to_history", "{\"benchmark\":\"WEEKX\",\"horizon\":20}").get("data_warning").asString());
        assertFalse(call("compare_to_history", "{\"benchmark\":\"DAYX\",\"horizon\":20}").has("data_warning"), "the daily benchmark beside it");
    }

    @Test
    void aQueryOutsideEveryPastValueIsSaidByDimensionAndRange() {
        walk("CLEAN", 600, -1);
        JsonNode a = call("compare_to_history", "{\"benchmark\":\"CLEAN\",\"horizon\":1,\"signals_dict\":{\"ret_1d\":99.97}}");
        String note = notes(a).stream().filter(n -> n.startsWith("ret_1d: the query's 99.97 is outside")).findFirst().orElse(null);
        assertTrue(note != null && note.contains("not like it"), notes(a).toString());
        JsonNode inside = call("compare_to_history", "{\"benchmark\":\"CLEAN\",\"horizon\":1,\"signals_dict\":{\"ret_1d\":0.001}}");
        assertTrue(notes(inside).stream().noneMatch(n -> n.contains("is outside")), notes(inside).toString());
    }

    @Test
    void aHistoryTooShortToMatchNamesTheBenchmarkAndTheCloses() {
        walk("ONE", 1, -1);
        walk("FIVE", 5, -1);
        walk("SHORT13", 13, -1);
        walk("SHORT14", 14, -1);
        for (String[] c : new String[][]{{"ONE", "1 daily close;"}, {"FIVE", "5 daily closes;"}, {"SHORT13", "13 daily closes;"}}) {
            SextantException e = assertThrows(SextantException.class, () -> call("compare_to_history", "{\"benchmark\":\"" + c[0] + "\",\"horizon\":5}"));
            assertEquals(FailReason.INVALID_INPUT, e.reason(), e.getMessage());
            assertEquals("benchmark", e.field());
            assertTrue(e.getMessage().startsWith(c[0] + " has " + c[1] + " the matcher needs at least 14"), e.getMessage());
            assertTrue(e.fix().contains("import a longer history of " + c[0]) && e.fix().contains("another benchmark"), e.fix());
        }
        assertEquals(1, call("compare_to_history", "{\"benchmark\":\"SHORT14\",\"horizon\":1}").get("sample_size").asInt(), "14 closes: one analogue");
        // a long enough history cut short by an early as_of: as_of is at fault, and the fix names the first date that works
        SextantException early = assertThrows(SextantException.class, () -> call("compare_to_history", "{\"benchmark\":\"SHORT14\",\"as_of\":\"2018-01-08\"}"));
        assertEquals("as_of", early.field());
        assertTrue(early.getMessage().startsWith("as_of 2018-01-08 leaves 6 daily closes of SHORT14 up to it; the matcher needs at least 14"), early.getMessage());
        assertEquals("pass an as_of on or after 2018-01-18", early.fix());
    }

    /** Closes that never change leave no dimension to match on: the benchmark is named, not a signals_dict nobody sent (attacker). */
    @Test
    void aBenchmarkWhoseClosesNeverChangeIsNamed() {
        walk("FLAT", 60, -1, 0);
        for (String args : new String[]{"{\"benchmark\":\"FLAT\"}", "{\"benchmark\":\"FLAT\",\"signals_dict\":{\"ret_1d\":0.01}}"}) {
            SextantException e = assertThrows(SextantException.class, () -> call("compare_to_history", args));
            assertEquals("benchmark", e.field(), e.getMessage());
            assertTrue(e.getMessage().startsWith("FLAT's closes do not change over its 60 closes: no dimension varies"), e.getMessage());
            assertTrue(e.fix().contains("another benchmark"), e.fix());
        }
    }

    /** A 5 kB benchmark is refused by its bound before the store is asked, not echoed back (attacker). */
    @Test
    void aLongBenchmarkIsRefusedByItsBoundNotEchoed() {
        for (String tool : new String[]{"compare_to_history", "analogue_calibration", "list_signals"}) {
            SextantException e = assertThrows(SextantException.class, () -> call(tool, "{\"benchmark\":\"" + "B".repeat(5000) + "\"}"));
            assertEquals("benchmark", e.field(), tool);
            assertEquals(FailReason.INVALID_INPUT, e.reason(), e.getMessage());
            assertFalse(e.getMessage().contains("B".repeat(100)) || e.fix().contains("B".repeat(100)), tool + ": " + e.getMessage());
        }
    }

    /** A dim_trust of 0 on every dimension the query has names dim_trust; a query with no varying dimension names signals_dict. */
    @Test
    void whatRemovedEveryDimensionIsNamed() {
        walk("CLEAN", 600, -1);
        SextantException trust = assertThrows(SextantException.class, () -> call("compare_to_history",
                "{\"benchmark\":\"CLEAN\",\"signals_dict\":{\"ret_1d\":0.01},\"dim_trust\":{\"ret_1d\":0}}"));
        assertEquals("dim_trust", trust.field(), trust.getMessage());
        assertTrue(trust.getMessage().contains("(ret_1d)") && trust.fix().contains("[ret_1d] a trust above 0"), trust.getMessage() + " / " + trust.fix());
        SextantException none = assertThrows(SextantException.class, () -> call("compare_to_history",
                "{\"benchmark\":\"CLEAN\",\"signals_dict\":{\"regime\":\"RISK-ON\"}}"));
        assertEquals("signals_dict", none.field(), none.getMessage());
        assertTrue(none.fix().contains("ret_1d"), none.fix());
    }

    /**
     * Weekly bars cannot make daily closes: both analogue tools name benchmark, which the caller
     * chose, not an interval neither takes (attack pass 10, L2: "field interval, ask for one of 1w, 1mo").
     */
    @Test
    void aBenchmarkWithWeeklyBarsOnlyIsRefusedNamingTheBenchmark() {
        engine.store().inTransaction(c -> {
            try (java.sql.PreparedStatement p = c.prepareStatement(
                    "INSERT INTO bars (symbol, interval, ts, close, source) VALUES ('WEEKLY', '1w', ?, ?, 'test')")) {
                for (int i = 0; i < 120; i++) {
                    p.setObject(1, LocalDate.of(1965, 1, 4).plusWeeks(i).atStartOfDay());
                    p.setDouble(2, 100 + i % 7);
                    p.addBatch();
                }
                p.executeBatch();
            }
            return null;
        });
        for (String[] c : new String[][]{{"compare_to_history", "{\"benchmark\":\"WEEKLY\",\"horizon\":5}"},
                {"analogue_calibration", "{\"benchmark\":\"WEEKLY\",\"horizon\":1,\"warmup_days\":300}"}, {"list_signals", "{\"benchmark\":\"WEEKLY\"}"}}) {
            SextantException e = assertThrows(SextantException.class, () -> call(c[0], c[1]));
            assertEquals(FailReason.INVALID_INPUT, e.reason(), e.getMessage());
            assertEquals("benchmark", e.field(), c[0] + ": " + e.getMessage());
            assertTrue(e.getMessage().startsWith("WEEKLY has weekly bars only (1w); the matcher needs daily closes"), e.getMessage());
            assertTrue(e.fix().startsWith("import daily closes of WEEKLY, or choose a benchmark with daily prices"), e.fix());
        }
    }

    /**
     * A calibration the benchmark's history is too short for names benchmark; warmup_days only when
     * the caller sent it, and the fix gives the values that work (attack pass 10, L2).
     */
    @Test
    void aShortCalibrationNamesWarmupDaysOnlyWhenItWasSent() {
        walk("SHORT200", 200, -1);
        for (String args : new String[]{"{\"benchmark\":\"SHORT200\",\"horizon\":1}", "{\"benchmark\":\"SHORT200\",\"horizon\":1,\"warmup_days\":300}"}) {
            SextantException e = assertThrows(SextantException.class, () -> call("analogue_calibration", args));
            assertEquals("benchmark", e.field(), args + ": no warmup_days helps");
            assertTrue(e.getMessage().startsWith("SHORT200 has 200 signal rows: a 1-day calibration needs at least 302"), e.getMessage());
            assertEquals("import a longer history of SHORT200, or choose another benchmark", e.fix());
        }
        walk("MID600", 600, -1);
        SextantException byDefault = assertThrows(SextantException.class, () -> call("analogue_calibration", "{\"benchmark\":\"MID600\",\"horizon\":1}"));
        assertEquals("benchmark", byDefault.field(), byDefault.getMessage());
        assertEquals("the default warmup_days 1000 leaves no step: MID600 has 600 signal rows, so at horizon 1 warmup_days can be 300..598", byDefault.getMessage());
        assertEquals("pass warmup_days in 300..598, or choose a benchmark with a longer history", byDefault.fix());
        SextantException sent = assertThrows(SextantException.class, () -> call("analogue_calibration", "{\"benchmark\":\"MID600\",\"horizon\":1,\"warmup_days\":700}"));
        assertEquals("warmup_days", sent.field());
        assertEquals("pass warmup_days in 300..598", sent.fix(), "omitting it gives 1000, which does not fit either");
        assertEquals(1, call("analogue_calibration", "{\"benchmark\":\"MID600\",\"horizon\":1,\"warmup_days\":598}").get("evaluations").asInt());
    }

    /**
     * One step: the summary says which figures are missing and why instead of "NaN", uses the
     * singular, and says its coverage is a small sample with its Wilson interval (attack pass 10, L3).
     */
    @Test
    void aCalibrationOfOneStepSaysWhatIsMissingAndThatItIsASmallSample() {
        walk("DAILY400", 400, -1);
        JsonNode r = call("analogue_calibration", "{\"benchmark\":\"DAILY400\",\"horizon\":5,\"step_days\":100,\"warmup_days\":300}");
        assertEquals(1, r.get("evaluations").asInt());
        assertEquals(0, r.get("calibrated_evaluations").asInt());
        assertTrue(r.get("correlation_analogue_realised").isNull() && r.get("calibrated_band_coverage_pct").isNull(), r.toString());
        String summary = r.get("summary").asString();
        assertFalse(summary.contains("NaN"), summary);
        assertTrue(summary.startsWith("1 walk-forward step ("), summary);
        assertTrue(summary.contains("correlation of analogue mean with realised n/a (one step)."), summary);
        assertTrue(summary.contains("Conformal bands: n/a (no step had enough past errors for a calibrated band)."), summary);
        double in = r.get("band_coverage_pct").asDouble();
        String interval = in == 100 ? "from 20.7% to 100.0%" : "from 0.0% to 79.3%";
        assertTrue(summary.endsWith("Small sample: the p5-p95 coverage is from 1 step only (fewer than 30), so " + Math.round(in)
                + "% is consistent with anything " + interval + " (95% Wilson interval); it cannot tell a calibrated band from a wrong one."), summary);
    }

    @Test
    void analoguesWithoutAnOutcomeAtTheHorizonAreSaidSo() {
        walk("SHORT40", 40, -1);
        JsonNode a = call("compare_to_history", "{\"benchmark\":\"SHORT40\",\"horizon\":20}");
        assertEquals(2, a.get("sample_size").asInt());
        String text = a.get("headline").get("text").asString();
        assertTrue(text.startsWith("2 analogues matched but none has 20 trading days after it, plus the 5-day embargo, before 2018-02-23"), text);
        assertTrue(text.contains("(history 40 days)"), text);
        assertTrue(notes(a).stream().anyMatch(n -> n.startsWith("small sample (1d: 2 analogues")), notes(a).toString());
    }

    private static java.util.List<String> notes(JsonNode a) {
        java.util.List<String> out = new java.util.ArrayList<>();
        a.get("notes").forEach(n -> out.add(n.asString()));
        return out;
    }
}
