package org.sextant.app;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The arguments a command sends with one engine call, in the order given. An option the person
 * left out is not sent, so the engine's own default applies, as it does for an agent.
 */
final class CallArguments {
    private final Map<String, Object> values = new LinkedHashMap<>();

    CallArguments put(String name, Object value) {
        values.put(name, value);
        return this;
    }

    /** Sends {@code value} only when the person gave it (not null). */
    CallArguments putGiven(String name, Object value) {
        if (value != null) values.put(name, value);
        return this;
    }

    Map<String, Object> map() {
        return values;
    }
}
