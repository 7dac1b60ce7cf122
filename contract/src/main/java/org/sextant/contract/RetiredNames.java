package org.sextant.contract;

import java.util.Map;
import java.util.Optional;

/**
 * Names the API accepted before 1.0 and no longer does, with the name that replaced each. Nothing
 * maps an old name to the new one: a call that uses one is refused, and the refusal names the
 * replacement, so a caller's fix is one edit.
 */
public final class RetiredNames {
    /** Argument name -> its replacement. */
    private static final Map<String, String> ARGUMENTS = Map.of("every", "origins");
    /** Argument -> its retired values -> their replacements. */
    private static final Map<String, Map<String, String>> VALUES = Map.of("model", Map.of("theta_opt", "otm"), "mode", Map.of("euclidean", "soft"));

    private RetiredNames() {}

    /** The argument that replaced {@code name} in a schema that declares it, if {@code name} is retired. */
    public static Optional<String> argument(String name, Map<String, Object> schema) {
        String now = ARGUMENTS.get(name);
        return now != null && schema.get("properties") instanceof Map<?, ?> p && p.containsKey(now) ? Optional.of(now) : Optional.empty();
    }

    /** The value of {@code argument} that replaced {@code value}, if it is a retired one. */
    public static Optional<String> value(String argument, String value) {
        return value == null ? Optional.empty()
                : Optional.ofNullable(VALUES.getOrDefault(argument, Map.of()).get(value.trim().toLowerCase(java.util.Locale.ROOT)));
    }

    /** "'every' was renamed 'origins' before 1.0", the words every refusal of a retired name uses. */
    public static String renamed(String old, String now) {
        return "'" + old + "' was renamed '" + now + "' before 1.0";
    }
}
