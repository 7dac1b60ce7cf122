package org.sextant.engine.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The resample_bars calls of a checked parse tree, their symbol and source interval written as text:
 * the macro answers no rows for a symbol or interval the store does not hold, so the console checks
 * these before running, and refuses a call whose symbol or source interval is any other expression
 * (a subquery, a function, a column: only known while the query runs).
 */
final class ResampleCalls {
    /** One call: its symbol as written, and its source interval as written (null when not text). */
    record Call(String symbol, String fromInterval) {}

    private ResampleCalls() {}

    static List<Call> in(JsonNode statement) {
        List<Call> out = new ArrayList<>();
        collect(statement, out);
        return out;
    }

    private static void collect(JsonNode n, List<Call> out) {
        if (n == null) return;
        if (n.isArray()) {
            for (JsonNode child : n) collect(child, out);
            return;
        }
        if (!n.isObject()) return;
        if ("TABLE_FUNCTION".equals(n.path("type").asString(""))
                && "resample_bars".equals(n.path("function").path("function_name").asString("").toLowerCase(Locale.ROOT))) {
            List<JsonNode> args = arguments(n.path("function"));
            String symbol = args.isEmpty() ? null : literal(args.get(0), "symbol", "'IBM'");
            String from = args.size() > 1 ? literal(args.get(1), "interval", "'1d'") : null;
            if (symbol != null) out.add(new Call(symbol, from));
        }
        for (Map.Entry<String, JsonNode> field : n.properties()) collect(field.getValue(), out);
    }

    /** Positional arguments: DuckDB 2 wraps each in {name, expression}; 1.4 lists the expressions as children. */
    private static List<JsonNode> arguments(JsonNode function) {
        List<JsonNode> out = new ArrayList<>();
        if (function.has("arguments")) {
            for (JsonNode a : function.path("arguments")) {
                if (!a.path("name").asString("").isEmpty()) break; // a named argument: the positions end here
                out.add(a.path("expression"));
            }
        } else {
            for (JsonNode c : function.path("children")) out.add(c);
        }
        return out;
    }

    /**
     * The symbol or source interval as written: only text can be checked against the store before the query runs,
     * and an expression ((SELECT 'ZZZ'), lower('aa'), a column) the macro does not find would answer no rows unsaid.
     */
    private static String literal(JsonNode e, String field, String example) {
        String t = text(e);
        if (t == null) {
            throw org.sextant.engine.SextantException.invalid(field, "resample_bars takes its " + field + " as text written in the query ("
                    + example + "), not an expression or a column: the store is checked for it before the query runs",
                    "write the " + field + " as a quoted literal, e.g. resample_bars('IBM', '1d', '1w')");
        }
        return t;
    }

    /** A text constant's value, or null for any other expression. */
    private static String text(JsonNode e) {
        if (!"CONSTANT".equals(e.path("class").asString(""))) return null;
        JsonNode literal = e.path("literal"); // DuckDB 2
        if ("STRING".equals(literal.path("kind").asString(""))) return literal.path("text").asString(null);
        JsonNode value = e.path("value"); // DuckDB 1.4
        return "VARCHAR".equals(value.path("type").path("id").asString("")) && !value.path("is_null").asBoolean(false)
                ? value.path("value").asString(null) : null;
    }
}
