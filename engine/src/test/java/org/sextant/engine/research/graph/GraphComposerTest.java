package org.sextant.engine.research.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;

class GraphComposerTest {
    static final String SMA = """
            {"version": 1, "name": "sma cross",
             "nodes": {
               "close": {"type": "price", "params": {"field": "close"}},
               "fast": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": {"from": 5, "to": 50, "step": 5}}},
               "slow": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": [30, 100, 200]}},
               "cross": {"type": "crossover", "inputs": {"fast": "fast", "slow": "slow"}},
               "size": {"type": "fixed_fraction", "inputs": {"signal": "cross"}},
               "book": {"type": "equal_weight", "inputs": {"position": "size"}},
               "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"fill": "next_close", "cost_bps": 5, "slippage_bps": 5}}
             },
             "constraints": ["fast.length < slow.length"]}
            """;

    @Test
    void catalogueListsEveryIssueNodeWithDescriptionsAndSchemas() {
        Set<String> names = NodeCatalogue.all().stream().map(NodeType::name).collect(Collectors.toSet());
        for (String n : List.of("price", "sma", "ema", "rsi", "macd", "bollinger", "atr", "returns", "volatility", "zscore",
                "crossover", "threshold", "band_break", "forecast_above", "and", "or", "not", "fixed_fraction", "vol_target",
                "equal_weight", "top_n", "execution")) {
            assertTrue(names.contains(n), "catalogue lacks " + n);
        }
        for (NodeType t : NodeCatalogue.all()) {
            assertFalse(t.description().isBlank(), t.name());
            for (ParamSpec p : t.params()) assertFalse(p.schema().isBlank());
        }
        assertEquals("length: int 1..5000 (required)", NodeCatalogue.find("sma").param("length").schema());
        assertEquals("fill: one of next_open, next_close (default next_close)", NodeCatalogue.find("execution").param("fill").schema());
    }

    /**
     * A spec as text is read as the local API reads arguments: a number no double holds is refused naming where it stood
     * and the number as sent (read as doubles, cost_bps 1e400 was "Infinity is outside its range", a step of 1e-400 was 0).
     */
    @Test
    void aNumberNoDoubleHoldsIsRefusedNamingWhereItStood() {
        String large = "1e400 is a number too large (a double holds at most 1.8e308 in size)";
        String small = "1e-400 is a number too small (a double holds none between 0 and 4.9e-324 in size: it would read as 0)";
        ComposeResult cost = GraphComposer.compose(SMA.replace("\"cost_bps\": 5", "\"cost_bps\": 1e400"));
        assertEquals(List.of("nodes.run.params.cost_bps: " + large), cost.errors().stream().map(e -> e.field() + ": " + e.message()).toList());
        ComposeResult step = GraphComposer.compose(SMA.replace("\"step\": 5", "\"step\": 1e-400"));
        assertEquals(List.of("nodes.fast.params.length.step: " + small), step.errors().stream().map(e -> e.field() + ": " + e.message()).toList());
        ComposeResult past = GraphComposer.compose(SMA.replace("\"cost_bps\": 5", "\"cost_bps\": 1e2147483648"));
        assertEquals("nodes.run.params.cost_bps", past.errors().get(0).field(), past.errors().toString());
        assertTrue(past.errors().get(0).message().startsWith("1e2147483648 has an exponent past"), past.errors().toString());
        ComposeResult held = GraphComposer.compose(SMA.replace("\"cost_bps\": 5", "\"cost_bps\": 5.50"));
        assertTrue(held.ok(), held.errors().toString());
        assertEquals(List.of(5.5), held.graph().nodes().stream().filter(n -> n.id().equals("run")).findFirst().orElseThrow().params().get("cost_bps"));
    }

