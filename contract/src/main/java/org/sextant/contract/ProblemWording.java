package org.sextant.contract;

import com.networknt.schema.Error;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * Words a schema problem for a person or an agent: what is wrong with the value sent ("must be in
 * 1..260 (got 300)") and what the schema expects ("an integer in 1..260: business days ahead"),
 * both read from the one schema, so a bound is never written into a message by hand.
 */
final class ProblemWording {
    private ProblemWording() {}

    static String message(Error e, Map<?, ?> spec) {
        JsonNode got = e.getInstanceNode();
        Map<?, ?> bounds = spec != null && spec.get("items") instanceof Map<?, ?> items && !"maxItems".equals(e.getKeyword())
                && !"minItems".equals(e.getKeyword()) && !"uniqueItems".equals(e.getKeyword()) && !"type".equals(e.getKeyword()) ? items : spec;
        String keyword = String.valueOf(e.getKeyword());
        return switch (keyword) {
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum" ->
                    bounds == null ? validatorWords(e) : "must be " + range(bounds) + " (got " + value(got) + ")";
            case "maxItems" -> tooMany(size(got), spec.get("maxItems"));
            case "minItems" -> "has " + size(got) + " items, at least " + number(spec.get("minItems")) + " needed";
            case "uniqueItems" -> "has the same item twice (got " + value(got) + ")";
            case "maxLength" -> "has " + (got == null ? "?" : got.asString().length()) + " characters, at most "
                    + number(spec.get("maxLength")) + " allowed";
            case "enum" -> value(got) + " is not one of " + values(bounds) + (inAnotherCase(got, bounds) ? " (letter case counts here)" : "");
            case "required" -> "is required";
            case "additionalProperties" -> "is not an argument of this call";
            case "type" -> "expected " + kind(spec) + ", got " + describe(got) + (quotedNumber(got, spec) ? " (a number is sent without quotes)" : "");
            case "pattern", "format" -> bounds != null && "date".equals(bounds.get("format"))
                    ? value(got) + " is not a calendar date in yyyy-MM-dd"
                    : bounds != null && ArgumentSchema.NO_CONTROL.equals(bounds.get("pattern")) ? "holds a control character"
                    : bounds != null && bounds.get("pattern") instanceof String p && !p.equals("\\S") ? "must match " + p : "must not be blank";
            default -> validatorWords(e);
        };
    }

    /** Whether a refused text is a listed value in another letter case ("1M" for 1m): only an enum whose case means something refuses it. */
    private static boolean inAnotherCase(JsonNode got, Map<?, ?> spec) {
        return got != null && got.isString() && spec != null && spec.get("enum") instanceof List<?> l
                && l.stream().anyMatch(v -> v instanceof String s && s.equalsIgnoreCase(got.asString().strip()));
    }

    static String tooMany(int size, Object max) {
        return "has " + size + " items, at most " + number(max) + " per call (nothing was done)";
    }

    /** What the schema expects of the field, then its description; when the field is unknown, all arguments and the one a typo away. */
    static String expected(Map<String, Object> schema, String field, Map<?, ?> spec) {
        if (spec == null) {
            Object props = schema.get("properties");
            if (!(props instanceof Map<?, ?> p) || p.isEmpty()) return "nothing: this call takes no arguments";
            String near = NearNames.nearest(field, p.keySet().stream().map(String::valueOf).toList());
            return "one of the arguments " + p.keySet() + (near == null ? "" : "; did you mean " + near + "?");
        }
        return kind(spec) + (spec.get("description") instanceof String d ? ": " + d : "");
    }

    /** "an integer in 1..260", "one of conformal, adaptive, model", "an array of 1..10 distinct items, each a number at least 0.5 and less than 1". */
    static String kind(Map<?, ?> spec) {
        if (spec == null) return "a value";
        if (spec.get("enum") instanceof List<?>) return "one of " + values(spec);
        Object type = spec.get("type");
        if (type instanceof List<?> types) {
            if (types.contains("object")) return "a JSON object or its JSON text";
            if (types.equals(List.of("string", "integer"))) return "a word or a whole number" + (hasBounds(spec) ? " " + range(spec) : "");
            return "one of the types " + types;
        }
        return switch (String.valueOf(type)) {
            case "integer" -> "an integer" + (hasBounds(spec) ? " " + range(spec) : "");
            case "number" -> "a number" + (hasBounds(spec) ? " " + range(spec) : "");
            case "boolean" -> "true or false";
            case "object" -> "a JSON object";
            case "string" -> "date".equals(spec.get("format")) ? "a date yyyy-MM-dd"
                    : spec.get("maxLength") != null ? "a string of at most " + number(spec.get("maxLength")) + " characters"
                            + (ArgumentSchema.NO_CONTROL.equals(spec.get("pattern")) ? " without control characters"
                                    : spec.get("pattern") instanceof String p ? " matching " + p : "") : "a string";
            case "array" -> "an array of " + count(spec) + (Boolean.TRUE.equals(spec.get("uniqueItems")) ? "distinct " : "") + "items, each "
                    + (spec.get("items") instanceof Map<?, ?> items ? itemKind(items) : "a value");
            default -> "a value";
        };
    }

    private static String itemKind(Map<?, ?> items) {
        return "string".equals(items.get("type")) && items.get("pattern") != null ? "a non-blank string" : kind(items);
    }

    private static String count(Map<?, ?> spec) {
        Object min = spec.get("minItems"), max = spec.get("maxItems");
        if (min != null && max != null) return number(min) + ".." + number(max) + " ";
        if (max != null) return "at most " + number(max) + " ";
        return min != null ? "at least " + number(min) + " " : "";
    }

    private static boolean hasBounds(Map<?, ?> spec) {
        return spec.get("minimum") != null || spec.get("maximum") != null
                || spec.get("exclusiveMinimum") != null || spec.get("exclusiveMaximum") != null;
    }

    /** "in 1..260", "strictly between 0 and 1", "at least 0", "at most 5". */
    static String range(Map<?, ?> spec) {
        Object min = spec.get("minimum"), max = spec.get("maximum");
        Object xmin = spec.get("exclusiveMinimum"), xmax = spec.get("exclusiveMaximum");
        if (min != null && max != null) return "in " + number(min) + ".." + number(max);
        if (xmin != null && xmax != null) return "strictly between " + number(xmin) + " and " + number(xmax);
        StringBuilder s = new StringBuilder();
        if (min != null) s.append("at least ").append(number(min));
        if (xmin != null) s.append("greater than ").append(number(xmin));
        if (max != null) s.append(s.isEmpty() ? "" : " and ").append("at most ").append(number(max));
        if (xmax != null) s.append(s.isEmpty() ? "" : " and ").append("less than ").append(number(xmax));
        return s.toString();
    }

    private static String values(Map<?, ?> spec) {
        return spec != null && spec.get("enum") instanceof List<?> l
                ? l.stream().map(ProblemWording::number).collect(Collectors.joining(", ")) : "the allowed values";
    }

    /** 0.0 as 0, 95.0 as 95: bounds read as people write them. */
    private static String number(Object v) {
        if (v instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)) return String.valueOf(d.longValue());
        return String.valueOf(v);
    }

    private static int size(JsonNode n) {
        return n == null ? 0 : n.size();
    }

    /** A value as a problem shows it: a number short ({@link HeldNumbers#shown}), any other JSON cut as a name is. */
    static String value(JsonNode n) {
        if (n == null) return "null";
        return n.isNumber() ? HeldNumbers.shown(n) : ShownText.name(n.toString());
    }

    /** A string holding a number ("5") where the schema takes a number. */
    private static boolean quotedNumber(JsonNode got, Map<?, ?> spec) {
        Object type = spec == null ? null : spec.get("type");
        boolean numeric = "integer".equals(type) || "number".equals(type);
        return numeric && got != null && got.isString() && JSON_NUMBER.matcher(got.asString().strip()).matches();
    }

    private static final java.util.regex.Pattern JSON_NUMBER = java.util.regex.Pattern.compile("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?");

    private static String describe(JsonNode n) {
        if (n == null || n.isNull()) return "null";
        if (n.isString()) return "the string " + value(n);
        if (n.isIntegralNumber()) return "the integer " + value(n);
        if (n.isNumber()) return "the number " + value(n);
        if (n.isBoolean()) return "the boolean " + n;
        return n.isArray() ? "an array" : "an object";
    }

    /** The validator's message without its leading location ("$.horizon: "). */
    private static String validatorWords(Error e) {
        String m = String.valueOf(e.getMessage());
        int colon = m.indexOf(": ");
        return m.startsWith("$") && colon > 0 ? m.substring(colon + 2) : m;
    }
}
