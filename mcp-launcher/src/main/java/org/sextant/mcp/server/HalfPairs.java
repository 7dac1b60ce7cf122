package org.sextant.mcp.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sextant.contract.ShownText;
import tools.jackson.databind.JsonNode;

/**
 * Half of a UTF-16 surrogate pair without its other half ({@code "\\ud800"}: valid JSON) is no text UTF-8 can carry:
 * a name or value holding one reached the app, and came back in an answer, as "?" (attack 37). Where a message holds one,
 * named as the errors show it: the half as its escape, never as "?".
 */
final class HalfPairs {
    /** What every refusal of a lone half says after naming where it is (docs/mcp.md quotes it). */
    static final String PROBLEM = "half of a UTF-16 surrogate pair without its other half, which UTF-8 cannot carry as sent";
    static final String FIX = org.sextant.mcp.tools.ToolDispatcher.HALF_PAIR_FIX;

    /** The refusal's text after "Invalid params: " (a tool's invalid_input says the fix in its client_hint). */
    static String refusal(String where) {
        return problem(where) + "; " + FIX;
    }

    /** What is wrong: where the half is, then what it is. */
    static String problem(String where) {
        return where + ", " + PROBLEM;
    }

    /**
     * A lone half in a member's value ({@code name} false) or in a member's name: the path to it (the member's own path),
     * the text holding it, and where.
     */
    record Found(List<Object> path, boolean name, String text, int at) {
        /**
         * Where the half is, as an error says it: "params.uri holds the escape \\ud800 at character 12 of its value
         * 'sextant://x\\ud800'", or for a name "the name 'x\\ud800' in params._meta holds the escape …". {@code place} names
         * a path (the launcher's words for it: "params.uri", "argument 'spec.nodes'"), {@code whole} what the root is.
         */
        String where(java.util.function.Function<List<Object>, String> place, String whole) {
            String escape = "the escape \\u" + String.format("%04x", (int) text.charAt(at)) + " at character " + (at + 1);
            if (!name) return place.apply(path) + " holds " + escape + " of its value '" + ShownText.name(text) + "'";
            List<Object> parent = path.subList(0, path.size() - 1);
            return "the name '" + ShownText.name(text) + "' in " + (parent.isEmpty() ? whole : place.apply(parent)) + " holds " + escape;
        }
    }

    private HalfPairs() {}

    /** The first lone half in {@code node} (names and values, depth first as written), or null. */
    static Found first(JsonNode node, List<Object> path) {
        if (node.isString()) {
            int at = at(node.asString());
            return at < 0 ? null : new Found(List.copyOf(path), false, node.asString(), at);
        }
        List<Object> inner = new ArrayList<>(path);
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> member : node.properties()) {
                Found found = first(node, path, member.getKey());
                if (found != null) return found;
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                inner.add(i);
                Found found = first(node.get(i), inner);
                if (found != null) return found;
                inner.remove(inner.size() - 1);
            }
        }
        return null;
    }

    /** The first lone half in the name or value of {@code object}'s member {@code key}, {@code object} at {@code path}. */
    static Found first(JsonNode object, List<Object> path, String key) {
        List<Object> inner = new ArrayList<>(path);
        inner.add(key);
        int at = at(key);
        return at >= 0 ? new Found(List.copyOf(inner), true, key, at) : first(object.get(key), inner);
    }

    /**
     * JSON text with each lone half written as its escape: --http hands the edited message on as UTF-8, which made a tool
     * name the launcher set into _meta a "?". In JSON text a lone half stands only inside a string, where its escape is the same.
     */
    static String escaped(String json) {
        if (at(json) < 0) return json;
        StringBuilder out = new StringBuilder(json.length() + 8);
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < json.length() && Character.isLowSurrogate(json.charAt(i + 1))) {
                out.append(c).append(json.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Where {@code s} holds half of a surrogate pair alone, or -1. */
    static int at(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }
}
