package org.sextant.engine.research.graph;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.sextant.engine.SextantException;

/**
 * What compose_graph answers: the runnable graph (null when there are errors), how many
 * configurations it spans, every error found (not just the first), and warnings.
 */
public record ComposeResult(ComposedGraph graph, long configurations, List<GraphError> errors, List<String> warnings) {

    public boolean ok() {
        return errors.isEmpty();
    }

    /**
     * The JSON-ready answer of compose_graph: ok, configurations, errors (node, field, message,
     * fix), warnings, and for a valid spec the runnable graph: root, nodes in evaluation order
     * with their inputs and every parameter value, constraints.
     */
    public Map<String, Object> toWire() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", ok());
        m.put("configurations", configurations);
        m.put("errors", errors);
        m.put("warnings", warnings);
        if (graph != null) {
            Map<String, Object> g = new LinkedHashMap<>();
            g.put("version", graph.version());
            g.put("name", graph.name());
            g.put("root", graph.root());
            List<Map<String, Object>> nodes = new ArrayList<>();
            for (ComposedNode n : graph.nodes()) {
                Map<String, Object> node = new LinkedHashMap<>();
                node.put("id", n.id());
                node.put("type", n.type().name());
                node.put("inputs", n.inputs());
                node.put("params", n.params());
                nodes.add(node);
            }
            g.put("nodes", nodes);
            g.put("constraints", graph.constraints().stream().map(Constraint::toString).toList());
            m.put("graph", g);
        }
        return m;
    }

    /** The graph, or an invalid_input failure naming the first error's field and listing all. */
    public ComposedGraph requireOk() {
        if (ok()) return graph;
        GraphError first = errors.get(0);
        String all = errors.stream().map(GraphError::toString).collect(Collectors.joining("; "));
        throw SextantException.invalid(first.field(), "the strategy graph is invalid: " + all, first.fix());
    }
}
