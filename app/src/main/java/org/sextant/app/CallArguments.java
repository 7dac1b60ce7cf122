package org.sextant.app;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The arguments a command sends with one engine call, in the order given. An option the person
 * left out is not sent, so the engine's own default applies, as it does for an agent. Each field
 * the person gave is recorded with how they typed it (--trust for default_trust), so that the
 * engine's refusal of it is printed in those words ({@link CliWording}).
 */
final class CallArguments {
    private final Map<String, Object> values = new LinkedHashMap<>();
    private final Map<String, String> typed = new LinkedHashMap<>();

    /** Sends {@code value} as {@code field}, which the command sets itself (no option of the person's). */
    CallArguments put(String field, Object value) {
        values.put(field, value);
        return this;
    }

    /** Sends {@code value} as {@code field}, which the person gives as {@code typed}: an option (--trust) or an argument (FILE). */
    CallArguments put(String field, String typed, Object value) {
        this.typed.put(field, typed);
        return put(field, value);
    }

    /** {@link #put(String, String, Object)} only when the person gave it (not null). */
    CallArguments putGiven(String field, String typed, Object value) {
        this.typed.put(field, typed);
        if (value != null) values.put(field, value);
        return this;
    }

    Map<String, Object> map() {
        return values;
    }

    /** How the engine's refusal of this call reads on the command line. */
    CliWording wording(String capability) {
        return new CliWording(capability, typed);
    }
}
