package org.sextant.contract;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks a call's arguments against its capability's schema with the JSON-schema validator the
 * MCP SDK uses for tool inputs, so the bounds written once in {@link Capabilities} hold for
 * every client of the app, not only for agents.
 */
public final class ArgumentCheck {
    /** One argument that does not fit: which field, what is wrong, and what the schema says it should be. */
    public record Problem(String field, String message, String expected) {}

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final JsonMapper MAPPER = JsonMapper.shared();
    private static final Map<String, Schema> SCHEMAS = new ConcurrentHashMap<>();

    private ArgumentCheck() {}

    /** The problems of {@code args} (a JSON object) for {@code capability}; empty when they fit. */
    public static List<Problem> problems(Capability capability, JsonNode args) {
        Schema schema = SCHEMAS.computeIfAbsent(capability.name(), n -> REGISTRY.getSchema(MAPPER.valueToTree(capability.schema())));
        List<Problem> out = new ArrayList<>();
        for (Error e : schema.validate(args)) {
            String field = field(e);
            out.add(new Problem(field, message(capability, field, e), expected(capability, field)));
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

    /** A range says both ends and what was sent ("horizon must be in 1..260 (got 300)"); else the validator's words. */
    private static String message(Capability capability, String field, Error e) {
        Map<?, ?> spec = property(capability, field);
        if (("minimum".equals(e.getKeyword()) || "maximum".equals(e.getKeyword())) && spec != null
                && spec.get("minimum") != null && spec.get("maximum") != null) {
            return "must be in " + spec.get("minimum") + ".." + spec.get("maximum") + " (got " + e.getInstanceNode() + ")";
        }
        return message(e);
    }

    private static Map<?, ?> property(Capability capability, String field) {
        return capability.schema().get("properties") instanceof Map<?, ?> p && p.get(field) instanceof Map<?, ?> spec ? spec : null;
    }

    /** The validator's message without its leading location ("$.horizon: "). */
    private static String message(Error e) {
        String m = String.valueOf(e.getMessage());
        int colon = m.indexOf(": ");
        return m.startsWith("$") && colon > 0 ? m.substring(colon + 2) : m;
    }

    @SuppressWarnings("unchecked")
    private static String expected(Capability capability, String field) {
        Object props = capability.schema().get("properties");
        if (props instanceof Map<?, ?> p && p.get(field) instanceof Map<?, ?> spec && spec.get("description") instanceof String d) {
            return d;
        }
        return "the arguments " + ((Map<String, Object>) props).keySet() + " (docs/local-api.md)";
    }
}
