package org.sextant.mcp.tools;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * A tool's arguments, checked in the launcher before any call to the app. Every problem is an
 * invalid_input failure naming the argument and the fix.
 */
public final class Arguments {
    private static final DateTimeFormatter ISO_DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd")
            .withResolverStyle(ResolverStyle.STRICT);

    private final Map<String, Object> values;

    private Arguments(Map<String, Object> values) {
        this.values = values;
    }

    /** Rejects argument names the tool does not declare (a typo would otherwise be silently ignored). */
    @SuppressWarnings("unchecked")
    static Arguments of(Map<String, Object> raw, Map<String, Object> inputSchema) throws ToolFailure {
        Map<String, Object> values = raw == null ? Map.of() : raw;
        // An open schema passes its arguments to the app, which then checks the names itself.
        if (Boolean.TRUE.equals(inputSchema.get("additionalProperties"))) return new Arguments(values);
        Set<String> known = ((Map<String, Object>) inputSchema.getOrDefault("properties", Map.of())).keySet();
        for (String name : values.keySet()) {
            if (!known.contains(name)) {
                throw ToolFailure.invalidInput(name, "this tool has no such argument",
                        known.isEmpty() ? "call it with no arguments"
                                : "use only " + String.join(", ", new TreeSet<>(known)));
            }
        }
        return new Arguments(values);
    }

    public Optional<String> optionalString(String name) throws ToolFailure {
        Object v = values.get(name);
        if (v == null) return Optional.empty();
        if (!(v instanceof String s)) {
            throw ToolFailure.invalidInput(name, "expected a string, got " + describe(v),
                    "pass " + name + " as a JSON string");
        }
        return s.isBlank() ? Optional.empty() : Optional.of(s.strip());
    }

    public String requiredString(String name, String example) throws ToolFailure {
        return optionalString(name).orElseThrow(() -> ToolFailure.invalidInput(name, "is required",
                "pass " + name + ", e.g. " + example));
    }

    public Optional<LocalDate> optionalDate(String name) throws ToolFailure {
        Optional<String> s = optionalString(name);
        if (s.isEmpty()) return Optional.empty();
        try {
            return Optional.of(LocalDate.parse(s.get(), ISO_DATE));
        } catch (DateTimeParseException e) {
            throw ToolFailure.invalidInput(name, "'" + s.get() + "' is not a calendar date in yyyy-MM-dd",
                    "pass an ISO date such as 2024-01-31");
        }
    }

