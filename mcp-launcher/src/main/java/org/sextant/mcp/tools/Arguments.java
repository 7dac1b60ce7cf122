package org.sextant.mcp.tools;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
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

    private static String describe(Object v) {
        if (v instanceof String s) return "the string \"" + (s.length() > 40 ? s.substring(0, 40) + "…" : s) + "\"";
        if (v instanceof Number n) return "the number " + n;
        if (v instanceof Boolean b) return "the boolean " + b;
        if (v instanceof Map<?, ?>) return "an object";
        if (v instanceof Iterable<?>) return "an array";
        return v.getClass().getSimpleName();
    }
}
