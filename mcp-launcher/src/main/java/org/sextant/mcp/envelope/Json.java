package org.sextant.mcp.envelope;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The launcher's JSON: plain maps and lists in, plain maps and lists out (Jackson 3, as the SDK). */
public final class Json {
    public static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {};

    private Json() {}

    public static Map<String, Object> readObject(String text) {
        return MAPPER.readValue(text, MAP);
    }

    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    public static String writePretty(Object value) {
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
    }
}
