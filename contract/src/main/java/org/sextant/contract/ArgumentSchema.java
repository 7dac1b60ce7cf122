package org.sextant.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the JSON schema of a capability's arguments: an object with named properties and their
 * bounds, no others allowed unless {@link #open()}. The app checks calls against it
 * ({@link ArgumentCheck}) and the launcher hands it to MCP clients as the tool's input schema.
 */
public final class ArgumentSchema {
    private final Map<String, Object> properties = new LinkedHashMap<>();
    private final List<String> required = new ArrayList<>();
    private boolean open;

    public static ArgumentSchema object() {
        return new ArgumentSchema();
    }

    /** A schema that starts with every property of {@code base} (its required ones stay required). */
    @SuppressWarnings("unchecked")
    public static ArgumentSchema from(Map<String, Object> base) {
        ArgumentSchema s = new ArgumentSchema();
        s.properties.putAll((Map<String, Object>) base.get("properties"));
        Object req = base.get("required");
        if (req instanceof List<?> r) r.forEach(n -> s.required.add((String) n));
        s.open = Boolean.TRUE.equals(base.get("additionalProperties"));
        return s;
    }

    /** Drops a property (a tool that fills it itself). */
    public ArgumentSchema without(String name) {
        properties.remove(name);
        required.remove(name);
        return this;
    }

    public ArgumentSchema string(String name, String description, boolean isRequired) {
        return property(name, Map.of("type", "string", "description", description), isRequired);
    }

    public ArgumentSchema date(String name, String description) {
        return property(name, Map.of("type", "string", "format", "date",
                "pattern", "^\\d{4}-\\d{2}-\\d{2}$", "description", description), false);
    }

    public ArgumentSchema integer(String name, int min, int max, String description) {
        return property(name, Map.of("type", "integer", "minimum", min, "maximum", max,
                "description", description), false);
    }

    /** A number of at least min. */
    public ArgumentSchema number(String name, double min, String description) {
        return property(name, Map.of("type", "number", "minimum", min, "description", description), false);
    }

    /** A number strictly between 0 and 1. */
    public ArgumentSchema fraction(String name, String description) {
        return property(name, Map.of("type", "number", "exclusiveMinimum", 0, "exclusiveMaximum", 1,
                "description", description), false);
    }

    /** An array of 1..maxItems distinct band levels, each from {@link Bounds#MIN_LEVEL} up to (not including) 1. */
    public ArgumentSchema levelArray(String name, int maxItems, String description) {
        return property(name, Map.of("type", "array", "items", Map.of("type", "number", "minimum", Bounds.MIN_LEVEL,
                "exclusiveMaximum", 1), "minItems", 1, "maxItems", maxItems, "uniqueItems", true, "description", description), false);
    }

    /** An array of numbers. */
    public ArgumentSchema numberArray(String name, int maxItems, String description) {
        return property(name, Map.of("type", "array", "items", Map.of("type", "number"), "maxItems", maxItems,
                "description", description), false);
    }

    public ArgumentSchema bool(String name, String description) {
        return property(name, Map.of("type", "boolean", "description", description), false);
    }

    /** An array of 1..maxItems non-blank strings. */
    public ArgumentSchema stringArray(String name, int maxItems, String description, boolean isRequired) {
        return property(name, Map.of("type", "array", "items", Map.of("type", "string", "pattern", "\\S"), "minItems", 1,
                "maxItems", maxItems, "description", description), isRequired);
    }

    public ArgumentSchema oneOf(String name, List<String> values, String description, boolean isRequired) {
        return property(name, Map.of("type", "string", "enum", values, "description", description), isRequired);
    }

    /** A number that must be one of {@code values} (compared as numbers: 95 and 95.0 are the same). */
    public ArgumentSchema oneOfNumbers(String name, List<? extends Number> values, String description) {
        return property(name, Map.of("type", "number", "enum", values, "description", description), false);
    }

    /** An integer that must be one of {@code values}. */
    public ArgumentSchema oneOfIntegers(String name, List<Integer> values, String description) {
        return property(name, Map.of("type", "integer", "enum", values, "description", description), false);
    }

    /** A word or a whole number of at least {@code min}: agents send a count as a JSON number, people as text. */
    public ArgumentSchema wordOrCount(String name, int min, String description) {
        return property(name, Map.of("type", List.of("string", "integer"), "minimum", min, "description", description), false);
    }

    public ArgumentSchema object(String name, String description, boolean isRequired) {
        return property(name, Map.of("type", "object", "description", description), isRequired);
    }

    /** A graph spec: an object, or the same as JSON text. */
    public ArgumentSchema spec(String name, String description) {
        return property(name, Map.of("type", List.of("object", "string"), "description", description), true);
    }

    public ArgumentSchema requiredInteger(String name, int min, int max, String description) {
        property(name, Map.of("type", "integer", "minimum", min, "maximum", max, "description", description), true);
        return this;
    }

    /** Arguments beyond the listed ones are allowed and passed on: the app checks them. */
    public ArgumentSchema open() {
        this.open = true;
        return this;
    }

    private ArgumentSchema property(String name, Map<String, Object> spec, boolean isRequired) {
        properties.put(name, spec);
        if (isRequired) required.add(name);
        return this;
    }

    /**
     * No C0 or C1 control character nor DEL: a search text of only such characters was trimmed to "" and matched every
     * name (attack 18, L2). {@link ArgumentCheck} refuses one naming the character and where it stood.
     */
    public static final String NO_CONTROL = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$";

    /** An optional search text (matched as a part of names) of at most {@code maxLength} characters, none a control character. */
    public ArgumentSchema search(String name, int maxLength, String description) {
        return string(name, maxLength, NO_CONTROL, description, false);
    }

    /** A string of at most {@code maxLength} characters. */
    public ArgumentSchema string(String name, int maxLength, String description, boolean isRequired) {
        return property(name, Map.of("type", "string", "maxLength", maxLength, "description", description), isRequired);
    }

    /** A string of at most {@code maxLength} characters matching {@code pattern} (a JSON-schema regular expression). */
    public ArgumentSchema string(String name, int maxLength, String pattern, String description, boolean isRequired) {
        return property(name, Map.of("type", "string", "maxLength", maxLength, "pattern", pattern, "description", description), isRequired);
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
