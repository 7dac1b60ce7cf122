package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class ArgumentCheckTest {
    private static List<ArgumentCheck.Problem> check(Capability c, String json) {
        return ArgumentCheck.problems(c, JsonMapper.shared().readTree(json));
    }

    /** A spec sent as JSON text is checked as the same spec sent as an object: a number no double holds is refused where it stood. */
    @Test
    void aSpecAsTextIsRefusedAsTheSameSpecAsAnObject() {
        String spec = "{\"version\":1,\"nodes\":{\"run\":{\"type\":\"execution\",\"params\":{\"cost_bps\":1e400}}}}";
        String sent = "{\"spec\":" + JsonMapper.shared().writeValueAsString(spec) + "}";
        List<ArgumentCheck.Problem> text = check(Capabilities.COMPOSE_GRAPH, sent);
        assertEquals(List.of(new ArgumentCheck.Problem("spec", "at spec.nodes.run.params.cost_bps, 1e400 is a number too large (a double holds at most 1.8e308 in size)",
                ProblemWording.expected(Capabilities.COMPOSE_GRAPH.schema(), "spec", (Map<?, ?>) ((Map<?, ?>) Capabilities.COMPOSE_GRAPH.schema().get("properties")).get("spec")))), text);
        assertEquals(List.of(), check(Capabilities.COMPOSE_GRAPH, "{\"spec\":" + JsonMapper.shared().writeValueAsString(spec.replace("1e400", "5")) + "}"));
        assertEquals(List.of(), check(Capabilities.COMPOSE_GRAPH, "{\"spec\":\"{not json 1e400\"}"), "not JSON: the composer says why");
    }

    /** A search text holding a control character is refused naming the character and where it stood; its schema says so. */
    @Test
    void aControlCharacterInASearchIsRefusedNamingIt() {
        List<ArgumentCheck.Problem> nul = check(Capabilities.LIST_SYMBOLS, "{\"query\":\"\\u0000\"}");
        assertEquals("query", nul.get(0).field());
        assertEquals("holds a control character (U+0000, at character 1)", nul.get(0).message());
        assertTrue(nul.get(0).expected().startsWith("a string of at most 100 characters without control characters: "), nul.get(0).expected());
        assertEquals(List.of(), check(Capabilities.LIST_SYMBOLS, "{\"query\":\"apple \\u00e9\\u202e\"}"), "other characters are search text");
    }

    @Test
    void argumentsWithinTheirBoundsPass() {
        assertEquals(List.of(), check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"horizon\":20,\"levels\":[0.8,0.95]}"));
        assertEquals(List.of(), check(Capabilities.LIST_JOBS, "{}"));
    }

    @Test
    void aBoundPastItsLimitIsRefusedNamingTheField() {
        List<ArgumentCheck.Problem> p = check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"horizon\":" + (Bounds.MAX_HORIZON + 1) + "}");
        assertEquals(1, p.size(), p.toString());
        assertEquals("horizon", p.get(0).field());
        assertEquals("must be in 1.." + Bounds.MAX_HORIZON + " (got " + (Bounds.MAX_HORIZON + 1) + ")", p.get(0).message());
        assertTrue(p.get(0).expected().contains(Bounds.HORIZON_UNIT), p.get(0).expected()); // what it counts, not only its bounds
    }

    /** A session id is a short name: a 5000-character one was stored with every run and echoed in every answer. */
    @Test
    void aSessionIdIsBoundedInLengthAndCharacters() {
        String spec = "\"spec\":{},\"symbols\":[\"IBM\"]";
        assertEquals(List.of(), check(Capabilities.BACKTEST, "{" + spec + ",\"session_id\":\"sma-ibm_2024.v2:a\"}"));
        for (Capability c : List.of(Capabilities.BACKTEST, Capabilities.START_BACKTEST, Capabilities.LIST_RUNS, Capabilities.GET_SESSION_REGISTRY)) {
            String args = c.schema().toString().contains("symbols") ? spec + "," : "";
            for (String id : List.of("x".repeat(Bounds.MAX_SESSION_ID_CHARS + 1), "a b", "<script>")) {
                List<ArgumentCheck.Problem> p = check(c, "{" + args + "\"session_id\":\"" + id + "\"}");
                assertEquals(1, p.size(), c.name() + " " + p);
                assertEquals("session_id", p.get(0).field());
                assertTrue(p.get(0).expected().startsWith("a string of at most 100 characters matching ^[A-Za-z0-9._:-]*$"), p.get(0).expected());
            }
            List<ArgumentCheck.Problem> spaced = check(c, "{" + args + "\"session_id\":\"a b\"}");
            assertEquals("must match ^[A-Za-z0-9._:-]*$", spaced.get(0).message(), "not the non-blank wording of other patterns");
        }
    }

    /** A benchmark is a symbol and bounded like one: a 5 kB one was echoed as 4,000 characters in "the store has no prices for benchmark ..." (attacker). */
    @Test
    void aBenchmarkIsBoundedLikeASymbol() {
        List<Capability> withBenchmark = Capabilities.ALL.stream().filter(c -> ((Map<?, ?>) c.schema().get("properties")).containsKey("benchmark")).toList();
        assertEquals(List.of(Capabilities.COMPARE_TO_HISTORY, Capabilities.ANALOGUE_CALIBRATION, Capabilities.LIST_SIGNALS), withBenchmark);
        for (Capability c : withBenchmark) {
            assertEquals(List.of(), check(c, "{\"benchmark\":\"" + "x".repeat(Bounds.MAX_SYMBOL_CHARS) + "\"}"), c.name());
            List<ArgumentCheck.Problem> p = check(c, "{\"benchmark\":\"" + "x".repeat(5000) + "\"}");
            assertEquals(1, p.size(), c.name() + " " + p);
            assertEquals("benchmark", p.get(0).field());
            assertTrue(p.get(0).expected().startsWith("a string of at most " + Bounds.MAX_SYMBOL_CHARS + " characters"), p.get(0).expected());
            assertFalse(p.toString().contains("x".repeat(100)), "the long value is not echoed: " + p);
        }
    }

    /** A number no long holds is refused naming the field and its bounds, not in the words of the JSON library. */
    @Test
    void backtestOriginsAreAWordOrACountAsAgentsSendIt() {
        for (String ok : List.of("20", "\"20\"", "\"weekly\"")) {
            assertEquals(List.of(), check(Capabilities.GET_BACKTEST_ERROR, "{\"symbol\":\"IBM\",\"origins\":" + ok + "}"), ok);
        }
        for (String bad : List.of("0", "2.5", "true")) {
            List<ArgumentCheck.Problem> p = check(Capabilities.GET_BACKTEST_ERROR, "{\"symbol\":\"IBM\",\"origins\":" + bad + "}");
            assertEquals(1, p.size(), bad + " " + p);
            assertEquals("origins", p.get(0).field());
            assertTrue(p.get(0).expected().startsWith("a word or a whole number at least 1"), p.get(0).expected());
        }
    }

    @Test
    void anIntegerPastEveryRangeIsRefusedNamingTheFieldAndItsBounds() {
        for (String big : new String[] {"1e308", "-1e19", "1" + "0".repeat(30)}) {
            List<ArgumentCheck.Problem> p = check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"horizon\":" + big + "}");
            assertEquals(1, p.size(), p.toString());
            assertEquals("horizon", p.get(0).field());
            assertTrue(p.get(0).message().startsWith("must be an integer in 1.." + Bounds.MAX_HORIZON + " (got "), p.get(0).message());
        }
    }

    /** "1M" is a month in pandas and charting tools: an interval in another case is refused, naming what each case means. */
    @Test
    void anIntervalInAnotherLetterCaseIsRefusedWithWhatEachCaseMeans() {
        for (Capability c : List.of(Capabilities.GET_CLOSE_PRICE, Capabilities.GET_FORECAST, Capabilities.BACKTEST)) {
            String args = c == Capabilities.BACKTEST ? "{\"spec\":{},\"symbols\":[\"IBM\"],\"interval\":\"1M\"}" : "{\"symbol\":\"IBM\",\"interval\":\"1M\"}";
            List<ArgumentCheck.Problem> p = check(c, args);
            assertEquals("interval", p.get(0).field(), p.toString());
            assertEquals("\"1M\" is not one of 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w, 1mo (letter case counts here)", p.get(0).message());
            assertTrue(p.get(0).expected().contains("case-sensitive: 1m is a minute, 1mo a month"), p.get(0).expected());
        }
        assertEquals(List.of(), check(Capabilities.GET_CLOSE_PRICE, "{\"symbol\":\"IBM\",\"interval\":\"1mo\"}"));
        List<ArgumentCheck.Problem> other = check(Capabilities.GET_CLOSE_PRICE, "{\"symbol\":\"IBM\",\"interval\":\"2d\"}");
        assertEquals("\"2d\" is not one of 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w, 1mo", other.get(0).message(), "no case remark where case is not the problem");
    }

    @Test
    void aMissingRequiredArgumentAndAnUnknownOneAreNamed() {
        List<ArgumentCheck.Problem> missing = check(Capabilities.GET_CLOSE_PRICE, "{}");
        assertEquals("symbol", missing.get(0).field(), missing.toString());
        List<ArgumentCheck.Problem> unknown = check(Capabilities.GET_CLOSE_PRICE, "{\"symbol\":\"IBM\",\"ticker\":\"IBM\"}");
        assertEquals("ticker", unknown.get(0).field(), unknown.toString());
        assertFalse(unknown.get(0).expected().contains("did you mean"), "ticker is no typo of an argument: " + unknown);
    }

    /** An unknown name is the caller's text: a 10,000-character one is not echoed whole, a direction override or ESC not raw. */
    @Test
    void anUnknownNameIsShownCutAndEscaped() {
        List<ArgumentCheck.Problem> longName = check(Capabilities.GET_CLOSE_PRICE, "{\"symbol\":\"IBM\",\"" + "x".repeat(10_000) + "\":1}");
        assertEquals("x".repeat(ShownText.NAME_CHARS) + "\u2026 (10000 characters)", longName.get(0).field());
        List<ArgumentCheck.Problem> hostile = check(Capabilities.GET_CLOSE_PRICE, "{\"symbol\":\"IBM\",\"a\\u202Eb\\u0007c\\u001b[2J\":1}");
        assertEquals("a\\u202eb\\u0007c\\u001b[2J", hostile.get(0).field());
        for (ArgumentCheck.Problem p : List.of(longName.get(0), hostile.get(0))) {
            assertFalse(ShownText.hasUnshown(p.field() + p.message() + p.expected()), p.toString());
            assertTrue((p.field() + p.message() + p.expected()).length() < 1_000, p.toString());
        }
    }

    /** The cut never splits an escape or a character outside the BMP. */
    @Test
    void aShownNameIsCutBetweenCharacters() {
        String shown = ShownText.name("\u0007".repeat(20));
        assertEquals("\\u0007".repeat(10) + "\u2026 (20 characters)", shown);
        assertEquals("a".repeat(63) + "\u2026 (65 characters)", ShownText.name("a".repeat(63) + "\uD83D\uDE00a"));
        assertEquals("limit", ShownText.name("limit"));
    }

    /** A name far longer than any argument is no typo of one (and is skipped before any table of its size is built). */
    @Test
    void aHugeNameIsNoTypo() {
        assertEquals(null, NearNames.nearest("limit".repeat(1000), List.of("limit", "symbol")));
        assertEquals("limit", NearNames.nearest("limt", List.of("limit", "symbol")));
        assertEquals("interval", NearNames.nearest("inter", List.of("limit", "interval")), "the start of a name");
    }

    @Test
    void aMistypedArgumentIsAnsweredWithTheOneMeant() {
        List<ArgumentCheck.Problem> typo = check(Capabilities.GET_CLOSE_PRICE, "{\"symbol\":\"IBM\",\"lmit\":5}");
        assertEquals("lmit", typo.get(0).field(), typo.toString());
        assertTrue(typo.get(0).expected().endsWith("; did you mean limit?"), typo.toString());
        assertTrue(typo.get(0).expected().startsWith("one of the arguments ["), typo.toString());
        List<ArgumentCheck.Problem> swapped = check(Capabilities.GET_CLOSE_PRICE, "{\"smybol\":\"IBM\"}");
        assertTrue(swapped.stream().anyMatch(p -> p.expected().endsWith("did you mean symbol?")), swapped.toString());
    }

    @Test
    void aRetiredArgumentNameIsRefusedNamingItsReplacement() {
        List<ArgumentCheck.Problem> every = check(Capabilities.GET_BACKTEST_ERROR, "{\"symbol\":\"IBM\",\"every\":20}");
        assertEquals("every", every.get(0).field(), every.toString());
        assertEquals("'every' was renamed 'origins' before 1.0", every.get(0).message());
        assertTrue(every.get(0).expected().startsWith("origins, a word or a whole number at least 1: forecast origins"), every.toString());
        assertEquals(List.of(), check(Capabilities.GET_BACKTEST_ERROR, "{\"symbol\":\"IBM\",\"origins\":\"20\"}"));
        List<ArgumentCheck.Problem> elsewhere = check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"every\":20}");
        assertEquals("is not an argument of this call", elsewhere.get(0).message(), "only where the replacement is declared");
    }

    @Test
    void wrongTypesAndOversizedListsAreRefused() {
        assertEquals("limit", check(Capabilities.RUN_SELECT, "{\"sql\":\"SELECT 1\",\"limit\":\"lots\"}").get(0).field());
        StringBuilder paths = new StringBuilder("[");
        for (int i = 0; i <= Bounds.MAX_IMPORT_FILES; i++) paths.append(i == 0 ? "" : ",").append("\"/x").append(i).append(".csv\"");
        assertEquals("paths", check(Capabilities.START_IMPORT, "{\"paths\":" + paths + "]}").get(0).field());
        // one problem for a list past its bound, without the list: the validator would walk 5000 items
        // for uniqueItems (7 s) and quote them all in its "same item twice"
        String levels = "[" + String.join(",", java.util.Collections.nCopies(5000, "0.5")) + "]";
        List<ArgumentCheck.Problem> many = check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"levels\":" + levels + "}");
        assertEquals(List.of(new ArgumentCheck.Problem("levels", "has 5000 items, at most " + Bounds.MAX_LEVELS + " per call (nothing was done)",
                many.get(0).expected())), many);
    }

    @Test
    void datesBlankItemsAndLevelsAreCheckedFromTheSchema() {
        List<ArgumentCheck.Problem> date = check(Capabilities.RESOLVE_FORECAST_START, "{\"symbol\":\"IBM\",\"as_of\":\"2024-02-30\"}");
        assertEquals("as_of", date.get(0).field(), date.toString());
        assertTrue(date.get(0).message().contains("not a calendar date"), date.toString());
        assertEquals(List.of(), check(Capabilities.RESOLVE_FORECAST_START, "{\"symbol\":\"IBM\",\"as_of\":\"2024-02-29\"}"));
        List<ArgumentCheck.Problem> blank = check(Capabilities.START_GATHER, "{\"symbols\":[\"MSFT.US\",\"  \"]}");
        assertEquals("symbols", blank.get(0).field(), blank.toString());
        assertEquals(List.of(), check(Capabilities.SCAN_FORECASTS, "{\"level\":95.0}"));
        assertEquals(List.of(), check(Capabilities.SCAN_FORECASTS, "{\"level\":0.8}"));
        List<ArgumentCheck.Problem> level = check(Capabilities.SCAN_FORECASTS, "{\"level\":0.9}");
        assertEquals("level", level.get(0).field(), level.toString());
        assertTrue(level.get(0).expected().startsWith("one of 0.8, 0.95, 0.99, 80, 95, 99"), level.toString());
    }

    /** "(and 1 more problem(s))" named nothing: the other wrong arguments are named, a second complaint about the same one is not counted. */
    @Test
    void aRefusalNamesTheOtherWrongArgumentsOnly() {
        List<ArgumentCheck.Problem> one = check(Capabilities.RESOLVE_FORECAST_START, "{\"symbol\":\"IBM\",\"as_of\":\"yesterday\"}");
        assertEquals("as_of", one.get(0).field(), one.toString());
        assertEquals("", ArgumentCheck.alsoWrong(one), one.toString());
        assertTrue(one.size() > 1, "the date fails its pattern and its format: " + one);
        List<ArgumentCheck.Problem> three = check(Capabilities.SCAN_FORECASTS, "{\"as_of\":\"yesterday\",\"top\":100000,\"level\":0.9}");
        assertEquals(" (also wrong: " + String.join(", ", three.stream().map(ArgumentCheck.Problem::field).distinct().skip(1).toList()) + ")",
                ArgumentCheck.alsoWrong(three), three.toString());
        assertTrue(ArgumentCheck.alsoWrong(three).contains("top") || three.get(0).field().equals("top"), three.toString());
        assertEquals(3, three.stream().map(ArgumentCheck.Problem::field).distinct().count(), three.toString());
    }

    @Test
    void aSchemaOfItsOwnIsCheckedAndRecompiledWhenItChanges() {
        var mapper = JsonMapper.shared();
        Map<String, Object> small = ArgumentSchema.object().integer("n", 1, 5, "how many").build();
        Map<String, Object> large = ArgumentSchema.object().integer("n", 1, 50, "how many").build();
        List<ArgumentCheck.Problem> p = ArgumentCheck.problems("fixture", small, mapper.readTree("{\"n\":6}"));
        assertEquals(new ArgumentCheck.Problem("n", "must be in 1..5 (got 6)", "an integer in 1..5: how many"), p.get(0));
        assertEquals(List.of(), ArgumentCheck.problems("fixture", large, mapper.readTree("{\"n\":6}")));
        assertEquals(List.of(), ArgumentCheck.problems("fixture", small, mapper.readTree("{\"n\":5.0}")));
    }

    @Test
    void everyCapabilityHasOneNameAndAnEffectLine() {
        assertEquals(Capabilities.ALL.size(), Capabilities.ALL.stream().map(Capability::name).distinct().count());
        for (Capability c : Capabilities.ALL) {
            assertEquals(c, Capabilities.named(c.name()).orElseThrow());
            assertTrue(c.effect().length() <= 160, c.name() + ": effect line too long");
        }
    }

    /** A level asked twice would be a band computed and drawn twice: refused naming levels, and the fix says the levels must differ. */
    @Test
    void aLevelAskedTwiceIsRefusedNamingLevels() {
        for (Capability c : List.of(Capabilities.GET_FORECAST, Capabilities.GET_BACKTEST_ERROR)) {
            List<ArgumentCheck.Problem> p = check(c, "{\"symbol\":\"IBM\",\"levels\":[0.9,0.9]}");
            assertEquals(1, p.size(), p.toString());
            assertEquals("levels", p.get(0).field());
            assertEquals("has the same item twice (got [0.9,0.9])", p.get(0).message());
            assertTrue(p.get(0).expected().startsWith("an array of 1.." + Bounds.MAX_LEVELS + " distinct items"), p.get(0).expected());
        }
    }

    /** A level below one half makes no useful band (1e-300 gave a reward/risk of Infinity): refused naming levels and the bound. */
    @Test
    void aLevelBelowOneHalfIsRefusedNamingTheBound() {
        List<ArgumentCheck.Problem> p = check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"levels\":[1e-300]}");
        assertEquals(1, p.size(), p.toString());
        assertEquals("levels", p.get(0).field());
        assertEquals("must be at least 0.5 and less than 1 (got 1e-300)", p.get(0).message());
        assertEquals(List.of(), check(Capabilities.GET_FORECAST, "{\"symbol\":\"IBM\",\"levels\":[0.5,0.99]}"));
    }
    /**
     * Attack pass 10, H1: a 1 MiB body of 148,000 unknown names was worded name by name (each with the argument list and a
     * did-you-mean), 1.8 s of CPU and tens of MB a request; 32 at once ran a 1 GB heap out. Refused by their count, unworded.
     */
    @Test
    void aCallWithFarMoreNamesThanArgumentsIsRefusedByTheirCountAndAtMostTenProblemsAreWorded() {
        StringBuilder many = new StringBuilder("{");
        for (int i = 0; i < 100_000; i++) many.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":1");
        List<ArgumentCheck.Problem> p = check(Capabilities.GET_CLOSE_PRICE, many.append('}').toString());
        assertEquals(1, p.size(), "one problem, not one per name");
        assertEquals("arguments", p.get(0).field());
        assertEquals("holds 100000 names, more than the 5 this call takes", p.get(0).message());
        assertEquals("only end, interval, limit, start, symbol", p.get(0).expected());
        // up to the schema's arguments plus ten, names are checked one by one, and at most ten are worded
        StringBuilder few = new StringBuilder("{\"symbol\":\"IBM\"");
        for (int i = 0; i < 14; i++) few.append(",\"k").append(i).append("\":1");
        List<ArgumentCheck.Problem> worded = check(Capabilities.GET_CLOSE_PRICE, few.append('}').toString());
        assertEquals(ArgumentCheck.MAX_PROBLEMS, worded.size(), worded.toString());
        assertTrue(worded.stream().allMatch(w -> w.message().equals("is not an argument of this call")), worded.toString());
    }
}
