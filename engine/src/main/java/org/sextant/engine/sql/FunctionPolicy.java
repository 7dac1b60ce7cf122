package org.sextant.engine.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which functions a read-only query may call. Scalar, aggregate and macro functions: DuckDB's
 * own built-in list (read from duckdb_functions() of the open store, so an upgrade that adds a
 * harmless function needs no code change) minus a denylist of names and name families that
 * read files, reveal settings or host paths, run nested SQL text, or change state. Table
 * functions: a short allowlist, because nearly every other DuckDB table function reads files
 * or describes the host.
 */
final class FunctionPolicy {
    /** The only table functions allowed in FROM: they generate rows, they read nothing. */
    static final Set<String> TABLE_FUNCTIONS = Set.of("range", "generate_series", "unnest");

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

    private final Set<String> builtins;

    private FunctionPolicy(Set<String> builtins) {
        this.builtins = builtins;
    }

    /** Reads the built-in scalar, aggregate and macro names from the store's DuckDB. */
    static FunctionPolicy load(Connection c) throws Exception {
        Set<String> names = new HashSet<>();
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT DISTINCT lower(function_name) FROM duckdb_functions() "
                     + "WHERE database_name = 'system' AND function_type IN ('scalar', 'aggregate', 'macro')")) {
            while (r.next()) names.add(r.getString(1));
        }
        return new FunctionPolicy(names);
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

    boolean isAllowedScalar(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return deniedReason(n) == null && (builtins.contains(n) || SPECIAL_SCALARS.contains(n));
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
        for (String n : builtins) if (deniedReason(n) == null) out.add(n);
        return out;
    }
}
