package org.sextant.contract;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks a call's arguments against a schema with the JSON-schema validator the MCP SDK uses for
 * tool inputs: the app checks each route against its capability's schema, the launcher each tool
 * call against the tool's input schema, so every bound and list of allowed values is written once.
 */
public final class ArgumentCheck {
    /** One argument that does not fit: which field (as {@link ShownText#name} shows it), what is wrong, and what the schema says it should be. */
    public record Problem(String field, String message, String expected) {}

    /** Formats are asserted (2020-12 only annotates them by default): "2024-02-30" is no "date". */
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            b -> b.schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));
    private static final JsonMapper MAPPER = JsonMapper.shared();

    /** A compiled schema and the map it was compiled from (a different map under the same name recompiles). */
    private record Compiled(Map<String, Object> source, Schema schema) {}

    private static final Map<String, Compiled> SCHEMAS = new ConcurrentHashMap<>();

    private ArgumentCheck() {}

    /**
     * What a refusal adds after its first problem: the other arguments that are wrong too
     * (" (also wrong: top, level)"), or nothing when every problem is the first one's argument
     * (a date that fails its pattern and its format is one mistake, not "1 more problem").
     */
    public static String alsoWrong(List<Problem> problems) {
        String first = problems.get(0).field();
        List<String> others = problems.stream().map(Problem::field).filter(f -> !f.equals(first)).distinct().toList();
        return others.isEmpty() ? "" : " (also wrong: " + String.join(", ", others) + ")";
    }

    /** The problems of {@code args} (a JSON object) for {@code capability}; empty when they fit. */
    public static List<Problem> problems(Capability capability, JsonNode args) {
        return problems("capability:" + capability.name(), capability.schema(), args);
    }

    /**
     * The problems of {@code args} for a schema of its own (a launcher tool's input schema), compiled
     * once per {@code name}; empty when they fit.
     */
    public static List<Problem> problems(String name, Map<String, Object> schema, JsonNode args) {
        Compiled c = SCHEMAS.compute(name, (n, old) -> old != null && old.source() == schema ? old
                : new Compiled(schema, REGISTRY.getSchema(MAPPER.valueToTree(schema))));
        List<Problem> out = new ArrayList<>(pastNames(schema, args));
        if (!out.isEmpty()) return out; // 148,000 unknown names, each worded, ran 32 such requests out of a 1 GB heap
        out.addAll(pastDouble(schema, args));
        if (!out.isEmpty()) return out; // 1e400 read as a double is Infinity, 1e-400 is 0: the bounds would be checked against another number
        out.addAll(pastControl(schema, args));
        if (!out.isEmpty()) return out; // the validator's words would be the pattern, not the character and where it stood
        args = HeldNumbers.held(args);
        out.addAll(pastLong(schema, args));
        if (!out.isEmpty()) return out; // the validator reads an integer as a long and would fail on 1e308 with its own words
        out.addAll(pastMaxItems(schema, args));
        if (!out.isEmpty()) return out; // the validator checks every item of a list first: 5000 levels took it 7 s
        for (Error e : c.schema().validate(args)) {
            if (out.size() == MAX_PROBLEMS) break; // a refusal shows the first and names the others: more would be cut anyway
            String field = field(e);
            Map<?, ?> spec = property(schema, field);
            String now = "additionalProperties".equals(e.getKeyword()) ? RetiredNames.argument(field, schema).orElse(null) : null;
            String shown = ShownText.name(field); // an unknown name is the caller's text: any length, any character
            out.add(now != null
                    ? new Problem(shown, RetiredNames.renamed(field, now), now + ", " + ProblemWording.expected(schema, now, property(schema, now)))
                    : new Problem(shown, ProblemWording.message(e, spec), ProblemWording.expected(schema, field, spec)));
        }
        return out;
    }

    /** Problems worded per call, at most. */
    static final int MAX_PROBLEMS = 10;

    /**
     * A call with more names than its schema's arguments plus {@link #MAX_PROBLEMS}, refused by their count
     * before any is validated or worded (each unknown name costs a did-you-mean over the argument list).
     */
    private static List<Problem> pastNames(Map<String, Object> schema, JsonNode args) {
        if (args == null || !args.isObject() || Boolean.TRUE.equals(schema.get("additionalProperties"))) return List.of();
        Map<?, ?> properties = schema.get("properties") instanceof Map<?, ?> p ? p : Map.of();
        if (args.size() <= properties.size() + MAX_PROBLEMS) return List.of();
        List<String> names = properties.keySet().stream().map(String::valueOf).sorted().toList();
        return List.of(new Problem("arguments", "holds " + args.size() + " names, more than the " + names.size() + " this call takes",
                names.isEmpty() ? "no arguments" : "only " + String.join(", ", names)));
    }

    /** A number no double holds (1e400, 1e-400), at any depth: refused naming its argument and, deeper, where it stood. */
    private static List<Problem> pastDouble(Map<String, Object> schema, JsonNode args) {
        HeldNumbers.Unheld u = args == null ? null : HeldNumbers.first(args);
        if (u == null) u = pastDoubleInText(schema, args);
        if (u == null) return List.of();
        if (u.path().isEmpty()) return List.of(new Problem("arguments", u.problem(), "a JSON object of the arguments"));
        String field = String.valueOf(u.path().get(0));
        String at = u.path().size() > 1 ? "at " + RepeatedKeys.shown(u.path()) + ", " : "";
        return List.of(new Problem(ShownText.name(field), at + u.problem(), ProblemWording.expected(schema, field, property(schema, field))));
    }

    /**
     * A number no double holds inside a document argument sent as JSON text (a spec: an object, or the same as a string),
     * where it stood as if the object had been sent: read as doubles, 1e400 was Infinity and 1e-400 was 0 (attack 18, L1).
     */
    private static HeldNumbers.Unheld pastDoubleInText(Map<String, Object> schema, JsonNode args) {
        if (args == null || !args.isObject()) return null;
        for (Map.Entry<String, JsonNode> a : args.properties()) {
            Map<?, ?> spec = property(schema, a.getKey());
            boolean document = spec != null && spec.get("type") instanceof List<?> t && t.contains("object") && t.contains("string");
            HeldNumbers.Unheld u = document && a.getValue().isString() ? HeldNumbers.firstInText(a.getValue().stringValue()) : null;
            if (u == null) continue;
            List<Object> path = new ArrayList<>(List.of(a.getKey()));
            path.addAll(u.path());
            return new HeldNumbers.Unheld(List.copyOf(path), u.number(), u.tooLarge());
        }
        return null;
    }

    /** Search texts holding a control character ({@link ArgumentSchema#NO_CONTROL}): named with the first one and where it stood. */
    private static List<Problem> pastControl(Map<String, Object> schema, JsonNode args) {
        List<Problem> out = new ArrayList<>();
        if (args == null || !args.isObject()) return out;
        for (Map.Entry<String, JsonNode> a : args.properties()) {
            Map<?, ?> spec = property(schema, a.getKey());
            if (spec == null || !ArgumentSchema.NO_CONTROL.equals(spec.get("pattern")) || !a.getValue().isString()) continue;
            String text = a.getValue().stringValue();
            for (int i = 0; i < text.length(); i++) {
                if (!Character.isISOControl(text.charAt(i))) continue;
                out.add(new Problem(a.getKey(), String.format(java.util.Locale.ROOT, "holds a control character (U+%04X, at character %d)", (int) text.charAt(i), i + 1),
                        ProblemWording.expected(schema, a.getKey(), spec)));
                break;
            }
        }
        return out;
    }

    /** Numbers given for integer arguments that no long holds (1e308): out of every range the schema allows. */
    private static List<Problem> pastLong(Map<String, Object> schema, JsonNode args) {
        List<Problem> out = new ArrayList<>();
        if (args == null || !args.isObject()) return out;
        for (Map.Entry<String, JsonNode> a : args.properties()) {
            Map<?, ?> spec = property(schema, a.getKey());
            boolean integer = spec != null && ("integer".equals(spec.get("type")) || spec.get("type") instanceof List<?> t && t.contains("integer"));
            if (integer && a.getValue().isNumber() && !a.getValue().canConvertToLong()) {
                out.add(new Problem(a.getKey(), "must be " + ProblemWording.kind(spec) + " (got " + ProblemWording.value(a.getValue()) + ")",
                        ProblemWording.expected(schema, a.getKey(), spec)));
            }
        }
        return out;
    }

    /** Lists longer than their schema allows, refused before the validator walks (and compares) every item. */
    private static List<Problem> pastMaxItems(Map<String, Object> schema, JsonNode args) {
        List<Problem> out = new ArrayList<>();
        if (args == null || !args.isObject()) return out;
        for (Map.Entry<String, JsonNode> a : args.properties()) {
            Map<?, ?> spec = property(schema, a.getKey());
            if (spec != null && spec.get("maxItems") instanceof Number max && a.getValue().isArray() && a.getValue().size() > max.longValue()) {
                out.add(new Problem(a.getKey(), ProblemWording.tooMany(a.getValue().size(), max), ProblemWording.expected(schema, a.getKey(), spec)));
            }
        }
        return out;
    }

    private static String field(Error e) {
        if (e.getProperty() != null) return e.getProperty();
        if (e.getInstanceLocation() != null && e.getInstanceLocation().getNameCount() > 0) {
            return e.getInstanceLocation().getName(0);
        }
        return "arguments";
    }

    private static Map<?, ?> property(Map<String, Object> schema, String field) {
        return schema.get("properties") instanceof Map<?, ?> p && p.get(field) instanceof Map<?, ?> spec ? spec : null;
    }
}
