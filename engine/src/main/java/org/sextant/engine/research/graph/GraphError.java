package org.sextant.engine.research.graph;

/**
 * One readable problem in a graph spec: the node at fault (null for the document), the field
 * path inside the spec (e.g. "nodes.fast.params.length"), what is wrong and how to fix it.
 */
public record GraphError(String node, String field, String message, String fix) {
    @Override
    public String toString() {
        return field + ": " + message + (fix == null ? "" : " (" + fix + ")");
    }
}
