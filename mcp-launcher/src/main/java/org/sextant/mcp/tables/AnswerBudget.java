package org.sextant.mcp.tables;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.Json;

/**
 * Any tool answer over ANSWER_BYTES of JSON goes to the agent as a preview (the shape of the
 * answer with long lists cut to their first and last items) plus a sextant://table resource with
 * the whole answer as its one row. Clients send an answer twice (text and structured content), so
 * this keeps one tool call within what an agent's context can afford while nothing is lost.
 */
public final class AnswerBudget {
    public static final int ANSWER_BYTES = 24_000;
    /** Lists up to this size stay whole in a preview; longer ones show their first and last items. */
    static final int SMALL_BYTES = 400;
    static final int FIRST = 3;
    static final int MAX_DEPTH = 4;
    static final int MAX_TEXT = 300;

    private AnswerBudget() {}

    public static int bytes(Object data) {
        return Json.write(data).getBytes(StandardCharsets.UTF_8).length;
    }

    /** The data unchanged when it fits; otherwise preview, bytes, resource_uri and a note. */
    public static Object limit(Object data, String source, TableStore store) {
        if (data == null) return null;
        int bytes = bytes(data);
        if (bytes <= ANSWER_BYTES) return data;
        TableStore.Table table = store.put(source, List.of("answer"), List.of(data));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("truncated", true);
        out.put("bytes", bytes);
        out.put("preview", preview(data, 0));
        out.put("resource_uri", table.kept() ? table.uri() : null);
        out.put("note", "the answer has " + bytes + " bytes of JSON, over the " + ANSWER_BYTES + "-byte inline limit: " + (table.kept()
                ? "resources/read on resource_uri gives all of it (rows[0]); a narrower request (fewer days, symbols or rows) answers"
                + " inline; " + TableStore.kept(table) : "the whole answer was " + TableStore.NOT_KEPT));
        return out;
    }

    static Object preview(Object v, int depth) {
        if (v instanceof Map<?, ?> map) {
            if (depth >= MAX_DEPTH) return Map.of("keys", map.size());
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, value) -> out.put(String.valueOf(k), preview(value, depth + 1)));
            return out;
        }
        if (v instanceof List<?> list) {
            if (bytes(list) <= SMALL_BYTES) return list;
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("count", list.size());
            out.put("first", list.subList(0, Math.min(FIRST, list.size())).stream().map(x -> preview(x, depth + 1)).toList());
            out.put("last", preview(list.get(list.size() - 1), depth + 1));
            return out;
        }
        if (v instanceof String s && s.length() > MAX_TEXT) return s.substring(0, MAX_TEXT) + "…";
        return v;
    }
}
