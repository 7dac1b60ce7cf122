package org.sextant.mcp.envelope;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The launcher's JSON: plain maps and lists in, plain maps and lists out (Jackson 3, as the SDK). */
public final class Json {
    public static final JsonMapper MAPPER = JsonMapper.builder().addModule(org.sextant.contract.FiniteNumbers.module()).build(); // no "NaN" in an answer
    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {};

    private Json() {}

    public static Map<String, Object> readObject(String text) {
        return MAPPER.readValue(text, MAP);
    }

    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    /**
     * Bytes of JSON text once it is a string inside a message (a resource's or a tool result's
     * text): UTF-8, and each quote and backslash escaped. Our JSON has no raw control characters.
     */
    public static long bytesInMessage(String json) {
        long n = 0;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (c == '"' || c == '\\') n += 2;
            else if (c < 0x80) n += 1;
            else if (c < 0x800) n += 2;
            else if (Character.isSurrogate(c)) n += 2; // a pair is four bytes
            else n += 3;
        }
        return n;
    }

    /** As {@link #bytesInMessage(String)}, of JSON text already in UTF-8: its bytes and one more for each quote and backslash. */
    public static long bytesInMessage(byte[] utf8Json) {
        long n = utf8Json.length;
        for (byte b : utf8Json) if (b == '"' || b == '\\') n++;
        return n;
    }

    public static String writePretty(Object value) {
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
    }
}
