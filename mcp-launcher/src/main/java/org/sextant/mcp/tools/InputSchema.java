package org.sextant.mcp.tools;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds a tool's JSON input schema (an object with named properties, no others allowed). */
public final class InputSchema {
    private final Map<String, Object> properties = new LinkedHashMap<>();
    private final List<String> required = new ArrayList<>();
    private boolean open;

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

    /** A number of at least min. */
    public InputSchema number(String name, double min, String description) {
        return property(name, Map.of("type", "number", "minimum", min, "description", description), false);
    }

    /** A number strictly between 0 and 1. */
    public InputSchema fraction(String name, String description) {
        return property(name, Map.of("type", "number", "exclusiveMinimum", 0, "exclusiveMaximum", 1,
                "description", description), false);
    }

    /** An array of numbers, each strictly between 0 and 1. */
    public InputSchema fractionArray(String name, int maxItems, String description) {
        return property(name, Map.of("type", "array", "items", Map.of("type", "number", "exclusiveMinimum", 0,
                "exclusiveMaximum", 1), "minItems", 1, "maxItems", maxItems, "description", description), false);
    }

    public InputSchema bool(String name, String description) {
        return property(name, Map.of("type", "boolean", "description", description), false);
    }

    public InputSchema stringArray(String name, int maxItems, String description, boolean isRequired) {
        return property(name, Map.of("type", "array", "items", Map.of("type", "string"), "minItems", 1,
                "maxItems", maxItems, "description", description), isRequired);
    }

    public InputSchema oneOf(String name, List<String> values, String description, boolean isRequired) {
        return property(name, Map.of("type", "string", "enum", values, "description", description), isRequired);
    }

    public InputSchema object(String name, String description, boolean isRequired) {
        return property(name, Map.of("type", "object", "description", description), isRequired);
    }

    /** A graph spec: an object, or the same as JSON text. */
    public InputSchema spec(String name, String description) {
        return property(name, Map.of("type", List.of("object", "string"), "description", description), true);
    }

    public InputSchema requiredInteger(String name, int min, int max, String description) {
        property(name, Map.of("type", "integer", "minimum", min, "maximum", max, "description", description), true);
        return this;
    }

    /** Arguments beyond the listed ones are allowed and passed on: the app checks them. */
    public InputSchema open() {
        this.open = true;
        return this;
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
        schema.put("additionalProperties", open);
        return schema;
    }
}
