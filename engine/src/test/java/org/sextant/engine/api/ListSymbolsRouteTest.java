package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sextant.contract.Bounds;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * list_symbols answers a page: 300,000 symbols in one answer were 94 MB, 8 s and 1.2 GB of heap, and 600,000 outlasted the
 * launcher's timeout. The pages, read on with next_offset, list every symbol once, those with bars only among them in order.
 */
class ListSymbolsRouteTest {
    private static final int SYMBOLS = 3_000;
    @TempSextant private Sextant engine;
    private ApiRoutes routes;

    @BeforeEach
    void manySymbols() {
        // symbols with 30-minute bars and no daily prices, sorted among the others
        org.sextant.engine.data.ManySymbols.insert(engine.store(), "Z", 6, SYMBOLS, true, 4, "Z000100X", "Z002999X");
        routes = new ApiRoutes(engine, () -> Map.of());
    }

    private JsonNode call(String json) throws Exception {
        return Json.MAPPER.valueToTree(routes.dispatch(new ApiCall("list_symbols", Json.MAPPER.readTree(json))));
    }

    /** Every stored symbol in symbol order, as the workstation reads them all. */
    private List<String> all() {
        List<SymbolInfo> all = new ArrayList<>(engine.listSymbols(null));
        all.addAll(engine.listBarsOnlySymbols(null));
        return all.stream().map(SymbolInfo::symbol).sorted().toList();
    }

    private static List<String> symbols(JsonNode answer) {
        List<String> out = new ArrayList<>();
        answer.path("symbols").forEach(s -> out.add(s.path("symbol").asString()));
        return out;
    }

    /**
     * A control character in the query is refused naming the query, the character and where it stood: a query of only
     * such characters was trimmed to "" and listed every symbol ({"query": "\\u0000"}, attack 18, L2).
     */
    @Test
    void aControlCharacterInTheQueryIsRefusedNamingIt() throws Exception {
        for (String[] sent : new String[][] {{"\\u0000", "U+0000, at character 1"}, {"ab\\u0000", "U+0000, at character 3"},
                {"\\u001b[2J", "U+001B, at character 1"}, {"a\\tb", "U+0009, at character 2"}, {"x\\u0085", "U+0085, at character 2"}}) {
            SextantException e = assertThrows(SextantException.class, () -> call("{\"query\": \"" + sent[0] + "\"}"), sent[0]);
            assertEquals("query", e.field(), e.getMessage());
            assertEquals("list_symbols: query holds a control character (" + sent[1] + ")", e.getMessage());
            assertTrue(e.fix().startsWith("pass query as: a string of at most " + Bounds.MAX_QUERY_CHARS + " characters without control characters"), e.fix());
        }
        assertEquals(symbols(call("{\"query\": \"ko\"}")), symbols(call("{\"query\": \" ko \"}")), "spaces around a query are still trimmed");
    }

    @Test
    void noLimitListsTheDefaultPageAndCountsEverySymbol() throws Exception {
        JsonNode first = call("{}");
        List<String> all = all();
        assertTrue(all.size() > SYMBOLS, "the sample's symbols and the test's: " + all.size());
        assertEquals(all.size(), first.path("count").asLong());
        assertEquals(Bounds.DEFAULT_SYMBOL_LIST, first.path("symbols").size());
        assertEquals(all.subList(0, Bounds.DEFAULT_SYMBOL_LIST), symbols(first));
        assertEquals(List.of(0, Bounds.DEFAULT_SYMBOL_LIST, Bounds.DEFAULT_SYMBOL_LIST), List.of(first.path("offset").asInt(),
                first.path("limit").asInt(), first.path("next_offset").asInt()));
        assertTrue(first.path("truncated").asBoolean(), first.path("truncated").toString());
    }

    @Test
    void thePagesReadOnWithNextOffsetListEverySymbolOnce() throws Exception {
        List<String> listed = new ArrayList<>();
        JsonNode page = call("{\"limit\": " + Bounds.MAX_SYMBOL_LIST + "}");
        int pages = 1;
        while (page.path("truncated").asBoolean()) {
            listed.addAll(symbols(page));
            page = call("{\"limit\": " + Bounds.MAX_SYMBOL_LIST + ", \"offset\": " + page.path("next_offset").asInt() + "}");
            pages++;
        }
        listed.addAll(symbols(page));
        assertEquals(all(), listed);
        assertEquals((all().size() + Bounds.MAX_SYMBOL_LIST - 1) / Bounds.MAX_SYMBOL_LIST, pages);
        assertTrue(page.path("next_offset").isNull(), page.path("next_offset").toString());
    }

    @Test
    void aPageHoldsBarsOnlySymbolsInOrderWithTheirIntervals() throws Exception {
        JsonNode page = call("{\"query\": \"z0029\", \"offset\": 98, \"limit\": 3}");
        assertEquals(List.of("Z002998", "Z002999", "Z002999X"), symbols(page));
        assertEquals(101, page.path("count").asLong(), "Z002900..Z002999 and Z002999X");
        assertFalse(page.path("truncated").asBoolean());
        assertEquals("[\"30m\"]", page.path("symbols").get(2).path("intervals").toString());
        assertEquals(4, page.path("symbols").get(2).path("rows").asLong());
        assertEquals("[\"1d\"]", page.path("symbols").get(0).path("intervals").toString());
    }

    @Test
    void anOffsetPastTheEndAnswersNoSymbolsWithTheCount() throws Exception {
        JsonNode past = call("{\"offset\": 1000000}");
        assertEquals(0, past.path("symbols").size());
        assertEquals(all().size(), past.path("count").asLong());
        assertFalse(past.path("truncated").asBoolean());
    }

    @Test
    void aLimitOrOffsetOutOfBoundsIsRefusedNamingIt() {
        Map<String, String> refused = Map.of("{\"limit\": 0}", "limit", "{\"limit\": 1001}", "limit", "{\"offset\": -1}", "offset");
        refused.forEach((json, field) -> {
            SextantException e = assertThrows(SextantException.class, () -> call(json));
            assertEquals(field, e.field(), e.getMessage());
        });
    }
}
