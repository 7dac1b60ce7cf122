package org.sextant.mcp.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.envelope.Json;

class TableStoreTest {

    @Test
    void keepsTablesUntilTheCountOrRowBudgetIsExceededThenDropsTheOldest() {
        TableStore store = new TableStore(2, 1000, Long.MAX_VALUE);
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

    /** Attack pass 6, F4: four tables of 391,360 bars each took the launcher to 1.6 GB; rows alone never bounded them. */
    @Test
    void theOldestTablesExpireBeyondTheByteBudgetAndTheAnswerSaysSo() {
        List<Map<String, Object>> bars = IntStream.range(0, 1000).mapToObj(i -> Map.<String, Object>of(
                "ts", "2001-03-29T17:00:00Z", "close", 1.6101 + i, "note", "x".repeat(100))).toList();
        long oneTable = TableStore.withDefaults().put("t", List.of(), bars).bytes();
        TableStore store = new TableStore(64, 500_000, oneTable * 2 + oneTable / 2);
        TableStore.Table a = store.put("a", List.of(), bars), b = store.put("b", List.of(), bars), c = store.put("c", List.of(), bars);
        assertTrue(store.get(a.id()).isEmpty(), "a third table of the same size is over the byte budget: the oldest goes");
        assertTrue(store.get(b.id()).isPresent() && store.get(c.id()).isPresent());
        assertEquals(1, c.expired());
        assertTrue(store.bytesHeld() <= oneTable * 2 + oneTable / 2, "held " + store.bytesHeld());
        assertTrue(TableStore.kept(c).contains("1 older table expired"), TableStore.kept(c));
        Map<String, Object> answer = LargeResult.shrink(Map.of("rows", bars), "rows", List.of(), Map.of(), "s", store);
        assertTrue(String.valueOf(answer.get("note")).contains(TableStore.MAX_BYTES / (1024 * 1024) + " MB of JSON"), String.valueOf(answer.get("note")));
    }

    @Test
    void onlyOurOwnUrisResolve() {
        TableStore.Table t = TableStore.withDefaults().put("s", List.of(), List.of());
        assertEquals(Optional.of(new TableStore.Address(t.id(), 1)), TableStore.addressOf(t.uri()));
        assertEquals(Optional.of(new TableStore.Address(t.id(), 3)), TableStore.addressOf(t.uri() + "/page/3"));
        assertEquals(Optional.empty(), TableStore.addressOf(t.uri() + "/page/0"));
        assertEquals(Optional.empty(), TableStore.addressOf(t.uri() + "/page/x"));
        assertEquals(Optional.empty(), TableStore.addressOf("sextant://table/../../etc/passwd"));
        assertEquals(Optional.empty(), TableStore.addressOf("file:///etc/passwd"));
        assertEquals(Optional.empty(), TableStore.addressOf(null));
    }

    /** A 10.8 MB table in one message made the TypeScript SDK (10 MiB buffer) drop the session. */
    @Test
    @SuppressWarnings("unchecked")
    void aTableLargerThanAMessageIsReadInPagesThatEachFitOneAndTogetherHoldEveryRow() throws Exception {
        TableStore store = TableStore.withDefaults();
        // Rows like 30-minute bars, about 12 MB as the message would carry them; quotes and a non-ASCII name count too.
        List<Map<String, Object>> rows = IntStream.range(0, 70_000).mapToObj(i -> Map.<String, Object>of(
                "ts", "2001-03-29T17:" + (i % 60) + ":00Z", "ts_local", "2001-03-29T12:00-05:00", "date", "2001-03-29",
                "open", 1.6123 + i, "high", 1.6201, "low", 1.6055, "close", 1.6101, "volume", i, "note", "Zürich \"q\"")).toList();
        TableStore.Table table = store.put("get_close_price USDCHF 30m", List.of("ts", "close"), rows);
        assertTrue(table.pages() > 2, "pages: " + table.pages());

        List<Object> read = new ArrayList<>();
        String uri = table.uri();
        for (int page = 1; uri != null; page++) {
            String text = store.read(uri).orElseThrow();
            // What resources/read sends: the page as a JSON string inside the message.
            int bytes = Json.write(Map.of("contents", List.of(Map.of("uri", uri, "mimeType", "application/json", "text", text))))
                    .getBytes(StandardCharsets.UTF_8).length;
            assertTrue(bytes <= LauncherInfo.MAX_MESSAGE_BYTES, uri + " is " + bytes + " bytes");
            assertTrue(Json.bytesInMessage(text) <= TableStore.PAGE_BYTES + TableStore.FRAME_BYTES, uri);
            Map<String, Object> content = Json.readObject(text);
            assertEquals(page, content.get("page"));
            assertEquals(table.pages(), content.get("pages"));
            assertEquals(rows.size(), content.get("row_count"));
            assertEquals(read.size(), content.get("first_row"));
            read.addAll((List<Object>) content.get("rows"));
            uri = (String) content.get("next_uri");
        }
        assertEquals(Json.readObject(Json.write(Map.of("r", rows))).get("r"), read, "every row once, in order");
        assertEquals(Optional.empty(), store.read(table.pageUri(table.pages() + 1)));
    }

    @Test
    void aSmallTableIsOnePageAtItsOwnUri() throws Exception {
        TableStore store = TableStore.withDefaults();
        TableStore.Table table = store.put("s", List.of("x"), Collections.nCopies(300, List.of(1)));
        Map<String, Object> content = Json.readObject(store.read(table.uri()).orElseThrow());
        assertEquals(300, ((List<?>) content.get("rows")).size());
        assertEquals(1, content.get("pages"));
        assertEquals(null, content.get("next_uri"));
    }

    @Test
    void aRowTooLargeForAMessageIsRefusedNotSent() {
        TableStore store = TableStore.withDefaults();
        TableStore.Table table = store.put("answer", List.of("answer"),
                List.of(Map.of("a", "x".repeat(LauncherInfo.MAX_MESSAGE_BYTES)), Map.of("b", 1)));
        assertEquals(2, table.pages(), "the big row is a page of its own");
        TableStore.TooLarge e = assertThrows(TableStore.TooLarge.class, () -> store.read(table.uri()));
        assertTrue(e.bytes > LauncherInfo.MAX_MESSAGE_BYTES, e::toString);
    }

    @Test
    void bytesInMessageCountsTheEscapesAndUtf8OfTheTextInsideTheMessage() {
        for (String json : List.of("{\"a\":\"Zürich\"}", "[\"\\\\n\",\"€\",\"😀\"]", Json.write(Map.of("k", "q\"\\\n\t")))) {
            int inMessage = Json.write(json).getBytes(StandardCharsets.UTF_8).length - 2;
            assertEquals(inMessage, Json.bytesInMessage(json), json);
        }
    }
}
