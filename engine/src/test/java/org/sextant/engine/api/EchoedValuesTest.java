package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.contract.ShownText;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * A value the caller sent (a symbol, an id, a dimension key or level, a literal in a query) comes back
 * in a refusal's error, field and fix escaped as ShownText shows it: a client that prints the decoded
 * error runs no ESC sequence and shows no text reordered by a U+202E.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EchoedValuesTest {
    /** ESC [31m (red), a right-to-left override, a line separator and a right-to-left mark, as JSON escapes. */
    private static final String SENT = "AB\\u001b[31m\\u202eC\\u2028D\\u200f";
    private static final String SHOWN = "AB\\u001b[31m\\u202eC\\u2028D\\u200f";

    @TempSextant private Sextant engine;
    private ApiRoutes routes;

    @BeforeAll
    void open() {
        routes = new ApiRoutes(engine, () -> Map.of());
    }

    private SextantException refused(String method, String json) {
        SextantException e = assertThrows(SextantException.class, () -> routes.dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
        assertFalse(ShownText.hasUnshown(e.getMessage() + e.field() + e.fix()), method + ": " + e.getMessage() + " / " + e.field() + " / " + e.fix());
        return e;
    }

    @Test
    void anUnknownSymbolIsEchoedEscaped() {
        assertEquals("unknown symbol '" + SHOWN + "'", refused("get_close_price", "{\"symbol\":\"" + SENT + "\"}").getMessage());
    }

    /** As sent, as an unknown symbol is: not upper-cased, which read the escape as [31M and named a text nobody wrote. */
    @Test
    void aBenchmarkWithoutPricesIsEchoedEscaped() {
        assertEquals("the store has no prices for benchmark " + SHOWN, refused("compare_to_history", "{\"benchmark\":\"" + SENT + "\"}").getMessage());
        assertEquals("the store has no prices for benchmark NoSuch", refused("analogue_calibration", "{\"benchmark\":\"NoSuch\"}").getMessage());
    }

    @Test
    void aLevelThatIsNoneOfTheDimensionsIsEchoedEscaped() {
        SextantException e = refused("compare_to_history", "{\"signals_dict\":{\"regime\":\"RISK" + SENT + "\"}}");
        assertEquals("'RISK" + SHOWN + "' is not a level of regime", e.getMessage());
    }

    @Test
    void aDimensionKeyIsEchoedEscapedInTheFieldItNames() {
        SextantException signal = refused("compare_to_history", "{\"signals_dict\":{\"ret_1d" + SENT + "\":0.01}}");
        assertEquals("signals_dict.ret_1d" + SHOWN, signal.field());
        SextantException trust = refused("compare_to_history", "{\"dim_trust\":{\"rsi\\u001b]0;x\\u0007\\u202e\":1}}");
        assertEquals("dim_trust.rsi\\u001b]0;x\\u0007\\u202e", trust.field());
        SextantException longKey = refused("compare_to_history", "{\"dim_trust\":{\"" + "k".repeat(10_000) + "\":1}}");
        assertEquals("dim_trust." + "k".repeat(64) + "\u2026 (10000 characters)", longKey.field());
    }

    @Test
    void runAndJobIdsAreEchoedEscapedAndCut() {
        assertEquals("no run with id '" + SHOWN + "'", refused("get_run", "{\"run_id\":\"" + SENT + "\"}").getMessage());
        assertEquals("no job with id '" + SHOWN + "'", refused("job_status", "{\"job_id\":\"" + SENT + "\"}").getMessage());
        assertEquals("no job with id '" + "j".repeat(64) + "\u2026 (100000 characters)'",
                refused("job_status", "{\"job_id\":\"" + "j".repeat(100_000) + "\"}").getMessage());
    }

    /** DuckDB quotes the literal it could not convert: the caller's own query text, escaped. */
    @Test
    void aLiteralDuckDbQuotesBackIsEchoedEscaped() {
        SextantException e = refused("run_select", "{\"sql\":\"SELECT CAST('" + SENT + "' AS INTEGER)\"}");
        assertTrue(e.getMessage().contains(SHOWN), e.getMessage());
    }

    /** A refusal cut at its bound ends before an escape, not inside one. */
    @Test
    void aCutErrorNeverEndsInHalfAnEscape() {
        String cut = new SextantException(org.sextant.contract.FailReason.INVALID_INPUT, "x".repeat(3996) + "\u001b", "f", null).getMessage();
        assertEquals("x".repeat(3996) + "\u2026", cut);
    }
}
