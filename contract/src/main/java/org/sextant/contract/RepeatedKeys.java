package org.sextant.contract;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.databind.ObjectReader;

/**
 * An object of a JSON text that names one key twice: a plain reader keeps the last value without a
 * word, so which one the writer meant would be a guess. Read {@link #strict} and ask {@link #path}
 * where the refusal stood; the key path is all an error shows of the text.
 */
public final class RepeatedKeys {
    private RepeatedKeys() {}

    /** {@code reader} refusing a key given twice in one object. */
    public static ObjectReader strict(ObjectReader reader) {
        return reader.with(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    }

    /**
     * The keys and indexes from the document down to the repeated key when {@code e} is a strict
     * reader's refusal of one ("nodes", "slow"; an index as an Integer), else null. The parser that
     * refused still stands in the object holding the key, even when it is closed.
     */
    public static List<Object> path(JacksonException e) {
        String said = e.getOriginalMessage();
        if (said == null || !said.startsWith("Duplicate Object property") || !(e.processor() instanceof JsonParser parser)) return null;
        return at(parser);
    }

    /** The keys and indexes from the document down to where {@code parser} stands (a key or value of that path). */
    public static List<Object> at(JsonParser parser) {
        Deque<Object> path = new ArrayDeque<>();
        for (TokenStreamContext c = parser.streamReadContext(); c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inObject()) path.addFirst(c.currentName() == null ? "" : c.currentName());
            else path.addFirst(Math.max(0, c.getCurrentIndex()));
        }
        return List.copyOf(path);
    }

    /** Segments {@link #shown} names at most: its first and last ones, for a path 500 levels deep is no field name. */
    static final int SHOWN_SEGMENTS = 8;

    /**
     * The path as a field is named ("nodes.slow", "constraints[1].x"), each key as {@link ShownText#name}
     * shows it; a deeper path keeps its first and last segments around "…".
     */
    public static String shown(List<Object> path) {
        StringBuilder out = new StringBuilder();
        int n = path.size(), head = SHOWN_SEGMENTS / 2, tail = SHOWN_SEGMENTS - head;
        for (int k = 0; k < n; k++) {
            if (n > SHOWN_SEGMENTS && k == head) {
                out.append(".\u2026");
                k = n - tail - 1;
                continue;
            }
            if (path.get(k) instanceof Integer i) out.append('[').append(i).append(']');
            else out.append(out.isEmpty() ? "" : ".").append(((String) path.get(k)).isEmpty() ? "\"\"" : ShownText.name((String) path.get(k)));
        }
        return out.toString();
    }
}
