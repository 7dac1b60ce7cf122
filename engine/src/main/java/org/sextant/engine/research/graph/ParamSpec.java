package org.sextant.engine.research.graph;

import java.util.List;

/**
 * One parameter of a node type: its kind, bounds, default (null when the spec must give it)
 * and, for a choice, the allowed words.
 */
public record ParamSpec(String name, Kind kind, String description, Double min, Double max, Object defaultValue,
                        List<String> choices) {
    public enum Kind { INT, NUMBER, BOOLEAN, CHOICE }

    static ParamSpec integer(String name, String description, int min, int max, Integer def) {
        return new ParamSpec(name, Kind.INT, description, (double) min, (double) max, def, List.of());
    }

    static ParamSpec number(String name, String description, double min, double max, Double def) {
        return new ParamSpec(name, Kind.NUMBER, description, min, max, def, List.of());
    }

    static ParamSpec bool(String name, String description, boolean def) {
        return new ParamSpec(name, Kind.BOOLEAN, description, null, null, def, List.of());
    }

    static ParamSpec choice(String name, String description, String def, String... choices) {
        return new ParamSpec(name, Kind.CHOICE, description, null, null, def, List.of(choices));
    }

    /** A one-line schema for listings, e.g. "length: int 1..5000 (required)". */
    public String schema() {
        String type = switch (kind) {
            case INT -> "int " + min.longValue() + ".." + max.longValue();
            case NUMBER -> "number " + trim(min) + ".." + trim(max);
            case BOOLEAN -> "boolean";
            case CHOICE -> "one of " + String.join(", ", choices);
        };
        return name + ": " + type + (defaultValue == null ? " (required)" : " (default " + defaultValue + ")");
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