    /** A name with a NUL, an escape sequence or a direction override is refused naming `name`; a refusal echoes such characters escaped. */
    @Test
    void controlCharactersAndDirectionOverridesAreRefusedInTheNameAndEscapedWhenEchoed() {
        for (String bad : List.of("x\\u0000y", "\\u001b[31mRED", "evil\\u202etxt.exe", "a\\u2066b", "c\\u0085d")) {
            ComposeResult r = GraphComposer.compose(SMA.replace("\"sma cross\"", "\"" + bad + "\""));
            assertFalse(r.ok(), bad);
            GraphError e = r.errors().get(0);
            assertEquals("name", e.field(), bad);
            assertTrue(e.message().startsWith("the strategy name '") && e.message().endsWith("' holds a control character or a text-direction override"), e.message());
            assertFalse(org.sextant.contract.ShownText.hasUnshown(e.message()), e.message());
            assertTrue(e.fix().contains("plain text"), e.fix());
        }
        ComposeResult named = GraphComposer.compose(SMA.replace("\"sma cross\"", "\"évolution – 50/200 (日本)\""));
        assertTrue(named.ok(), named.errors().toString());

        ComposeResult id = GraphComposer.compose(SMA.replace("\"cross\": {", "\"s\\u0007\\u202eM\": {\"type\": \"price\"}, \"cross\": {"));
        GraphError e = id.errors().get(0);
        assertEquals("nodes.s\\u0007\\u202eM", e.field());
        assertEquals("node id 's\\u0007\\u202eM' is not a simple name", e.message());
        assertEquals("s\\u0007\\u202eM", e.node());
    }

    @Test
    void aValidSpecGivesTheRunnableGraphAndItsConfigurationCount() {
        ComposeResult r = GraphComposer.compose(SMA);
        assertTrue(r.ok(), r.errors().toString());
        // fast 5..50 (10 values) x slow {30, 100, 200}, fast < slow: 5 + 10 + 10
        assertEquals(25, r.configurations());
        ComposedGraph g = r.graph();
        assertEquals("run", g.root());
        assertEquals("close", g.nodes().get(0).id());                    // inputs come first
        assertEquals("run", g.nodes().get(g.nodes().size() - 1).id());
        assertEquals(5, g.configuration(0).get("fast").get("length"));
        assertEquals(30, g.configuration(0).get("slow").get("length"));
        assertEquals(1.0, g.configuration(0).get("size").get("fraction")); // default filled in
        for (long k = 0; k < g.configurations(); k++) {
            assertTrue((int) g.varying(k).get("fast.length") < (int) g.varying(k).get("slow.length"));
        }
    }

    @Test
    void theAnswerSerialisesForTransports() {
        String ok = org.sextant.engine.Json.write(GraphComposer.compose(SMA).toWire());
        assertTrue(ok.contains("\"configurations\" : 25") && ok.contains("\"fast.length < slow.length\""), ok);
        String bad = org.sextant.engine.Json.write(GraphComposer.compose(SMA.replace("\"version\": 1", "\"version\": 9")).toWire());
        assertTrue(bad.contains("\"field\" : \"version\"") && bad.contains("\"ok\" : false"), bad);
    }

    /** A file that is no spec (a token, a .env, a JSON config) is refused by where it fails, never by its text. */
    @Test
    void aFileThatIsNoSpecIsNotEchoed() {
        GraphError token = only("ghp_16C7e42F292c6912E7710c838347Ae178B4aSECRET");
        assertEquals("spec", token.field());
        assertEquals("not valid JSON at line 1, column 1", token.message().replaceAll(" column \\d+", " column 1"));
        assertFalse(token.toString().contains("SECRET"), token.toString());
        GraphError env = only("AWS_SECRET_ACCESS_KEY=abc\n");
        assertFalse(env.toString().contains("AWS_SECRET"), env.toString());
        GraphError version = only("{\"version\": \"sk-SECRET-123\", \"nodes\": {}}");
        assertEquals("version", version.field());
        assertEquals("unsupported spec version (a string, not a number)", version.message());
    }

