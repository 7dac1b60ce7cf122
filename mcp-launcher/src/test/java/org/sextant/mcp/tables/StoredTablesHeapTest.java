package org.sextant.mcp.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.envelope.Json;

/**
 * Attack 36b, F1: the bounds on stored tables count bytes of JSON; tables of one-character cells held as parsed maps,
 * lists and strings took ~9x that on the heap, and sessions storing tables within the 128 MB bound ran a 1 GB launcher
 * out of memory. What a store holds on the heap stays within a small multiple of what it counts.
 */
class StoredTablesHeapTest {
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    @Test
    void tablesOfOneCharacterCellsHoldNoMoreHeapThanTheBytesTheBoundsCount() {
        String answer = selectAnswer(2000, 100); // as run_select answers SELECT 'a' AS c1, ..., 'a' AS c100 FROM range(2000)
        SessionTables tables = new SessionTables(TableStore::withDefaults, 16L << 20);
        long before = heapAfterGc();
        for (int session = 0; session < 3; session++) {
            for (int table = 0; table < 3; table++) {
                List<?> rows = (List<?>) Json.readObject(answer).get("rows"); // the app's answer, parsed as a tool gets it
                tables.of("session-" + session).put("run_select", List.of("c1"), rows);
            }
        }
        long held = heapAfterGc() - before, counted = tables.bytesHeld();
        assertTrue(counted > 8L << 20, "the tables count " + counted + " bytes");
        assertTrue(held < 2 * counted, "tables counting " + counted + " bytes hold " + held + " bytes of heap");
        assertEquals(3, tables.sessions());
    }

    /** A page read answers the rows as before: the JSON of the parsed rows, in order. */
    @Test
    void aPageReadOfAStoredTableAnswersItsRowsUnchanged() throws Exception {
        TableStore store = TableStore.withDefaults();
        List<?> rows = (List<?>) Json.readObject(selectAnswer(300, 3)).get("rows");
        TableStore.Table table = store.put("run_select", List.of("c1", "c2", "c3"), rows);
        String page = store.read(table.uri()).orElseThrow();
        assertEquals("{\"uri\":\"" + table.uri() + "\",\"source\":\"run_select\",\"columns\":[\"c1\",\"c2\",\"c3\"],\"row_count\":300,"
                + "\"page\":1,\"pages\":1,\"first_row\":0,\"rows\":" + Json.write(rows) + ",\"next_uri\":null}", page);
    }

    private static String selectAnswer(int rows, int columns) {
        StringBuilder json = new StringBuilder("{\"rows\":[");
        for (int r = 0; r < rows; r++) {
            json.append(r == 0 ? "[" : ",[");
            for (int c = 0; c < columns; c++) json.append(c == 0 ? "" : ",").append("\"a\"");
            json.append(']');
        }
        return json.append("]}").toString();
    }

    private static long heapAfterGc() {
        List<Long> used = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            System.gc();
            used.add(MEMORY.getHeapMemoryUsage().getUsed());
        }
        return used.stream().mapToLong(Long::longValue).min().orElseThrow();
    }
}