    public Optional<Integer> optionalInt(String name, int min, int max) throws ToolFailure {
        Object v = values.get(name);
        if (v == null) return Optional.empty();
        String fix = "pass " + name + " as a JSON integer from " + min + " to " + max;
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())
                || Double.isInfinite(n.doubleValue())) {
            throw ToolFailure.invalidInput(name, "expected an integer, got " + describe(v), fix);
        }
        double d = n.doubleValue();
        if (d < min || d > max) {
            throw ToolFailure.invalidInput(name, n + " is out of range", fix);
        }
        return Optional.of((int) d);
    }

    /** A finite number at least {@code min} (a threshold such as a minimum reward/risk ratio). */
    public Optional<Double> optionalNumber(String name, double min) throws ToolFailure {
        Object v = values.get(name);
        if (v == null) return Optional.empty();
        String fix = "pass " + name + " as a JSON number of at least " + min;
        if (!(v instanceof Number n) || !Double.isFinite(n.doubleValue())) {
            throw ToolFailure.invalidInput(name, "expected a number, got " + describe(v), fix);
        }
        if (n.doubleValue() < min) throw ToolFailure.invalidInput(name, n + " is below " + min, fix);
        return Optional.of(n.doubleValue());
    }

    /** A number strictly between 0 and 1 (a probability level or a fraction of the history). */
    public Optional<Double> optionalFraction(String name) throws ToolFailure {
        Object v = values.get(name);
        if (v == null) return Optional.empty();
        return Optional.of(fraction(name, v, "pass " + name + " as a JSON number between 0 and 1, e.g. 0.4"));
    }

    /** Probability levels: 1..max numbers, each strictly between 0 and 1. */
    public Optional<List<Double>> optionalFractionList(String name, int max) throws ToolFailure {
        Object v = values.get(name);
        if (v == null) return Optional.empty();
        String fix = "pass " + name + " as a JSON array of numbers between 0 and 1, e.g. [0.8, 0.95]";
        if (!(v instanceof List<?> list)) throw ToolFailure.invalidInput(name, "expected an array of numbers, got " + describe(v), fix);
        if (list.isEmpty() || list.size() > max) {
            throw ToolFailure.invalidInput(name, list.size() + " items given, 1 to " + max + " allowed", fix);
        }
        List<Double> out = new ArrayList<>();
        for (Object item : list) out.add(fraction(name, item, fix));
        return Optional.of(out);
    }

    private static double fraction(String name, Object v, String fix) throws ToolFailure {
        if (!(v instanceof Number n)) throw ToolFailure.invalidInput(name, "expected a number, got " + describe(v), fix);
        double d = n.doubleValue();
        if (!(d > 0 && d < 1)) throw ToolFailure.invalidInput(name, n + " is not strictly between 0 and 1", fix);
        return d;
    }

    public Optional<Boolean> optionalBoolean(String name) throws ToolFailure {
        Object v = values.get(name);
        if (v == null) return Optional.empty();
        if (!(v instanceof Boolean b)) {
            throw ToolFailure.invalidInput(name, "expected true or false, got " + describe(v),
                    "pass " + name + " as a JSON boolean");
        }
        return Optional.of(b);
    }

    /**
     * A list of non-blank strings of at most {@code max} items. A longer list is refused, never
     * truncated: the caller must split it.
     */
    public Optional<List<String>> optionalStringList(String name, int max) throws ToolFailure {
        Object v = values.get(name);
        if (v == null) return Optional.empty();
        if (!(v instanceof List<?> list)) {
            throw ToolFailure.invalidInput(name, "expected an array of strings, got " + describe(v),
                    "pass " + name + " as a JSON array such as [\"MSFT.US\"]");
        }
        if (list.isEmpty()) {
            throw ToolFailure.invalidInput(name, "is empty", "pass at least one item");
        }
        if (list.size() > max) {
            throw ToolFailure.invalidInput(name, list.size() + " items given, at most " + max + " per call (nothing was done)",
                    "split the list into calls of at most " + max + " items");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof String s) || s.isBlank()) {
                throw ToolFailure.invalidInput(name, "item " + i + " is " + describe(list.get(i)) + ", not a non-blank string",
                        "pass only non-blank strings in " + name);
            }
            out.add(s.strip());
        }
        return Optional.of(out);
    }

    public List<String> requiredStringList(String name, int max, String example) throws ToolFailure {
        return optionalStringList(name, max).orElseThrow(() -> ToolFailure.invalidInput(name, "is required",
                "pass " + name + ", e.g. " + example));
    }

    /** A JSON object argument, as given. */
    @SuppressWarnings("unchecked")
    public Optional<Map<String, Object>> optionalObject(String name) throws ToolFailure {
        Object v = values.get(name);
        if (v == null) return Optional.empty();
        if (!(v instanceof Map<?, ?> m)) {
            throw ToolFailure.invalidInput(name, "expected a JSON object, got " + describe(v),
                    "pass " + name + " as a JSON object");
        }
        return Optional.of((Map<String, Object>) m);
    }

    /** A strategy spec: a JSON object or its JSON text, passed to the app as given. */
    public Object requiredSpec(String name) throws ToolFailure {
        Object v = values.get(name);
        if (v instanceof Map<?, ?> || v instanceof String s && !s.isBlank()) return v;
        throw ToolFailure.invalidInput(name, v == null ? "is required" : "expected a JSON object or JSON text, got " + describe(v),
                "pass " + name + " as a graph spec object (see list_node_catalogue and docs/research.md)");
    }

    /** Every argument as given, for tools whose arguments the app checks itself. */
    public Map<String, Object> all() {
        return new LinkedHashMap<>(values);
    }

    private static String describe(Object v) {
        if (v instanceof String s) return "the string \"" + (s.length() > 40 ? s.substring(0, 40) + "…" : s) + "\"";
        if (v instanceof Number n) return "the number " + n;
        if (v instanceof Boolean b) return "the boolean " + b;
        if (v instanceof Map<?, ?>) return "an object";
        if (v instanceof Iterable<?>) return "an array";
        return v.getClass().getSimpleName();
    }
}
