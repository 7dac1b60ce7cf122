package org.sextant.engine.research.graph;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A runnable strategy graph: nodes in evaluation order (inputs before users), the root
 * execution node, the constraints between parameters, and the configurations they span.
 * Configuration k is decoded from the parameter value lists in mixed radix (nodes in order,
 * parameters in catalogue order); with constraints, only the combinations that satisfy them are
 * numbered.
 */
public final class ComposedGraph {
    private final int version;
    private final String name;
    private final List<ComposedNode> nodes;
    private final String root;
    private final List<Constraint> constraints;
    private final List<String[]> axes = new ArrayList<>();     // {node, param} with values
    private final int[] radix;
    private final int[][] valid;                               // null when unconstrained
    private final long configurations;

    ComposedGraph(int version, String name, List<ComposedNode> nodes, String root, List<Constraint> constraints, long limit) {
        this.version = version;
        this.name = name;
        this.nodes = List.copyOf(nodes);
        this.root = root;
        this.constraints = List.copyOf(constraints);
        List<Integer> r = new ArrayList<>();
        long product = 1;
        for (ComposedNode n : nodes) {
            for (ParamSpec p : n.type().params()) {
                axes.add(new String[]{n.id(), p.name()});
                int size = n.params().get(p.name()).size();
                r.add(size);
                product = Math.multiplyExact(product, size);
            }
        }
        radix = r.stream().mapToInt(Integer::intValue).toArray();
        if (constraints.isEmpty() || product > limit) {
            valid = null;
            configurations = product;
        } else {
            List<int[]> ok = new ArrayList<>();
            int[] digits = new int[radix.length];
            for (long k = 0; k < product; k++) {
                decode(k, digits);
                if (satisfies(digits)) ok.add(digits.clone());
            }
            valid = ok.toArray(new int[0][]);
            configurations = valid.length;
        }
    }

    public int version() { return version; }

    public String name() { return name; }

    public List<ComposedNode> nodes() { return nodes; }

    public String root() { return root; }

    public List<Constraint> constraints() { return constraints; }

    public long configurations() { return configurations; }

    public ComposedNode node(String id) {
        for (ComposedNode n : nodes) if (n.id().equals(id)) return n;
        return null;
    }

    /** Parameter values of configuration k: node id -> parameter -> value. */
    public Map<String, Map<String, Object>> configuration(long k) {
        if (k < 0 || k >= configurations) throw new IndexOutOfBoundsException("configuration " + k + " of " + configurations);
        int[] digits = new int[radix.length];
        if (valid != null) digits = valid[(int) k]; else decode(k, digits);
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        for (int i = 0; i < axes.size(); i++) {
            String[] a = axes.get(i);
            out.computeIfAbsent(a[0], x -> new LinkedHashMap<>()).put(a[1], node(a[0]).params().get(a[1]).get(digits[i]));
        }
        return out;
    }

    /** Only the parameters that vary across configurations, as "node.param" -> value. */
    public Map<String, Object> varying(long k) {
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Map<String, Object>> all = configuration(k);
        for (int i = 0; i < axes.size(); i++) {
            if (radix[i] > 1) out.put(axes.get(i)[0] + "." + axes.get(i)[1], all.get(axes.get(i)[0]).get(axes.get(i)[1]));
        }
        return out;
    }

    /**
     * The distinct values of node {@code id}'s own parameters across the configurations, with the
     * constraints applied as the sweep applies them: what a node computed once per value set
     * (a forecast node's fits) computes. Parameter name -> value, in catalogue order.
     */
    public List<Map<String, Object>> nodeValues(String id) {
        List<Integer> mine = new ArrayList<>();
        for (int i = 0; i < axes.size(); i++) if (axes.get(i)[0].equals(id)) mine.add(i);
        java.util.Set<List<Integer>> seen = new java.util.LinkedHashSet<>();
        if (valid != null) {
            for (int[] digits : valid) seen.add(mine.stream().map(i -> digits[i]).toList());
        } else {
            int[] digits = new int[mine.size()];
            long product = 1;
            for (int i : mine) product *= radix[i];
            for (long k = 0; k < product; k++) {
                long rest = k;
                for (int j = mine.size() - 1; j >= 0; j--) {
                    digits[j] = (int) (rest % radix[mine.get(j)]);
                    rest /= radix[mine.get(j)];
                }
                seen.add(java.util.Arrays.stream(digits).boxed().toList());
            }
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (List<Integer> d : seen) {
            Map<String, Object> values = new LinkedHashMap<>();
            for (int j = 0; j < mine.size(); j++) {
                String param = axes.get(mine.get(j))[1];
                values.put(param, node(id).params().get(param).get(d.get(j)));
            }
            out.add(values);
        }
        return out;
    }

    private void decode(long k, int[] digits) {
        for (int i = radix.length - 1; i >= 0; i--) {
            digits[i] = (int) (k % radix[i]);
            k /= radix[i];
        }
    }

    private boolean satisfies(int[] digits) {
        for (Constraint c : constraints) {
            double l = value(c.leftNode(), c.leftParam(), digits), r = value(c.rightNode(), c.rightParam(), digits);
            if (!c.holds(l, r)) return false;
        }
        return true;
    }

    private double value(String nodeId, String param, int[] digits) {
        for (int i = 0; i < axes.size(); i++) {
            if (axes.get(i)[0].equals(nodeId) && axes.get(i)[1].equals(param)) {
                return ((Number) node(nodeId).params().get(param).get(digits[i])).doubleValue();
            }
        }
        throw new IllegalStateException("no parameter " + nodeId + "." + param);
    }
}
