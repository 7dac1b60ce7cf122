package org.sextant.engine.sql;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Functions whose one call builds a value as large as an argument says: repeat('x', 2e9) or
 * printf('%1000000000d', 1) builds a gigabyte in one step that DuckDB cannot interrupt (measured:
 * 40 s past a cancel), so no watchdog can stop it in time. Their size arguments must be literals
 * and the value they build at most {@link #MAX_BUILT_CHARS}; everything else that grows (list,
 * string_agg, joins) grows chunk by chunk and is stopped by the {@link QueryWatchdog}.
 */
final class BuiltValueSizes {
    /** Largest value (characters or list elements) one such call may build. */
    static final long MAX_BUILT_CHARS = 1_000_000;
    private static final Set<String> INTEGER_TYPES = Set.of("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT",
            "USMALLINT", "UINTEGER", "UBIGINT");
    /** A width or precision in a printf ('%0123d', '%.5f') or format ('{:>123}') pattern. */
    private static final Pattern WIDTH = Pattern.compile("\\d{7,}");
    /** A width or precision taken from an argument: printf's '*' ('%*d', '%.*f'), or a format field nested in a spec ('{:>{}}'). */
    private static final Pattern ARGUMENT_WIDTH = Pattern.compile("%[-+ #0]*(\\d*\\.)?\\*|\\{[^{}]*:[^{}]*\\{");

    private BuiltValueSizes() {}

    /** Refuses a call of a size-building function whose result is not provably small. */
    static void check(JsonNode call) {
        String name = call.path("function_name").asString("").toLowerCase(Locale.ROOT);
        JsonNode args = arguments(call);
        switch (name) {
            case "repeat" -> {
                long count = literalCount(name, args, 1, "the count");
                JsonNode what = args.path(0);
                String text = constantText(what);
                if (text == null) {
                    throw SqlGuard.refuse("repeat() of a column or expression builds its value in one step that cannot be interrupted",
                            "repeat a literal ('-', 40), or build the value with string_agg over rows");
                }
                bounded(name, count > MAX_BUILT_CHARS ? count : count * Math.max(1, text.length()), "repeat('" + shorten(text) + "', " + count + ")");
            }
            case "lpad", "rpad" -> bounded(name, literalCount(name, args, 1, "the length"), name + " to that length");
            case "list_resize", "array_resize" -> bounded(name, literalCount(name, args, 1, "the size"), name + " to that size");
            case "bar" -> {
                if (args.size() > 3) bounded(name, literalCount(name, args, 3, "the width"), "a bar that wide");
            }
            case "range", "generate_series" -> bounded(name, seriesLength(name, args), "a list that long");
            case "printf", "format" -> {
                JsonNode pattern = args.path(0);
                String p = constantText(pattern);
                if (p == null) {
                    throw SqlGuard.refuse(name + "() with a pattern that is not a literal can ask for any width",
                            "write the pattern as a literal, e.g. " + name + "('%.2f', close)");
                }
                Matcher a = ARGUMENT_WIDTH.matcher(p);
                if (a.find()) {
                    throw SqlGuard.refuse(name + "() pattern takes a width from an argument (" + a.group()
                            + "…): it can ask for any size and build one huge value", "write the width in the pattern, e.g. "
                            + name + (name.equals("printf") ? "('%10d', x)" : "('{:>10}', x)"));
                }
                Matcher m = WIDTH.matcher(p);
                if (m.find()) {
                    throw SqlGuard.refuse(name + "() pattern holds the number " + m.group() + ": a width that large builds one huge value",
                            "use widths below " + MAX_BUILT_CHARS + " (at most six digits)");
                }
            }
            default -> { }
        }
    }

    /** The element count of a scalar range/generate_series call with literal numeric bounds. */
    private static long seriesLength(String name, JsonNode args) {
        BigDecimal start = BigDecimal.ZERO;
        BigDecimal step = BigDecimal.ONE;
        BigDecimal end;
        if (args.size() == 1) {
            end = literal(name, args.path(0), "the end");
        } else {
            start = literal(name, args.path(0), "the start");
            end = literal(name, args.path(1), "the end");
            if (args.size() > 2) step = literal(name, args.path(2), "the step");
        }
        if (step.signum() == 0) return 0; // DuckDB refuses a zero step itself
        BigDecimal n = end.subtract(start).divide(step, 0, java.math.RoundingMode.CEILING);
        return n.signum() < 0 ? 0 : n.min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue() + 1;
    }

    private static long literalCount(String name, JsonNode args, int index, String what) {
        BigDecimal v = literal(name, args.path(index), what);
        return v.signum() < 0 ? 0 : v.min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue();
    }

    /**
     * A call's arguments as expressions: DuckDB 1.4 serializes them as {@code children}, DuckDB 2
     * as {@code arguments: [{name, expression}]}.
     */
    static JsonNode arguments(JsonNode call) {
        if (!call.has("arguments")) return call.path("children");
        tools.jackson.databind.node.ArrayNode out = org.sextant.engine.Json.MAPPER.createArrayNode();
        for (JsonNode a : call.path("arguments")) out.add(a.path("expression"));
        return out;
    }

    /** A text constant's value, in either serialization; null when the node is not one. */
    private static String constantText(JsonNode n) {
        if (!"CONSTANT".equals(n.path("class").asString(""))) return null;
        if (n.has("literal")) return "STRING".equals(n.path("literal").path("kind").asString("")) ? n.path("literal").path("text").asString(null) : null;
        return n.path("value").path("value").asString(null);
    }

    private static BigDecimal literal(String name, JsonNode arg, String what) {
        JsonNode lit = arg.path("literal");
        if ("CONSTANT".equals(arg.path("class").asString("")) && lit.isObject()) { // DuckDB 2: {kind, text}
            String kind = lit.path("kind").asString("");
            if (kind.equals("INTEGER") || kind.equals("NUMERIC")) {
                try {
                    return new BigDecimal(lit.path("text").asString(""));
                } catch (NumberFormatException notPlain) {
                    // falls through to the refusal
                }
            }
        }
        JsonNode value = arg.path("value");
        String type = value.path("type").path("id").asString("");
        JsonNode v = value.path("value");
        if ("CONSTANT".equals(arg.path("class").asString("")) && !value.path("is_null").asBoolean(false)) {
            if (INTEGER_TYPES.contains(type) && v.isNumber()) return v.decimalValue();
            if (("DOUBLE".equals(type) || "FLOAT".equals(type)) && v.isNumber() && Double.isFinite(v.asDouble())) {
                return BigDecimal.valueOf(v.asDouble());
            }
            if ("DECIMAL".equals(type) && v.isNumber()) {
                return v.decimalValue().movePointLeft(value.path("type").path("type_info").path("scale").asInt(0));
            }
        }
        throw SqlGuard.refuse(name + "() builds a value sized by " + what + ", which must be a plain number here",
                "write " + what + " of " + name + "() as a number literal up to " + MAX_BUILT_CHARS
                        + (name.equals("range") || name.equals("generate_series") ? ", or use " + name + " in FROM, where rows stream" : ""));
    }

    private static void bounded(String name, long size, String what) {
        if (size > MAX_BUILT_CHARS || size < 0) {
            throw SqlGuard.refuse(what + " builds " + size + " characters or elements in one step, more than " + MAX_BUILT_CHARS,
                    "keep " + name + "() results up to " + MAX_BUILT_CHARS + "; aggregate over rows for larger results");
        }
    }

    private static String shorten(String s) {
        return s.length() <= 12 ? s : s.substring(0, 12) + "…";
    }
}
