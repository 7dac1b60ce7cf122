package org.sextant.engine.research.graph;

import java.util.List;
import java.util.Map;

/** A validated node: its type, the node feeding each input port, and every value of each parameter. */
public record ComposedNode(String id, NodeType type, Map<String, String> inputs, Map<String, List<Object>> params) {}
