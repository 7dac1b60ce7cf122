package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.ShownText;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * What the caller sent (a node id, a key, a type, a symbol) and what a file holds comes back in a
 * successful answer's warnings and notes as an error shows it: escaped (ShownText) and cut past 64
 * characters, so a client that prints the answer runs no ESC sequence, shows no text reordered by a
 * U+202E and gets no 10,000-character warning.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EchoedInAnswersTest {
    /** ESC [31m and a right-to-left override, as JSON escapes, then 10,000 characters. */
    private static final String MARKED = "k\\u001b[31m\\u202e" + "x".repeat(10_000);
    private static final String MARKED_SHOWN = "k\\u001b[31m\\u202e" + "x".repeat(64 - 17) + "\u2026 (10007 characters)";
    private static final String LONG_ID = "a" + "x".repeat(10_000);
    private static final String LONG_ID_SHOWN = "a" + "x".repeat(63) + "\u2026 (10001 characters)";

    @TempSextant private Sextant engine;
    private ApiRoutes routes;

    @BeforeAll
    void open() {
        routes = new ApiRoutes(engine, () -> Map.of());
    }

    private JsonNode answer(String method, String json) {
        return Json.MAPPER.valueToTree(routes.dispatch(new ApiCall(method, Json.MAPPER.readTree(json))));
    }

    /** Every text of the answer, its keys too: none holds a character ShownText escapes, nor the 10,000 sent. */
    private static List<String> texts(JsonNode answer) {
        List<String> out = new ArrayList<>();
        collect(answer, out);
        for (String t : out) {
            assertFalse(ShownText.hasUnshown(t), t);
            assertTrue(t.length() < 1_000, () -> "a text of " + t.length() + " characters: " + t.substring(0, 120));
        }
        return out;
    }

    private static void collect(JsonNode n, List<String> out) {
        if (n.isString()) out.add(n.stringValue());
        for (var e : n.properties()) {
            out.add(e.getKey());
            collect(e.getValue(), out);
        }
        if (n.isArray()) for (JsonNode e : n) collect(e, out);
    }

    private static String spec(String extraNode, String closeField) {
        return """
                {"version": 1, "name": "echo", "nodes": {
                  "close": {"type": "price"%s},
                  "long": {"type": "threshold", "inputs": {"series": "close"}, "params": {"enter_below": 1000, "exit_above": 1000}},
                  "size": {"type": "fixed_fraction", "inputs": {"signal": "long"}, "params": {"fraction": [0.5, 1]}},
                  "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}}%s}}
                """.formatted(closeField, extraNode);
    }

    private static String quoted(String json) {
        return Json.MAPPER.writeValueAsString(json);
    }

    @Test
    void composeGraphWarnsWithANodeIdAndAKeyCut() {
        String s = spec(", \"" + LONG_ID + "\": {\"type\": \"price\"}", ", \"" + MARKED + "\": 1");
        JsonNode a = answer("compose_graph", "{\"spec\": " + quoted(s) + "}");
        List<String> warnings = new ArrayList<>();
        a.get("warnings").forEach(w -> warnings.add(w.stringValue()));
        assertEquals(List.of("nodes.close." + MARKED_SHOWN + " is not a node field and was ignored",
                "node '" + LONG_ID_SHOWN + "' does not feed the execution node and is ignored"), warnings);
        texts(a);
    }

    @Test
    void composeGraphErrorsQuoteATypeAndAnInputCut() {
        String s = spec(", \"" + LONG_ID + "\": {\"type\": \"" + MARKED + "\"}, \"x\": {\"type\": \"sma\", \"inputs\": {\"series\": \"" + MARKED + "\"},"
                + " \"params\": {\"length\": 5}}", "");
        JsonNode a = answer("compose_graph", "{\"spec\": " + quoted(s) + "}");
        assertFalse(a.get("ok").asBoolean(), a.toString());
        List<String> all = texts(a);
        assertTrue(all.contains("unknown node type '" + MARKED_SHOWN + "'"), all.toString());
        assertTrue(all.contains(LONG_ID_SHOWN), "the node an error names: " + all);
        assertTrue(all.contains("input 'series' names node '" + MARKED_SHOWN + "', which does not exist"), all.toString());
    }

    /** A run's warnings: the compose's, and the sweep's own (a lookback longer than the run) naming the node. */
    @Test
    void aBacktestWarnsWithTheNodeIdCut() {
        String s = """
                {"version": 1, "name": "echo", "nodes": {
                  "close": {"type": "price"},
                  "%s": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": [2, 5000]}},
                  "long": {"type": "threshold", "inputs": {"series": "%s"}, "params": {"enter_below": 1000, "exit_above": 1000}},
                  "size": {"type": "fixed_fraction", "inputs": {"signal": "long"}, "params": {"fraction": 1}},
                  "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}},
                  "%s": {"type": "price"}}}
                """.formatted(LONG_ID, LONG_ID, "b" + LONG_ID);
        JsonNode a = answer("backtest", "{\"spec\": " + quoted(s) + ", \"symbols\": [\"AA\"], \"from\": \"1999-01-04\", \"to\": \"2000-12-29\", \"threads\": 1}");
        List<String> warnings = new ArrayList<>();
        a.get("warnings").forEach(w -> warnings.add(w.stringValue()));
        assertTrue(warnings.contains("node 'b" + LONG_ID_SHOWN.substring(0, 63) + "\u2026 (10002 characters)' does not feed the execution node and is ignored"),
                warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("sma node '" + LONG_ID_SHOWN + "': length 5000 leaves it without a value")), warnings.toString());
        texts(a.get("warnings")); // the free text; the chosen parameters are keyed by node id as sent (data, not a sentence)
        texts(a.get("reasons"));
    }

    /** A symbol found once trimmed (its ends hold control characters) is named as stored in the note of the interval chosen for it. */
    @Test
    void theIntervalNoteNamesTheSymbolAsStored() {
        JsonNode a = answer("get_close_price", "{\"symbol\": \"\\u0007usdchf\\u001b\", \"start\": \"2001-03-01\", \"end\": \"2001-03-02\"}");
        List<String> all = texts(a);
        assertTrue(all.stream().anyMatch(t -> t.startsWith("no interval asked: USDCHF has no daily prices")), all.toString());
    }

    /** Symbols are matched without case and stored upper case: a benchmark sent in lower case is the stored one, and named so. */
    @Test
    void aBenchmarkInAnyCaseIsNamedAsStored() {
        assertEquals("NYSE", answer("compare_to_history", "{\"benchmark\": \" nyse \", \"horizon\": 5}").get("benchmark").stringValue());
    }

    /** The preview's notes quote the file's cells: the user's own text, escaped and cut. */
    @Test
    void anImportPreviewNoteQuotesACellEscapedAndCut(@TempDir Path dir) throws Exception {
        String cell = "AB\u001b[31m\u202e" + "X".repeat(10_000);
        Path csv = Files.writeString(dir.resolve("ticks.csv"), "datetime,symbol,close\n"
                + "2024-01-02T10:00:00Z," + cell + ",1.1\n2024-01-02T10:00:30Z," + cell + ",1.2\n2024-01-02T10:01:00Z," + cell + ",1.3\n");
        var preview = engine.previewImport(csv);
        assertFalse(preview.notes().isEmpty(), preview.toString());
        for (String note : preview.notes()) {
            assertFalse(ShownText.hasUnshown(note), note);
            assertTrue(note.length() < 1_000, () -> note.substring(0, 200));
        }
        assertTrue(preview.notes().get(0).contains("AB\\u001b[31M\\u202e"), preview.notes().get(0));
    }
}
