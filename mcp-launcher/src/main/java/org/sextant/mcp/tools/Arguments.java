package org.sextant.mcp.tools;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.sextant.contract.ArgumentCheck;
import org.sextant.contract.Capabilities;
import org.sextant.contract.HeldNumbers;
import org.sextant.contract.RetiredNames;
import org.sextant.contract.ShownText;
import org.sextant.mcp.envelope.ToolFailure;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A tool's arguments, checked in the launcher before any call to the app: unknown names first,
 * then every value against the tool's input schema (ArgumentCheck, the validator the app uses),
 * where each bound and list of allowed values is declared once. Every problem is an invalid_input
 * failure naming the argument and what the schema expects. The accessors read checked values.
 */
public final class Arguments {
    private final Map<String, Object> values;

    private Arguments(Map<String, Object> values) {
        this.values = values;
    }

    /**
     * Refuses argument names the tool does not declare (a typo would otherwise be silently
     * ignored), then any value its schema does not allow; {@code tool} names the compiled schema.
     */
    static Arguments of(String tool, Map<String, Object> raw, Map<String, Object> inputSchema) throws ToolFailure {
        return check(tool, "", raw, inputSchema);
    }

    /**
     * The same checks for the members of an object argument ({@code parent}, e.g. drive_app's
     * args against the command's schema); a problem names the member as {@code parent.member}.
     */
    static Arguments nested(String schemaName, String parent, Map<String, Object> raw, Map<String, Object> schema) throws ToolFailure {
        return check(schemaName, parent + ".", raw, schema);
    }

    private static Arguments check(String schemaName, String prefix, Map<String, Object> raw, Map<String, Object> inputSchema)
            throws ToolFailure {
        Map<String, Object> values = raw == null ? Map.of() : raw;
        Map<String, Object> properties = properties(inputSchema);
        // An open schema passes its other arguments to the app, which then checks the names itself.
        if (!Boolean.TRUE.equals(inputSchema.get("additionalProperties"))) {
            for (String name : values.keySet()) {
                if (!properties.containsKey(name)) {
                    String now = RetiredNames.argument(name, inputSchema).orElse(null);
                    if (now != null) throw ToolFailure.invalidInput(prefix + name, RetiredNames.renamed(name, now), "send " + now + " instead");
                    // the name is the caller's text: any length, any character (a direction override, ESC)
                    throw ToolFailure.invalidInput(prefix + ShownText.name(name), prefix.isEmpty() ? "this tool has no such argument" : "is not an argument here",
                            properties.isEmpty() ? "call it with no arguments"
                                    : "use only " + String.join(", ", new TreeSet<>(properties.keySet())) + nearest(name, properties.keySet()));
                }
            }
        }
        // numbers as sent (the SDK reads fractions exactly), not through Json.MAPPER: it would write an Infinity as null
        JsonNode given = JsonMapper.shared().valueToTree(canonicalNames(values, properties));
        List<ArgumentCheck.Problem> problems = ArgumentCheck.problems("tool:" + schemaName, inputSchema, given);
        if (!problems.isEmpty()) {
            ArgumentCheck.Problem p = problems.get(0);
            String more = ArgumentCheck.alsoWrong(problems);
            throw ToolFailure.invalidInput(prefix + p.field(), p.message() + more, "pass " + prefix + p.field() + " as " + p.expected());
        }
        return new Arguments(JsonMapper.shared().treeToValue(HeldNumbers.held(given), CHECKED)); // each number the double that was checked
    }

    private static final tools.jackson.core.type.TypeReference<LinkedHashMap<String, Object>> CHECKED = new tools.jackson.core.type.TypeReference<>() {};

