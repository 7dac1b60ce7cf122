package org.sextant.engine.research.graph;

import java.util.List;
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

    /** The graph, or an invalid_input failure naming the first error's field and listing all. */
    public ComposedGraph requireOk() {
        if (ok()) return graph;
        GraphError first = errors.get(0);
        String all = errors.stream().map(GraphError::toString).collect(Collectors.joining("; "));
        throw SextantException.invalid(first.field(), "the strategy graph is invalid: " + all, first.fix());
    }
}
