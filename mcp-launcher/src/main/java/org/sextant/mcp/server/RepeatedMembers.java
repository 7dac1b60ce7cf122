package org.sextant.mcp.server;

import java.util.HashSet;
import java.util.Set;
import org.sextant.contract.JsonLimits;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * Whether a message names a member twice outside a tools/call's {@code params.arguments}. The strict reading stops at the
 * first repeated key; when that one is an argument (marked, answered as the tool's invalid input), a {@code params},
 * {@code _meta} or {@code name} named twice further on would reach the SDK, which keeps the last, while the launcher's
 * marks stand in the first: a second {@code _meta} claiming health_check ran a work tool slotless on the quick lane.
 */
final class RepeatedMembers {
    private RepeatedMembers() {}

    /** {@code text} has been read whole already (its depth and size are within the launcher's limits). */
    static boolean outsideArguments(String text) {
        try (JsonParser p = JsonLimits.exact().createParser(text)) {
            return p.nextToken() == JsonToken.START_OBJECT && inObject(p, true, false);
        }
    }

    /** The parser at an object's start: true when a member of it, or of an object in it, is named twice. */
    private static boolean inObject(JsonParser p, boolean top, boolean params) {
        Set<String> names = new HashSet<>();
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = p.currentName();
            if (!names.add(name)) return true;
            p.nextToken();
            if (params && name.equals("arguments")) p.skipChildren(); // repeated arguments are marked, not refused
            else if (inValue(p, top && name.equals("params"))) return true;
        }
        return false;
    }

    private static boolean inValue(JsonParser p, boolean params) {
        if (p.currentToken() == JsonToken.START_OBJECT) return inObject(p, false, params);
        if (p.currentToken() == JsonToken.START_ARRAY) {
            while (p.nextToken() != JsonToken.END_ARRAY) if (inValue(p, false)) return true;
        }
        return false;
    }
}
