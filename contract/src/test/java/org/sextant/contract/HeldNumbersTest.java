package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/**
 * Numbers a double does not hold, as the MCP launcher reads them (exactly): refused naming the argument, what
 * was sent (short) and what the argument takes; every other number is checked as the double the tool gets.
 */
class HeldNumbersTest {
    private static final ObjectReader EXACT = JsonMapper.shared().reader().with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private static List<ArgumentCheck.Problem> check(Capability c, String json) {
        return ArgumentCheck.problems(c, EXACT.readTree(json));
    }

    @Test
    void aNumberPastEveryDoubleIsToldTooLargeNotAString() {
        for (String large : List.of("1e400", "-1e400", "1" + "0".repeat(400))) {
            List<ArgumentCheck.Problem> p = check(Capabilities.LIST_JOBS, "{\"limit\":" + large + "}");
            assertEquals(1, p.size(), p.toString());
            assertEquals("limit", p.get(0).field());
            assertEquals((large.startsWith("-") ? "-" : "") + "1e400 is a number too large (a double holds at most 1.8e308 in size)", p.get(0).message());
            assertTrue(p.get(0).expected().startsWith("an integer in 1.." + Bounds.MAX_JOB_LIST + ": "), p.get(0).expected());
        }
        // read as a double (the app's reader) it is Infinity already: told too large, without a number that was never sent
        List<ArgumentCheck.Problem> asDouble = ArgumentCheck.problems(Capabilities.LIST_JOBS, JsonMapper.shared().readTree("{\"limit\":1e400}"));
        assertEquals("the number is too large (a double holds at most 1.8e308 in size)", asDouble.get(0).message());
    }

    @Test
    void aNumberADoubleReadsAsZeroIsToldTooSmallNotZero() {
        List<ArgumentCheck.Problem> p = check(Capabilities.GET_BACKTEST_ERROR, "{\"symbol\":\"IBM\",\"eval_fraction\":1e-400}");
        assertEquals("eval_fraction", p.get(0).field(), p.toString());
        assertEquals("1e-400 is a number too small (a double holds none between 0 and 4.9e-324 in size: it would read as 0)", p.get(0).message());
        assertTrue(p.get(0).expected().startsWith("a number strictly between 0 and 1"), p.get(0).expected());
        assertEquals(List.of(), check(Capabilities.GET_BACKTEST_ERROR, "{\"symbol\":\"IBM\",\"eval_fraction\":0.4}"));
    }

    @Test
    void aNumberDeepInAnArgumentIsToldWhereItStood() {
        List<ArgumentCheck.Problem> p = check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"levels\":[0.8,1e400]}");
        assertEquals("levels", p.get(0).field(), p.toString());
        assertEquals("at levels[1], 1e400 is a number too large (a double holds at most 1.8e308 in size)", p.get(0).message());
        List<ArgumentCheck.Problem> spec = check(Capabilities.BACKTEST, "{\"spec\":{\"nodes\":{\"fast\":{\"window\":1e-999}}},\"symbols\":[\"IBM\"]}");
        assertEquals("spec", spec.get(0).field(), spec.toString());
        assertTrue(spec.get(0).message().startsWith("at spec.nodes.fast.window, 1e-999 is a number too small"), spec.get(0).message());
    }

    /** The bound is checked on the double the tool gets: 0.99999999999999999999 is 1.0 as a double, not below 1. */
    @Test
    void aFractionIsCheckedAsTheDoubleItBecomes() {
        List<ArgumentCheck.Problem> p = check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"levels\":[0.99999999999999999999]}");
        assertEquals("levels", p.get(0).field(), p.toString());
        assertEquals(List.of(), check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"levels\":[0.95],\"horizon\":5.0}"));
        assertEquals(List.of(), check(Capabilities.SCAN_FORECASTS, "{\"level\":0.95}"), "0.95 exactly is the listed 0.95");
    }

    /** A long number is shown short: its digits are the caller's text, like a long name. */
    @Test
    void aLongNumberIsShownShort() {
        List<ArgumentCheck.Problem> p = check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"horizon\":1234567" + "1".repeat(200) + "}");
        assertEquals("must be an integer in 1.." + Bounds.MAX_HORIZON + " (got about 1.23457e206)", p.get(0).message());
        assertEquals("must be an integer in 1.." + Bounds.MAX_HORIZON + " (got 9223372036854775808)",
                check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"horizon\":9223372036854775808}").get(0).message());
        assertEquals("must be in 1.." + Bounds.MAX_HORIZON + " (got 100000.0)", check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"horizon\":1e5}").get(0).message());
    }

    @Test
    void aQuotedNumberIsToldToGoWithoutQuotes() {
        List<ArgumentCheck.Problem> p = check(Capabilities.LIST_JOBS, "{\"limit\":\"5\"}");
        assertEquals("expected an integer in 1.." + Bounds.MAX_JOB_LIST + ", got the string \"5\" (a number is sent without quotes)", p.get(0).message());
        List<ArgumentCheck.Problem> word = check(Capabilities.LIST_JOBS, "{\"limit\":\"" + "ten".repeat(100) + "\"}");
        assertEquals("expected an integer in 1.." + Bounds.MAX_JOB_LIST + ", got the string \"" + "ten".repeat(21) + "\u2026 (302 characters)",
                word.get(0).message(), "a long string is cut, and no word is told to go without quotes");
    }
}
