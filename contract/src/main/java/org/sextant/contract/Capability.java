package org.sextant.contract;

import java.util.Map;

/**
 * One capability of the app, declared once: its name (the local API method), its class, one line
 * saying what it returns (read) or what it changes (write), and the JSON schema of its arguments
 * with their bounds. The app's route, the CLI and the launcher's tool all derive from it.
 */
public record Capability(String name, CapabilityClass capabilityClass, String effect, Map<String, Object> schema) {

    public Capability {
        if (!name.matches("[a-z][a-z0-9_]*")) throw new IllegalArgumentException("capability name must be snake_case: " + name);
        if (effect == null || effect.isBlank()) throw new IllegalArgumentException(name + ": the effect line is missing");
        schema = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(schema));
    }

    public boolean isRead() {
        return capabilityClass == CapabilityClass.READ;
    }
}