    /** "; did you mean limit?" for a name a typo away from an argument, else nothing. */
    private static String nearest(String name, java.util.Set<String> arguments) {
        String near = org.sextant.contract.NearNames.nearest(name, arguments);
        return near == null ? "" : "; did you mean " + near + "?";
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> properties(Map<String, Object> schema) {
        return (Map<String, Object>) schema.getOrDefault("properties", Map.of());
    }

    /**
     * A null is an absent argument (as before the schema check); a value of a string enum written in
     * another case or with spaces ("Adaptive ") becomes the declared one, unless its case carries
     * meaning (an interval: "1M" is not 1m, a minute; the schema check then refuses it).
     */
    private static Map<String, Object> canonicalNames(Map<String, Object> values, Map<String, Object> properties) {
        Map<String, Object> out = new LinkedHashMap<>(values);
        out.values().removeIf(java.util.Objects::isNull);
        for (Map.Entry<String, Object> e : out.entrySet()) {
            if (e.getValue() instanceof String s && properties.get(e.getKey()) instanceof Map<?, ?> spec
                    && spec.get("enum") instanceof List<?> allowed) {
                boolean caseCounts = Capabilities.CASE_SENSITIVE_ENUMS.contains(e.getKey());
                for (Object a : allowed) {
                    if (a instanceof String name && (caseCounts ? name.equals(s.strip()) : name.equalsIgnoreCase(s.strip()))) e.setValue(name);
                }
            }
        }
        return out;
    }

    /** A string argument, stripped; empty when absent or blank. */
    public Optional<String> optionalString(String name) {
        return values.get(name) instanceof String s && !s.isBlank() ? Optional.of(s.strip()) : Optional.empty();
    }

    /** A required string: the schema sees it present, a blank one is refused here. */
    public String requiredString(String name, String example) throws ToolFailure {
        return optionalString(name).orElseThrow(() -> ToolFailure.invalidInput(name, "is required",
                "pass " + name + ", e.g. " + example));
    }

    /** A date the schema has checked as a calendar date yyyy-MM-dd. */
    public Optional<LocalDate> optionalDate(String name) {
        return optionalString(name).map(LocalDate::parse);
    }

    public Optional<Integer> optionalInt(String name) {
        return values.get(name) instanceof Number n ? Optional.of(n.intValue()) : Optional.empty();
    }

    public Optional<Double> optionalNumber(String name) {
        return values.get(name) instanceof Number n ? Optional.of(n.doubleValue()) : Optional.empty();
    }

    public Optional<List<Double>> optionalNumberList(String name) {
        return values.get(name) instanceof List<?> list
                ? Optional.of(list.stream().map(v -> ((Number) v).doubleValue()).toList()) : Optional.empty();
    }

    public Optional<Boolean> optionalBoolean(String name) {
        return values.get(name) instanceof Boolean b ? Optional.of(b) : Optional.empty();
    }

    /** A list of non-blank strings, each stripped; its length is the schema's (refused, never truncated). */
    public Optional<List<String>> optionalStringList(String name) {
        return values.get(name) instanceof List<?> list
                ? Optional.of(list.stream().map(v -> ((String) v).strip()).toList()) : Optional.empty();
    }

    public List<String> requiredStringList(String name, String example) throws ToolFailure {
        return optionalStringList(name).orElseThrow(() -> ToolFailure.invalidInput(name, "is required",
                "pass " + name + ", e.g. " + example));
    }

    /** A JSON object argument, as given. */
    @SuppressWarnings("unchecked")
    public Optional<Map<String, Object>> optionalObject(String name) {
        return values.get(name) instanceof Map<?, ?> m ? Optional.of((Map<String, Object>) m) : Optional.empty();
    }

    /** A strategy spec: a JSON object or its JSON text (not blank), passed to the app as given. */
    public Object requiredSpec(String name) throws ToolFailure {
        Object v = values.get(name);
        if (v instanceof Map<?, ?> || v instanceof String s && !s.isBlank()) return v;
        throw ToolFailure.invalidInput(name, "is required",
                "pass " + name + " as a graph spec object (see list_node_catalogue and docs/research.md)");
    }

    /** The arguments given, strings stripped and blank ones left out (as the optional getters read them), for the app as they are. */
    public Map<String, Object> given() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : values.entrySet()) {
            Object v = e.getValue();
            if (v instanceof String s) {
                if (!s.isBlank()) out.put(e.getKey(), s.strip());
            } else if (v instanceof List<?> l && l.stream().allMatch(String.class::isInstance)) {
                out.put(e.getKey(), l.stream().map(x -> ((String) x).strip()).toList());
            } else {
                out.put(e.getKey(), v);
            }
        }
        return out;
    }

}
