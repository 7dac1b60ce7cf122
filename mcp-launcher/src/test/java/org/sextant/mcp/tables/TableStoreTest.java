package org.sextant.mcp.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TableStoreTest {

    @Test
    void keepsTablesUntilTheCountOrRowBudgetIsExceededThenDropsTheOldest() {
        TableStore store = new TableStore(2, 1000);
        TableStore.Table a = store.put("a", List.of("x"), Collections.nCopies(10, List.of(1)));
        TableStore.Table b = store.put("b", List.of("x"), Collections.nCopies(10, List.of(2)));
        TableStore.Table c = store.put("c", List.of("x"), Collections.nCopies(10, List.of(3)));
        assertTrue(store.get(a.id()).isEmpty());
        assertEquals(b, store.get(b.id()).orElseThrow());
        assertEquals(c, store.get(c.id()).orElseThrow());

        TableStore.Table big = store.put("big", List.of("x"), Collections.nCopies(995, List.of(4)));
        assertTrue(store.get(b.id()).isEmpty() && store.get(c.id()).isEmpty(), "row budget exceeded");
        assertEquals(995, store.get(big.id()).orElseThrow().rows().size());
    }

    @Test
    void onlyOurOwnUrisResolve() {
        TableStore.Table t = TableStore.withDefaults().put("s", List.of(), List.of());
        assertEquals(Optional.of(t.id()), TableStore.idOf(t.uri()));
        assertEquals(Optional.empty(), TableStore.idOf("sextant://table/../../etc/passwd"));
        assertEquals(Optional.empty(), TableStore.idOf("file:///etc/passwd"));
        assertEquals(Optional.empty(), TableStore.idOf(null));
    }
}
