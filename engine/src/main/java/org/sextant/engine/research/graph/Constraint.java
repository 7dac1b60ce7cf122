package org.sextant.engine.research.graph;

/** "left op right" between two numeric parameters, e.g. fast.length &lt; slow.length. */
public record Constraint(String leftNode, String leftParam, String op, String rightNode, String rightParam) {

    boolean holds(double left, double right) {
        return switch (op) {
            case "<" -> left < right;
            case "<=" -> left <= right;
            case ">" -> left > right;
            case ">=" -> left >= right;
            case "!=" -> left != right;
            default -> throw new IllegalStateException(op);
        };
    }

    @Override
    public String toString() {
        return leftNode + "." + leftParam + " " + op + " " + rightNode + "." + rightParam;
    }
}
