package org.sextant.mcp.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.envelope.CompactRows;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tables.TableStore;

/**
 * Attack 36b: one legal run_select of 5,000 x 1,000 one-character cells parsed to ~255 MB of heap (~12x its JSON). The app's
 * answers are read as before (the same maps, lists and numbers), but a long table's rows are kept as their compact JSON.
 */
class AnswerReaderTest {
    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void answersReadAsTheLauncherReadThemBefore() {
        StringBuilder rows = new StringBuilder("[");
        for (int i = 0; i < 450; i++) {
            rows.append(i == 0 ? "" : ",").append("[").append(i).append(",\"é\\\"x\\u2028\",").append(i * 1.5).append(",null,true,")
                    .append(i % 2 == 0 ? "12345678901234" : "123456789012345678901234567890").append(",{\"k\":[1e10,-0.0,0.1]}]");
        }
        rows.append("]");
        StringBuilder objects = new StringBuilder("[");
        for (int i = 0; i < 300; i++) objects.append(i == 0 ? "" : ",").append("{\"date\":\"2020-01-0").append(i % 9).append("\",\"close\":").append(i).append("}");
        objects.append("]");
        String answer = "{\"ok\":true,\"data\":{\"columns\":[\"a\",\"b\"],\"rows\":" + rows + ",\"bars\":" + objects
                + ",\"short\":[[1],[2]],\"n\":-7,\"f\":false,\"nested\":{\"x\":[[]]},\"dup\":1,\"dup\":2}}";
        Map<String, Object> read = AnswerReader.readObject(utf8(answer)), before = Json.readObject(answer);
        assertEquals(before, read);
        assertEquals(Json.write(before), Json.write(read));
        Map<?, ?> data = (Map<?, ?>) read.get("data");
        assertInstanceOf(CompactRows.class, data.get("rows"), "450 rows are kept as their JSON");
        assertTrue(!(data.get("bars") instanceof CompactRows), "a list of objects stays as parsed (tools may change it)");
        assertTrue(!(data.get("short") instanceof CompactRows));
        // stored as a table, the rows are the JSON they had parsed
        TableStore store = TableStore.withDefaults();
        List<?> parsedRows = (List<?>) ((Map<?, ?>) before.get("data")).get("rows");
        assertEquals(store.put("s", List.of(), parsedRows).bytes(), store.put("s", List.of(), (List<?>) data.get("rows")).bytes());
        assertEquals(parsedRows, store.get(store.put("s", List.of(), (List<?>) data.get("rows")).id()).orElseThrow().rows());
    }

    @Test
    void whatIsNotOneJsonObjectIsRefused() {
        assertThrows(RuntimeException.class, () -> AnswerReader.readObject(utf8("<html>oops</html>")));
        assertThrows(RuntimeException.class, () -> AnswerReader.readObject(utf8("[1]")));
        assertThrows(RuntimeException.class, () -> AnswerReader.readObject(utf8("{\"a\":1} {")));
        assertThrows(RuntimeException.class, () -> AnswerReader.readObject(utf8("{\"a\":[1,")));
    }

    /** A run_select answer of one-character cells (as attack 36b's) takes about its bytes parsed, not ~12x. */
    @Test
    void aLongTableOfOneCharacterCellsTakesLittleMoreHeapThanItsJson() {
        byte[] answer = ConcurrentLargeAnswers.selectAnswer(5000, 200);
        long before = heapAfterGc();
        Map<String, Object> read = AnswerReader.readObject(answer);
        long held = heapAfterGc() - before;
        assertEquals(5000, ((List<?>) ((Map<?, ?>) read.get("data")).get("rows")).size());
        assertTrue(held < 3L * answer.length / 2, "an answer of " + answer.length + " bytes holds " + held + " bytes of heap parsed");
    }

    private static long heapAfterGc() {
        List<Long> used = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            System.gc();
            used.add(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used.stream().mapToLong(Long::longValue).min().orElseThrow();
    }
}
