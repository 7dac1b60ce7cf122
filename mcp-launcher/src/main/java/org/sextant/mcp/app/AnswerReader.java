package org.sextant.mcp.app;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.CompactRows;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tables.LargeResult;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * Reads the app's answer as {@link Json#readObject} does (maps, lists, strings, numbers as Jackson reads them untyped), from
 * its bytes and as it goes: a list of lists (table rows) longer than {@link LargeResult#ROW_LIMIT} is kept as its rows'
 * compact JSON ({@link CompactRows}), never as a tree of the whole table, which took ~12x the answer's bytes (attack 36b).
 */
final class AnswerReader {
    private AnswerReader() {}

    /** The answer's JSON object; a RuntimeException (Jackson's) when it is not one. */
    static Map<String, Object> readObject(byte[] json) {
        try (JsonParser p = Json.MAPPER.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IllegalArgumentException("the answer is not a JSON object");
            Map<String, Object> answer = object(p);
            if (p.nextToken() != null) throw new IllegalArgumentException("the answer has more after its JSON object");
            return answer;
        }
    }

    private static Map<String, Object> object(JsonParser p) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (JsonToken t = p.nextToken(); t == JsonToken.PROPERTY_NAME; t = p.nextToken()) {
            String name = p.currentName();
            p.nextToken();
            m.put(name, value(p));
        }
        return m;
    }

    private static Object value(JsonParser p) {
        return switch (p.currentToken()) {
            case START_OBJECT -> object(p);
            case START_ARRAY -> array(p);
            case VALUE_STRING -> p.getString();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            case VALUE_NUMBER_INT -> p.getNumberValue(); // Integer, Long or BigInteger: as Jackson's untyped reader
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            default -> throw new IllegalArgumentException("unexpected " + p.currentToken() + " in the answer");
        };
    }

    /** Items as parsed while they are few or not all lists; past the row limit, rows of lists are kept as compact JSON. */
    private static List<Object> array(JsonParser p) {
        List<Object> items = new ArrayList<>();
        CompactRows rows = null;
        boolean allLists = true;
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            Object item = value(p);
            if (rows != null) {
                rows.add(Json.write(item).getBytes(StandardCharsets.UTF_8));
                continue;
            }
            items.add(item);
            allLists &= item instanceof List<?>;
            if (allLists && items.size() > LargeResult.ROW_LIMIT) {
                rows = new CompactRows();
                for (Object row : items) rows.add(Json.write(row).getBytes(StandardCharsets.UTF_8));
                items = null;
            }
        }
        if (rows == null) return items;
        rows.trim();
        return rows;
    }
}
