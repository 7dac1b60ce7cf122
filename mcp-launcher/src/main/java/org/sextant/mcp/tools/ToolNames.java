package org.sextant.mcp.tools;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Some clients send a tool name with their own connector prefix ("sextant___list_symbols").
 * The canonical name is the longest known tool name that ends the requested one right after a
 * separator.
 */
public final class ToolNames {
    /** Prefixes registered as hidden aliases with the SDK (it routes exact names only). */
    public static final List<String> ALIAS_PREFIXES = List.of("sextant___", "sextant__", "mcp__sextant__");

    private static final List<String> SEPARATORS = List.of("__", ".", ":", "/");

    private ToolNames() {}

    public static Optional<String> canonical(String requested, Set<String> known) {
        if (requested == null) return Optional.empty();
        if (known.contains(requested)) return Optional.of(requested);
        String best = null;
        for (String name : known) {
            if (!requested.endsWith(name) || requested.length() == name.length()) continue;
            String prefix = requested.substring(0, requested.length() - name.length());
            if (SEPARATORS.stream().anyMatch(prefix::endsWith) && (best == null || name.length() > best.length())) {
                best = name;
            }
        }
        return Optional.ofNullable(best);
    }
}
