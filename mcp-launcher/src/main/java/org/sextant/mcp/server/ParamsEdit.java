package org.sextant.mcp.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.contract.JsonLimits;
import org.sextant.mcp.envelope.Json;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * The launcher's edits of a request as the client sent it: members of {@code params._meta} set or removed, and
 * {@code params.name} replaced. Every other byte stays as sent: written anew from its tree, 1e0 came out as 1, -0.0 as
 * 0.0 and a client's own {@code _meta} values changed on the way to the SDK.
 */
final class ParamsEdit {
    private final String text;
    private final Map<String, String> meta = new LinkedHashMap<>(); // key -> JSON value, or null: removed
    private String name; // JSON string, or null: kept

    ParamsEdit(String text) {
        this.text = text;
    }

    /** Sets {@code params._meta[key]} to this JSON value (a string is quoted), whatever the client put there. */
    ParamsEdit meta(String key, Object value) {
        meta.put(key, HalfPairs.escaped(Json.write(value)));
        return this;
    }

    /** Removes {@code params._meta[key]} if the client sent it. */
    ParamsEdit withoutMeta(String key) {
        meta.put(key, null);
        return this;
    }

    ParamsEdit name(String toolName) {
        this.name = HalfPairs.escaped(Json.write(toolName));
        return this;
    }

    /** The message with the edits; {@code params} must be an object (the caller has read the message as a tree). */
    String text() {
        Member params;
        try (JsonParser p = JsonLimits.exact().createParser(text)) {
            p.nextToken(); // the message's {
            params = member(object(p, "params"), "params");
        }
        if (params == null || params.inner == null) throw new IllegalArgumentException("a request without params as an object");
        List<Splice> splices = new ArrayList<>();
        Member toolName = member(params.inner, "name");
        if (name != null && toolName != null) splices.add(new Splice(toolName.valueStart, toolName.valueEnd, name));
        Member sentMeta = member(params.inner, "_meta");
        List<String> added = added();
        if (sentMeta == null) {
            if (!added.isEmpty()) splices.add(new Splice(params.inner.open + 1, params.inner.open + 1,
                    "\"_meta\":{" + String.join(",", added) + "}" + (params.inner.members.isEmpty() ? "" : ",")));
        } else if (sentMeta.inner == null) { // not an object: the launcher's members make one
            splices.add(new Splice(sentMeta.valueStart, sentMeta.valueEnd, "{" + String.join(",", added) + "}"));
        } else if (sentMeta.inner.members.stream().noneMatch(m -> meta.containsKey(m.name))) {
            if (!added.isEmpty()) splices.add(new Splice(sentMeta.inner.open + 1, sentMeta.inner.open + 1,
                    String.join(",", added) + (sentMeta.inner.members.isEmpty() ? "" : ",")));
        } else { // the client sent a member the launcher sets: its other members are kept as sent
            List<String> members = new ArrayList<>();
            for (Member m : sentMeta.inner.members) if (!meta.containsKey(m.name)) members.add(text.substring(m.nameStart, m.valueEnd));
            members.addAll(added);
            splices.add(new Splice(sentMeta.valueStart, sentMeta.valueEnd, "{" + String.join(",", members) + "}"));
        }
        StringBuilder edited = new StringBuilder(text);
        splices.sort((a, b) -> Integer.compare(b.start, a.start)); // from the end: earlier offsets stay true
        for (Splice s : splices) edited.replace(s.start, s.end, s.with);
        return edited.toString();
    }

    /** The members of the object the parser stands at, where each is in the text; the one named {@code descend} read into. */
    private Obj object(JsonParser p, String descend) {
        int open = offset(p);
        List<Member> members = new ArrayList<>();
        Member last = null;
        while (true) {
            JsonToken t = p.nextToken();
            if (last != null) last.valueEnd = valueEnd(offset(p));
            if (t != JsonToken.PROPERTY_NAME) return new Obj(open, members);
            last = new Member(p.currentName(), offset(p));
            p.nextToken();
            last.valueStart = offset(p);
            if (last.name.equals(descend) && p.currentToken() == JsonToken.START_OBJECT) {
                last.inner = object(p, "params".equals(descend) ? "_meta" : null);
            } else {
                p.skipChildren();
            }
            members.add(last);
        }
    }

    private static Member member(Obj object, String name) {
        for (Member m : object.members) if (m.name.equals(name)) return m;
        return null;
    }

    private List<String> added() {
        List<String> added = new ArrayList<>();
        meta.forEach((key, value) -> {
            if (value != null) added.add(Json.write(key) + ":" + value);
        });
        return added;
    }

    /** Where a value ends: before the blanks and the comma that precede the next token at {@code next}. */
    private int valueEnd(int next) {
        int i = next;
        while (i > 0 && blank(text.charAt(i - 1))) i--;
        if (i > 0 && text.charAt(i - 1) == ',') {
            i--;
            while (i > 0 && blank(text.charAt(i - 1))) i--;
        }
        return i;
    }

    private static boolean blank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static int offset(JsonParser p) {
        return (int) p.currentTokenLocation().getCharOffset();
    }

    private record Splice(int start, int end, String with) {}

    private record Obj(int open, List<Member> members) {}

    private static final class Member {
        final String name;
        final int nameStart;
        int valueStart;
        int valueEnd;
        Obj inner; // read into: params, and its _meta

        Member(String name, int nameStart) {
            this.name = name;
            this.nameStart = nameStart;
        }
    }
}