    /** A node copied to edit and not renamed would silently replace the first: the sweep would be of another graph. */
    @Test
    void aKeyGivenTwiceIsRefusedByItsPathAndLine() {
        String copied = SMA.replace("""
                   "cross":""", """
                   "slow": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": [7]}},
                   "cross":""");
        GraphError node = only(copied);
        assertEquals("spec", node.field());
        assertEquals("nodes.slow is given twice (line 6): which one counts would be a guess", node.message());
        assertTrue(node.fix().contains("keep one"), node.fix());
        assertEquals("name is given twice (line 1): which one counts would be a guess",
                only(SMA.replace("\"name\": \"sma cross\"", "\"name\": \"a\", \"name\": \"b\"")).message());
        assertEquals("nodes.run.params.cost_bps is given twice (line 9): which one counts would be a guess",
                only(SMA.replace("\"cost_bps\": 5", "\"cost_bps\": 5, \"cost_bps\": 500")).message());
        // a key is named escaped and cut, never with more of the text than itself
        GraphError odd = only("{\"version\": 1, \"nodes\": {\"a\\u001b[2J\": {\"x\": [{\"k\": 1, \"k\": \"SECRET\"}]}}}");
        assertEquals("nodes.a\\u001b[2J.x[0].k is given twice (line 1): which one counts would be a guess", odd.message());
        assertFalse(odd.toString().contains("SECRET"), odd.toString());
        String longKey = "k".repeat(5000);
        GraphError cut = only("{\"" + longKey + "\": 1, \"" + longKey + "\": 2}");
        assertTrue(cut.message().startsWith("k".repeat(64) + "\u2026 (5000 characters) is given twice"), cut.message());
        assertThrows(SextantException.class, () -> GraphComposer.compose(copied).requireOk());
    }

    /** A run stored before keys given twice were refused replays as it ran: the later value counts. */
    @Test
    void aStoredRunsSpecIsReadAsItRan() {
        ComposedGraph g = GraphComposer.composeAsRun(SMA.replace("[30, 100, 200]", "[30], \"length\": [100, 200]")).requireOk();
        assertEquals(List.of(100, 200), g.nodes().stream().filter(n -> n.id().equals("slow")).findFirst().orElseThrow().params().get("length"));
    }

    private static GraphError only(String json) {
        ComposeResult r = GraphComposer.compose(json);
        assertFalse(r.ok());
        assertNull(r.graph());
        assertEquals(1, r.errors().size(), r.errors().toString());
        return r.errors().get(0);
    }

    private static String replace(String from, String to) {
        assertTrue(SMA.contains(from), from);
        return SMA.replace(from, to);
    }

    @Test
    void unknownNodeIsNamedWithTheChoices() {
        GraphError e = only(replace("\"type\": \"crossover\"", "\"type\": \"crosover\""));
        assertEquals("nodes.cross.type", e.field());
        assertEquals("unknown node type 'crosover'", e.message());
        assertTrue(e.fix().contains("crossover"));
    }

    @Test
    void wrongTypeNamesBothEnds() {
        GraphError e = only(replace("\"inputs\": {\"signal\": \"cross\"}", "\"inputs\": {\"signal\": \"fast\"}"));
        assertEquals("nodes.size.inputs.signal", e.field());
        assertEquals("wrong type: input 'signal' of fixed_fraction expects a signal, but 'fast' (sma) gives a series", e.message());
    }

    @Test
    void cycleIsShownAsAPath() {
        GraphError e = only(replace("\"fast\": {\"type\": \"sma\", \"inputs\": {\"series\": \"close\"}", "\"fast\": {\"type\": \"sma\", \"inputs\": {\"series\": \"fast2\"}")
                .replace("\"cross\": {", "\"fast2\": {\"type\": \"ema\", \"inputs\": {\"series\": \"fast\"}, \"params\": {\"length\": 3}},\n \"cross\": {"));
        assertEquals("nodes.fast.inputs", e.field());
        assertEquals("cycle: fast -> fast2 -> fast", e.message());
    }

