package org.sextant.mcp.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnswerBudgetTest {
    @Test
    void anAnswerWithinTheBudgetIsReturnedUnchanged() {
        TableStore store = TableStore.withDefaults();
        Map<String, Object> small = Map.of("symbol", "IBM", "values", List.of(1, 2, 3));
        assertSame(small, AnswerBudget.limit(small, "t", store));
    }

    @Test
    @SuppressWarnings("unchecked")
    void anAnswerOverTheBudgetBecomesAPreviewPlusAResourceHoldingAllOfIt() {
        TableStore store = TableStore.withDefaults();
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < 5000; i++) values.add(100 + i / 7.0);
        Map<String, Object> big = new LinkedHashMap<>();
        big.put("symbol", "IBM");
        big.put("series", Map.of("close", values));
        big.put("note", "x".repeat(1000));
        Map<String, Object> out = (Map<String, Object>) AnswerBudget.limit(big, "get_chart_data {symbol=IBM}", store);
        assertEquals(true, out.get("truncated"));
        assertEquals(AnswerBudget.bytes(big), out.get("bytes"));
        Map<String, Object> preview = (Map<String, Object>) out.get("preview");
        assertEquals("IBM", preview.get("symbol"), "small values stay as they are");
        Map<String, Object> close = (Map<String, Object>) ((Map<String, Object>) preview.get("series")).get("close");
        assertEquals(5000, close.get("count"));
        assertEquals(values.subList(0, 3), close.get("first"));
        assertEquals(values.get(4999), close.get("last"));
        assertTrue(((String) preview.get("note")).length() <= AnswerBudget.MAX_TEXT + 1, "long text is cut");
        assertTrue(AnswerBudget.bytes(out) < AnswerBudget.ANSWER_BYTES / 4, "the preview is small: " + AnswerBudget.bytes(out));
        String uri = (String) out.get("resource_uri");
        TableStore.Table table = TableStore.addressOf(uri).flatMap(a -> store.get(a.id())).orElseThrow();
        assertEquals(List.of(big), table.rows(), "the resource holds the whole answer");
    }
}
