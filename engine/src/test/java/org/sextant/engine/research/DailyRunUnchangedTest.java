package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A daily run answers as it did before runs took an interval: research/daily-run-golden.json is the
 * summary this request gave before that change (run id and seconds left out), and every field it
 * has must come back with the same JSON text, with the interval named or not. Two changes since are
 * deliberate: the haircut Sharpe ratios moved in their 15th digit when the single-test p-value came
 * to be taken from the upper tail (2 P(T >= t), not 2 (1 - P(T < t))); and the trades back to the
 * four equal weights as the prices move them are charged (attack 23, M1: turnover 36.4 to 37.6 a
 * year in sample, about the 115% a year the former warning measured; Sharpe 1.37 to 1.36), so the
 * figures that depend on the returns moved and the warning that those trades were not charged went.
 * Session 42: a next_close fill pays out of the equity at its close, not the close before (in-sample
 * CAGR 0.163506 to 0.163469, Sharpe 1.361192 to 1.361105; out of sample 0.122290 to 0.122250 and
 * 1.275137 to 1.274875; PBO 0.55664 to 0.55672; turnover and exposure unchanged).
 */
class DailyRunUnchangedTest {
    private static final List<String> UNIVERSE = List.of("AA", "AXP", "T", "BA");

    @Test
    void aDailyRunAnswersFieldForFieldAsBeforeIntervals(@TempSextant Store store) throws IOException {
        ResearchServiceTest.insertDow(store);
        ResearchService research = new ResearchService(store);
        JsonNode actual = withoutRunIdentity(research.runStrategy(request(null)));
        JsonNode expected = Json.MAPPER.readTree(golden(actual));
        for (var field : expected.propertyNames()) {
            assertEquals(expected.get(field).toString(), String.valueOf(actual.get(field)), "field " + field);
        }
        assertEquals("1d", actual.get("interval").asString());
        assertEquals(252.0, actual.get("bars_per_year").asDouble());
        assertEquals("annualised with 252 bars a year (1d: AA, AXP, T, BA trade on weekdays)", actual.get("annualisation").asString());
        JsonNode named = withoutRunIdentity(research.runStrategy(request("1d")));
        for (var field : expected.propertyNames()) {
            if (field.equals("session_id")) continue; // a session of its own, so that N is the same
            assertEquals(expected.get(field).toString(), String.valueOf(named.get(field)), "interval 1d named: field " + field);
        }
    }

    static StrategyRunRequest request(String interval) {
        return new StrategyRunRequest(interval == null ? "golden" : "golden-" + interval, ResearchServiceTest.SPEC, UNIVERSE, null, null,
                LocalDate.of(1994, 1, 3), 2, null, interval);
    }

    static ObjectNode withoutRunIdentity(StrategyRunSummary s) {
        ObjectNode n = (ObjectNode) Json.MAPPER.readTree(Json.write(s));
        n.remove("run_id");
        n.remove("seconds");
        return n;
    }

    private static String golden(JsonNode actual) throws IOException {
        try (InputStream in = DailyRunUnchangedTest.class.getResourceAsStream("/research/daily-run-golden.json")) {
            assertNotNull(in, "missing research/daily-run-golden.json; this request gives " + actual);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
