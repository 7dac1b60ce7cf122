package org.sextant.engine.sql;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.sextant.engine.SextantException;
import tools.jackson.databind.JsonNode;

/**
 * Checks DuckDB's parse tree (json_serialize_sql) of one SELECT. Everything not known to be
 * read-only and local is refused: node kinds are allowlisted, every table reference must be a
 * table or view of the store or a CTE in scope, every table function must be on a short list,
 * every called function must be a built-in that is not denied. The walk descends into every
 * field, so subqueries, CTEs, lateral joins, PIVOT sources and lambdas get the same rules.
 */
final class SqlGuard {
    private static final Set<String> QUERY_NODES = Set.of("SELECT_NODE", "SET_OPERATION_NODE", "RECURSIVE_CTE_NODE", "CTE_NODE");
    static final Set<String> DML_NODES = Set.of("INSERT_QUERY_NODE", "UPDATE_QUERY_NODE", "DELETE_QUERY_NODE", "MERGE_INTO_QUERY_NODE");
    private static final Set<String> TABLE_REFS = Set.of("BASE_TABLE", "TABLE_FUNCTION", "JOIN", "SUBQUERY", "EMPTY",
            "EXPRESSION_LIST", "PIVOT", "SHOW_REF");
    /** Every TableReferenceType DuckDB serializes; the ones not in TABLE_REFS are refused. */
    private static final Set<String> ALL_TABLE_REF_TYPES = Set.of("INVALID", "BASE_TABLE", "SUBQUERY", "JOIN",
            "TABLE_FUNCTION", "EXPRESSION_LIST", "CTE", "EMPTY", "PIVOT", "SHOW_REF", "COLUMN_DATA", "DELIM_GET", "BOUND_TABLE_REF");
    private static final Set<String> EXPRESSIONS = Set.of("BETWEEN", "CASE", "CAST", "COLLATE", "COLUMN_REF", "COMPARISON",
            "CONJUNCTION", "CONSTANT", "FUNCTION", "LAMBDA", "LAMBDA_REF", "OPERATOR", "POSITIONAL_REFERENCE", "STAR",
            "SUBQUERY", "WINDOW", "TYPE");

    private final Set<String> storeTables;
    private final String storeCatalog;
    private final FunctionPolicy functions;

    /**
     * @param storeTables  lower-case names of the store's tables and views (schema main)
     * @param storeCatalog the store's catalog name (the database file's stem)
     */
    SqlGuard(Set<String> storeTables, String storeCatalog, FunctionPolicy functions) {
        this.storeTables = storeTables;
        this.storeCatalog = storeCatalog.toLowerCase(Locale.ROOT);
        this.functions = functions;
    }

    /** Checks one statement's parse tree; throws the refusal for the first offending node. */
    void check(JsonNode statement) {
        visit(statement, Set.of());
    }

    private void visit(JsonNode n, Set<String> ctes) {
        if (n == null) return;
        if (n.isArray()) {
            for (JsonNode child : n) visit(child, ctes);
            return;
        }
        if (!n.isObject()) return;
        Set<String> scope = ctes;
        JsonNode cteMap = n.get("cte_map");
        if (cteMap != null) scope = visitCtes(cteMap, ctes);
        String cls = text(n, "class");
        String type = text(n, "type");
        if (cls != null) {
            checkExpression(n, cls, scope);
        } else if (type != null && type.endsWith("_NODE")) {
            if (DML_NODES.contains(type)) { // DuckDB 2 parses DML inside a CTE; 1.4 refused to serialize it
                throw refuse(type.substring(0, type.indexOf('_')) + " inside a query modifies the store: the SQL console only reads",
                        "keep only SELECTs inside WITH (…)");
            }
            if (!QUERY_NODES.contains(type)) {
                throw refuse("unsupported query construct " + type, "write a plain SELECT, WITH…SELECT, UNION/EXCEPT/INTERSECT");
            }
        } else if (type != null && (ALL_TABLE_REF_TYPES.contains(type) || (n.has("sample") && n.has("alias")))) {
            if (checkTableRef(n, type, scope)) return;
        }
        for (Map.Entry<String, JsonNode> field : n.properties()) {
            if (field.getKey().equals("cte_map")) continue;
            visit(field.getValue(), scope);
        }
    }

