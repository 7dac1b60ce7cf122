package org.sextant.mcp.tools;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds a tool's JSON input schema (an object with named properties, no others allowed). */
public final class InputSchema {
    private final Map<String, Object> properties = new LinkedHashMap<>();
    private final List<String> required = new ArrayList<>();

    public static InputSchema object() {
        return new InputSchema();
    }

    public InputSchema string(String name, String description, boolean isRequired) {
        return property(name, Map.of("type", "string", "description", description), isRequired);
    }

    public InputSchema date(String name, String description) {
        return property(name, Map.of("type", "string", "format", "date",
                "pattern", "^\\d{4}-\\d{2}-\\d{2}$", "description", description), false);
    }

    public InputSchema integer(String name, int min, int max, String description) {
        return property(name, Map.of("type", "integer", "minimum", min, "maximum", max,
                "description", description), false);
    }

    private InputSchema property(String name, Map<String, Object> spec, boolean isRequired) {
        properties.put(name, spec);
        if (isRequired) required.add(name);
        return this;
    }

    public Map<String, Object> build() {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", new LinkedHashMap<>(properties));
        if (!required.isEmpty()) schema.put("required", List.copyOf(required));
        schema.put("additionalProperties", false);
        return schema;
    }
}
