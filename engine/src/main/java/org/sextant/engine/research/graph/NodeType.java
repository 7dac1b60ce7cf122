package org.sextant.engine.research.graph;

import java.util.List;
import java.util.Map;

/**
 * An entry of the node catalogue: what it does, the typed inputs it needs (by port name), the
 * type it gives, and its parameters.
 */
public record NodeType(String name, String category, String description, Map<String, PortType> inputs,
                       PortType output, List<ParamSpec> params) {

    public ParamSpec param(String paramName) {
        for (ParamSpec p : params) if (p.name().equals(paramName)) return p;
        return null;
    }
}
