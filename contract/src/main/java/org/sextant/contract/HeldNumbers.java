package org.sextant.contract;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON numbers as the double a tool reads: 1e400 is past every double (a reader makes it Infinity,
 * which JSON cannot write back), 1e-400 is not 0 yet a double holds it as 0. Read exactly (a
 * {@code BigDecimal}), such a number is refused naming where it stood; any other is held as its
 * double before the schema checks it, so the value checked is the value the tool gets. A number is
 * shown short: a 999-digit one is "about 1.23457e998", not its digits.
 */
public final class HeldNumbers {
    private HeldNumbers() {}

    /** Digits a number is shown with before it is written as "about 1.23457e998". */
    static final int SHOWN_DIGITS = 20;

    /** A number a double does not hold, where it stood ("limit", "levels[0]", "spec.nodes.a.window") and why. */
    public record Unheld(List<Object> path, JsonNode number, boolean tooLarge) {
        /** "1e400 is a number too large (a double holds at most 1.8e308 in size)". */
        public String problem() {
            // a reader of doubles has made it Infinity already: what was sent is gone
            String sent = exact(number) ? shown(number) + " is a number" : "the number is";
            return sent + (tooLarge ? " too large (a double holds at most 1.8e308 in size)"
                    : " too small (a double holds none between 0 and 4.9e-324 in size: it would read as 0)");
        }
    }

    /**
     * "1e2147483648 has an exponent past ±2147483647: no double holds it (…)": such a number no exact reader holds either
     * (its exponent is an int), so a reader of exact fractions throws instead of reading it; {@code sent} is its text.
     */
    public static String pastEveryExponent(String sent) {
        return ShownText.name(sent) + " has an exponent past \u00b12147483647: no double holds it (1.8e308 at most in size, 4.9e-324 at least)";
    }

    /**
     * The first number a double does not hold in the JSON document {@code text} (a strategy spec sent as a string), read
     * {@link JsonLimits#exact exactly}; null when there is none or the text is no JSON its reader takes (its reader says why).
     */
    public static Unheld firstInText(String text) {
        try {
            return first(JsonLimits.exact().readTree(text));
        } catch (tools.jackson.core.JacksonException | NumberFormatException unread) {
            return null;
        }
    }

    /** The first number of {@code tree} a double does not hold, in document order; null when there is none. */
    public static Unheld first(JsonNode tree) {
        return first(tree, new ArrayList<>());
    }

    private static Unheld first(JsonNode n, List<Object> path) {
        if (n == null) return null;
        if (n.isNumber()) {
            double d = asDouble(n);
            if (Double.isInfinite(d)) return new Unheld(List.copyOf(path), n, true);
            if (d == 0 && n.isBigDecimal() && n.decimalValue().signum() != 0) return new Unheld(List.copyOf(path), n, false);
            return null;
        }
        int i = 0;
        for (Map.Entry<String, JsonNode> e : n.isObject() ? n.properties() : java.util.Set.<Map.Entry<String, JsonNode>>of()) {
            path.add(e.getKey());
            Unheld u = first(e.getValue(), path);
            path.remove(path.size() - 1);
            if (u != null) return u;
        }
        for (JsonNode item : n.isArray() ? n.values() : List.<JsonNode>of()) {
            path.add(i++);
            Unheld u = first(item, path);
            path.remove(path.size() - 1);
            if (u != null) return u;
        }
        return null;
    }

    /**
     * {@code tree} with each exact fraction as its double and -0.0 as 0, as a tool reads them; {@code tree} itself when
     * it has none. Call it on a tree {@link #first} found nothing in.
     */
    public static JsonNode held(JsonNode tree) {
        if (tree.isBigDecimal() || tree.isDouble() && tree.doubleValue() == 0 && 1 / tree.doubleValue() < 0) {
            return JsonNodeFactory.instance.numberNode(asDouble(tree) + 0.0); // + 0.0: -0.0 becomes 0.0
        }
        if (tree.isObject()) {
            ObjectNode out = null;
            for (Map.Entry<String, JsonNode> e : tree.properties()) {
                JsonNode h = held(e.getValue());
                if (h != e.getValue()) (out = out == null ? ((ObjectNode) tree).deepCopy() : out).set(e.getKey(), h);
            }
            return out == null ? tree : out;
        }
        if (tree.isArray()) {
            tools.jackson.databind.node.ArrayNode out = null;
            for (int i = 0; i < tree.size(); i++) {
                JsonNode h = held(tree.get(i));
                if (h != tree.get(i)) (out = out == null ? ((tools.jackson.databind.node.ArrayNode) tree).deepCopy() : out).set(i, h);
            }
            return out == null ? tree : out;
        }
        return tree;
    }

    /** The double a reader makes of it: Infinity past the range (JsonNode.asDouble refuses such a number). */
    private static double asDouble(JsonNode number) {
        return number.numberValue().doubleValue();
    }

    /** Whether the number is as it was sent: exact, or a finite double. */
    private static boolean exact(JsonNode number) {
        return number.isBigDecimal() || number.isBigInteger() || Double.isFinite(asDouble(number));
    }

    /** A number as an error shows it when its text {@code sent} is known: that text when short ("1e0", not 1), else as {@link #shown(JsonNode)}. */
    public static String shown(JsonNode number, String sent) {
        return sent.length() <= SHOWN_DIGITS ? sent : shown(number);
    }

    /** A number as an error shows it: as sent when short ("0.95", "9223372036854775808"), else "1e400", "about 1.23457e998". */
    public static String shown(JsonNode number) {
        String text = number.toString();
        if (!exact(number)) return text;
        if (text.length() <= SHOWN_DIGITS && text.indexOf('E') < 0 && text.indexOf('e') < 0) return text;
        BigDecimal exact = number.decimalValue().stripTrailingZeros();
        BigDecimal six = exact.round(new MathContext(6)).stripTrailingZeros();
        String digits = six.unscaledValue().abs().toString();
        long exponent = (long) digits.length() - 1 - six.scale();
        String mantissa = digits.charAt(0) + (digits.length() > 1 ? "." + digits.substring(1) : "");
        return (six.compareTo(exact) != 0 ? "about " : "") + (six.signum() < 0 ? "-" : "") + mantissa + "e" + exponent;
    }
}
