package org.sextant.engine.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which functions a read-only query may call. Scalar, aggregate and macro functions: DuckDB's
 * own built-in list (read from duckdb_functions() of the open store, so an upgrade that adds a
 * harmless function needs no code change) minus a denylist of names and name families that
 * read files, reveal settings or host paths, run nested SQL text, or change state. Table
 * functions: a short allowlist, because nearly every other DuckDB table function reads files
 * or describes the host.
 */
final class FunctionPolicy {
    /**
     * The only table functions allowed in FROM: the row generators, which read nothing, and the
     * store's own resample_bars macro (V040__bars.sql), which reads only the store's bars.
     */
    static final Set<String> TABLE_FUNCTIONS = Set.of("range", "generate_series", "unnest", "resample_bars");

    /** Window-only functions (not listed by duckdb_functions()). */
    static final Set<String> WINDOW_FUNCTIONS = Set.of("row_number", "rank", "dense_rank", "rank_dense",
            "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value", "last_value", "nth_value", "fill");

    /** Parser-level functions DuckDB resolves itself (not listed by duckdb_functions()). */
    static final Set<String> SPECIAL_SCALARS = Set.of("unnest", "unlist", "grouping", "grouping_id", "try");

    /** Exact names refused, with the reason the user reads. */
    private static final Map<String, String> DENIED = new LinkedHashMap<>();
    /** Name prefixes refused (also catches functions a later DuckDB adds to these families). */
    private static final Map<String, String> DENIED_PREFIXES = new LinkedHashMap<>();

    static final String FILES = "reads host files";
    static final String SETTINGS = "reveals settings or host paths";
    static final String NESTED = "runs nested SQL text";
    static final String STATE = "changes database state";

    static {
        for (String f : List.of("glob", "sniff_csv", "arrow_scan", "arrow_scan_dumb", "seq_scan", "parquet_scan")) DENIED.put(f, FILES);
        for (String f : List.of("getenv", "current_setting", "which_secret", "summary", "test_all_types", "test_vector_types",
                "get_block_size", "icu_calendar_names", "pg_timezone_names")) DENIED.put(f, SETTINGS);
        for (String f : List.of("query", "query_table", "sql_auto_complete", "json_serialize_plan", "json_serialize_sql",
                "json_deserialize_sql", "json_execute_serialized_sql")) DENIED.put(f, NESTED);
        for (String f : List.of("nextval", "currval", "setseed", "write_log", "checkpoint", "force_checkpoint",
                "enable_logging", "disable_logging", "truncate_duckdb_logs")) DENIED.put(f, STATE);
        DENIED_PREFIXES.put("read_", FILES);
        DENIED_PREFIXES.put("parquet_", FILES);
        DENIED_PREFIXES.put("duckdb_", SETTINGS);
        DENIED_PREFIXES.put("pragma_", SETTINGS);
        DENIED_PREFIXES.put("__internal", SETTINGS);
        DENIED_PREFIXES.put("json_execute", NESTED);
    }

    private static final Pattern CALL = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\s*\\(");

    private final Set<String> builtins;
    /** Built-in macros whose body calls a denied function (e.g. pg_get_viewdef reads duckdb_views()). */
    private final Map<String, String> deniedMacros;

    private FunctionPolicy(Set<String> builtins, Map<String, String> deniedMacros) {
        this.builtins = builtins;
        this.deniedMacros = deniedMacros;
    }

    /** Reads the built-in scalar, aggregate and macro names from the store's DuckDB. */
    static FunctionPolicy load(Connection c) throws Exception {
        Set<String> names = new HashSet<>();
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT DISTINCT lower(function_name) FROM duckdb_functions() "
                     + "WHERE database_name = 'system' AND function_type IN ('scalar', 'aggregate', 'macro')")) {
            while (r.next()) names.add(r.getString(1));
        }
        Map<String, String> macros = new HashMap<>();
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT lower(function_name), macro_definition FROM duckdb_functions() "
                     + "WHERE database_name = 'system' AND function_type = 'macro' AND macro_definition IS NOT NULL")) {
            while (r.next()) {
                String reason = macroReason(r.getString(2));
                if (reason != null) macros.put(r.getString(1), reason);
            }
        }
        return new FunctionPolicy(names, macros);
    }

    /** A macro inherits the refusal of any denied function its body calls. */
    static String macroReason(String definition) {
        Matcher m = CALL.matcher(definition);
        while (m.find()) {
            String reason = deniedReason(m.group(1));
            if (reason != null) return reason;
        }
        return null;
    }

    /** Why a function is refused outright, or null when the name is not denied. */
    static String deniedReason(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        String exact = DENIED.get(n);
        if (exact != null) return exact;
        for (Map.Entry<String, String> e : DENIED_PREFIXES.entrySet()) {
            if (n.startsWith(e.getKey())) return e.getValue();
        }
        return null;
    }

    /**
     * Why calling this function changes the database or runs SQL text (which may), or null: what
     * even the engine's own reads may not call. Parsing SQL text (json_serialize_sql) runs nothing.
     */
    static String writeReason(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        String reason = deniedReason(n);
        if (STATE.equals(reason)) return reason;
        return n.equals("query") || n.equals("query_table") || n.startsWith("json_execute") ? NESTED : null;
    }

    /** Why this function is refused (denylist or a macro built on a denied function), or null. */
    String refusal(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        String reason = deniedReason(n);
        return reason != null ? reason : deniedMacros.get(n);
    }

    boolean isAllowedScalar(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return refusal(n) == null && (builtins.contains(n) || SPECIAL_SCALARS.contains(n));
    }

    boolean isAllowedWindow(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return WINDOW_FUNCTIONS.contains(n) || isAllowedScalar(n);
    }

    static boolean isAllowedTable(String name) {
        return TABLE_FUNCTIONS.contains(name.toLowerCase(Locale.ROOT));
    }

    /** The allowed scalar/aggregate/macro names, for tests and documentation. */
    Set<String> allowedScalars() {
        Set<String> out = new HashSet<>();
        for (String n : builtins) if (refusal(n) == null) out.add(n);
        return out;
    }
}