    @Test
    void lookAheadIsRefused() {
        GraphError lag = only(replace("\"slow\": {\"type\": \"sma\", \"inputs\": {\"series\": \"close\"}",
                "\"lead\": {\"type\": \"lag\", \"inputs\": {\"series\": \"close\"}, \"params\": {\"bars\": [0, -1]}},\n"
                        + "\"slow\": {\"type\": \"sma\", \"inputs\": {\"series\": \"lead\"}"));
        assertEquals("nodes.lead.params.bars", lag.field());
        assertEquals("look-ahead: lag -1 reads 1 bar(s) into the future", lag.message());
        GraphError fill = only(replace("\"fill\": \"next_close\"", "\"fill\": \"same_close\""));
        assertEquals("nodes.run.params.fill", fill.field());
        assertTrue(fill.message().startsWith("look-ahead"), fill.message());
    }

    @Test
    void parameterProblemsNameTheField() {
        assertEquals("nodes.fast.params.length", only(replace("{\"from\": 5, \"to\": 50, \"step\": 5}", "{\"from\": 0, \"to\": 50, \"step\": 5}")).field());
        assertEquals("nodes.slow.params.length", only(replace("[30, 100, 200]", "[30, 100.5]")).field());
        GraphError missing = only(replace(", \"params\": {\"length\": [30, 100, 200]}", ""));
        assertEquals("nodes.slow.params.length", missing.field());
        assertEquals("'length' is required for sma", missing.message());
        GraphError unknown = only(replace("\"params\": {\"field\": \"close\"}", "\"params\": {\"field\": \"close\", \"adjust\": true}"));
        assertEquals("nodes.close.params.adjust", unknown.field());
        GraphError input = only(replace("\"inputs\": {\"fast\": \"fast\", \"slow\": \"slow\"}", "\"inputs\": {\"fast\": \"fast\"}"));
        assertEquals("nodes.cross.inputs.slow", input.field());
        assertEquals("version", only(SMA.replace("\"version\": 1", "\"version\": 2")).field());
        assertEquals("spec", only("{not json").field());
        assertEquals("constraints[0]", only(replace("fast.length < slow.length", "fast.length << slow.length")).field());
    }

    @Test
    void allErrorsAreReportedAtOnceAndRequireOkRefuses() {
        String bad = replace("\"type\": \"crossover\"", "\"type\": \"crosover\"").replace("[30, 100, 200]", "[0]");
        ComposeResult r = GraphComposer.compose(bad);
        assertTrue(r.errors().size() >= 2, r.errors().toString());
        SextantException e = assertThrows(SextantException.class, r::requireOk);
        assertEquals("invalid_input", e.failReason());
        assertNotNull(e.field());
        assertTrue(e.getMessage().contains("crosover") && e.getMessage().contains("nodes.slow.params.length"), e.getMessage());
    }

    @Test
    void thresholdLevelsMustBeOrdered() {
        String rsi = """
                {"version": 1, "nodes": {
                  "close": {"type": "price"},
                  "rsi": {"type": "rsi", "inputs": {"series": "close"}, "params": {"length": [2, 14]}},
                  "entry": {"type": "threshold", "inputs": {"series": "rsi"}, "params": {"enter_below": [20, 30, 60], "exit_above": [50, 70]}},
                  "size": {"type": "fixed_fraction", "inputs": {"signal": "entry"}},
                  "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}}}}
                """;
        // 2 lengths x (20/50, 20/70, 30/50, 30/70, 60/70)
        assertEquals(10, GraphComposer.compose(rsi).configurations());
        GraphError none = only(rsi.replace("[20, 30, 60]", "[80]"));
        assertEquals("constraints", none.field());
    }
}