    /**
     * A CTE sees the ones declared before it; it sees itself only when it is recursive (in a
     * plain CTE its own name means the outer table, so "x.csv" there would be a file scan).
     */
    private Set<String> visitCtes(JsonNode cteMap, Set<String> outer) {
        Set<String> scope = new HashSet<>(outer);
        for (JsonNode entry : cteMap.path("map")) {
            String name = entry.path("key").asString("").toLowerCase(Locale.ROOT);
            JsonNode value = entry.get("value");
            JsonNode query = value == null ? null : value.has("query_node") ? value.path("query_node") : value.path("query").path("node"); // DuckDB 2 : 1.4
            boolean recursive = "RECURSIVE_CTE_NODE".equals(query == null ? null : text(query, "type"));
            if (recursive) scope.add(name);
            visit(value, Set.copyOf(scope));
            scope.add(name);
        }
        return Set.copyOf(scope);
    }

    private void checkExpression(JsonNode n, String cls, Set<String> scope) {
        if ("PARAMETER".equals(cls)) {
            throw refuse("query parameters ($1, ?) are not supported", "write the values into the SQL text");
        }
        if (!EXPRESSIONS.contains(cls)) {
            throw refuse("unsupported expression " + cls, "rewrite the expression with plain operators and functions");
        }
        if ("TYPE".equals(cls)) { // DuckDB 2: a CAST's target type; its children are the type's parameters
            checkQualifier(text(n, "type_name"), text(n, "catalog"), text(n, "schema"));
            return;
        }
        if (("FUNCTION".equals(cls) || "WINDOW".equals(cls)) && text(n, "function_name") == null) {
            throw refuse("unsupported function call form", "call functions by name: name(arguments)");
        }
        if ("FUNCTION".equals(cls)) {
            String name = text(n, "function_name");
            checkQualifier(name, text(n, "catalog"), text(n, "schema"));
            String denied = functions.refusal(name);
            if (denied != null) throw refuseFunction(name, denied);
            if (FunctionPolicy.isAllowedTable(name) && !functions.isAllowedScalar(name)) {
                throw refuse(name + " is a table function", "use it in FROM: SELECT * FROM " + name + "(…)");
            }
            if (!functions.isAllowedScalar(name)) {
                throw refuse("unknown function " + name + ": only DuckDB's built-in functions can be called",
                        "check the spelling against DuckDB's function list (https://duckdb.org/docs/sql/functions/overview)");
            }
            BuiltValueSizes.check(n);
        } else if ("WINDOW".equals(cls)) {
            String name = text(n, "function_name");
            checkQualifier(name, text(n, "catalog"), text(n, "schema"));
            String denied = functions.refusal(name);
            if (denied != null) throw refuseFunction(name, denied);
            if (!functions.isAllowedWindow(name)) {
                throw refuse("unknown window function " + name, "use a built-in window or aggregate function (lag, lead, avg, …)");
            }
        }
    }

    /** @return true when the node's children were already visited */
    private boolean checkTableRef(JsonNode n, String type, Set<String> scope) {
        if (!TABLE_REFS.contains(type)) {
            throw refuse("unsupported FROM item " + type, "select from the store's tables (" + tableList() + ")");
        }
        switch (type) {
            case "BASE_TABLE" -> checkBaseTable(n, scope);
            case "TABLE_FUNCTION" -> {
                JsonNode fn = n.path("function");
                String name = text(fn, "function_name");
                if (name == null) throw refuse("unsupported table function call", "use range, generate_series, unnest or resample_bars");
                checkQualifier(name, text(fn, "catalog"), text(fn, "schema"));
                String denied = FunctionPolicy.deniedReason(name);
                if (denied != null) throw refuseFunction(name, denied);
                if (!FunctionPolicy.isAllowedTable(name)) {
                    throw refuse("table function " + name + " is not allowed: only range, generate_series, unnest and the store's resample_bars give rows here",
                            "select from the store's tables (" + tableList() + ")");
                }
                // the call itself is checked; its arguments are ordinary expressions
                for (Map.Entry<String, JsonNode> field : fn.properties()) visit(field.getValue(), scope);
                for (Map.Entry<String, JsonNode> field : n.properties()) {
                    if (!field.getKey().equals("function")) visit(field.getValue(), scope);
                }
                return true;
            }
            case "SHOW_REF" -> {
                String shown = text(n, "table_name");
                if (n.path("query").isNull() || n.path("query").isMissingNode() || (shown != null && !shown.isEmpty())) {
                    throw refuse("SHOW/DESCRIBE of a catalog object reveals settings or host paths",
                            "call get_db_schema for the tables and columns, or DESCRIBE/SUMMARIZE a query: SUMMARIZE SELECT * FROM prices");
                }
            }
            default -> { }
        }
        return false;
    }

    private void checkBaseTable(JsonNode n, Set<String> scope) {
        String name = text(n, "table_name");
        String catalog = lower(text(n, "catalog_name"));
        String schema = lower(text(n, "schema_name"));
        String lname = lower(name);
        if (catalog.isEmpty() && schema.isEmpty() && scope.contains(lname)) return;
        boolean ownCatalog = catalog.isEmpty() || catalog.equals(storeCatalog);
        // "t.prices" names catalog t when no schema t exists: accept the store's own catalog there too
        boolean ownSchema = schema.isEmpty() || schema.equals("main") || (catalog.isEmpty() && schema.equals(storeCatalog));
        if (!ownCatalog || !ownSchema) {
            String qualified = (catalog.isEmpty() ? "" : catalog + ".") + (schema.isEmpty() ? "" : schema + ".") + name;
            throw refuse(qualified + " is outside the store (system catalogs, information_schema and attached databases reveal settings or host paths): only the store's tables can be queried (" + tableList() + ")",
                    "select from " + tableList() + "; call get_db_schema for their columns");
        }
        if (storeTables.contains(lname)) return;
        if (lname.contains(".") || lname.contains("/") || lname.contains("\\") || lname.contains(":") || lname.contains("*")) {
            throw refuse("'" + name + "' names a file: reading host files is not allowed (replacement scan); only the store's tables can be queried (" + tableList() + ")",
                    "import the file into the store first (the app's Import, or the import tool), then select from prices");
        }
        String denied = FunctionPolicy.deniedReason(lname);
        if (denied != null) throw refuseFunction(lname, denied);
        throw refuse("unknown table " + name + ": only the store's tables can be queried (" + tableList() + ")",
                "select from " + tableList() + "; call get_db_schema for their columns");
    }

    private void checkQualifier(String name, String catalog, String schema) {
        String c = lower(catalog);
        String s = lower(schema);
        boolean okCatalog = c.isEmpty() || c.equals("system");
        boolean okSchema = s.isEmpty() || s.equals("main");
        if (!okCatalog || !okSchema) {
            throw refuse("function " + (c.isEmpty() ? "" : c + ".") + (s.isEmpty() ? "" : s + ".") + name
                    + " is qualified with a schema other than DuckDB's built-ins", "call the function without a schema: " + name + "(…)");
        }
    }

    private SextantException refuseFunction(String name, String reason) {
        String fix = switch (reason) {
            case FunctionPolicy.FILES -> "import the file into the store first, then select from prices (" + tableList() + ")";
            case FunctionPolicy.SETTINGS -> "call get_db_schema for tables and columns; settings and host paths are not exposed";
            case FunctionPolicy.NESTED -> "write the query itself instead of passing SQL text to a function";
            default -> "remove " + name + ": the SQL console only reads";
        };
        return refuse(name + " " + reason + ": only the store's tables can be queried (" + tableList() + ")", fix);
    }

    private String tableList() {
        List<String> names = storeTables.stream().sorted((a, b) -> rank(a) - rank(b) != 0 ? rank(a) - rank(b) : a.compareTo(b)).toList();
        return String.join(", ", names);
    }

    private static int rank(String table) {
        return switch (table) {
            case "prices" -> 0;
            case "symbols" -> 1;
            case "schema_version" -> 9;
            default -> 5;
        };
    }

    static SextantException refuse(String why, String fix) {
        return SextantException.invalid("sql", "refused: " + why, fix);
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v != null && v.isString() ? v.asString() : null;
    }

    private static String lower(String s) {
        return s == null ? "" : s.toLowerCase(Locale.ROOT);
    }
}
