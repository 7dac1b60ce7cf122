package org.sextant.engine.sql;

import java.util.List;
import org.sextant.engine.SextantException;

/** Words the refusal of a text DuckDB would not serialize as one plain SELECT. */
final class Refusals {
    private Refusals() {}

    static SextantException notSelect(String sql, String duckdbMessage) {
        if (duckdbMessage.contains("CTE needs a SELECT")) {
            return SqlGuard.refuse("a WITH clause may only hold SELECTs; INSERT/UPDATE/DELETE inside a CTE modifies the store",
                    "keep only SELECTs inside WITH (…)");
        }
        String deep = tooDeep(duckdbMessage);
        if (deep != null) return SqlGuard.refuse("the SQL does not parse: " + deep, NEST_LESS);
        if (!duckdbMessage.contains("Only SELECT")) {
            return SqlGuard.refuse("the SQL does not parse: " + firstLine(duckdbMessage),
                    "fix the syntax; one SELECT or WITH…SELECT is expected (DuckDB dialect)");
        }
        List<String> words = StatementWords.firstWords(sql);
        String offending = words.stream().filter(w -> !w.equals("SELECT") && !w.equals("WITH") && !w.equals("FROM")
                && !w.equals("VALUES") && !w.equals("TABLE")).findFirst().orElse(words.isEmpty() ? "" : words.get(0));
        String why = switch (offending) {
            case "INSERT", "UPDATE", "DELETE", "CREATE", "DROP", "ALTER", "TRUNCATE", "MERGE", "UPSERT", "REPLACE", "COMMENT", "VACUUM", "CHECKPOINT", "ANALYZE" ->
                    offending + " modifies the store: the SQL console only reads";
            case "COPY", "EXPORT", "IMPORT" -> offending + " reads or writes host files: the SQL console only reads the store's tables";
            case "ATTACH", "DETACH", "USE" -> offending + " opens or switches databases: only the store can be queried";
            case "INSTALL", "LOAD", "FORCE" -> offending + " installs or loads extensions: not allowed";
            case "SET", "RESET" -> offending + " changes settings: the store's configuration is locked";
            case "PRAGMA", "CALL" -> offending + " runs a PRAGMA or procedure: it can reveal settings or change state";
            case "BEGIN", "START", "COMMIT", "ROLLBACK", "ABORT", "END" -> offending + " controls transactions: each query runs read-only on its own";
            case "PREPARE", "EXECUTE", "DEALLOCATE" -> offending + " manages prepared statements: send the SELECT itself";
            case "EXPLAIN" -> "EXPLAIN is not supported here: run the SELECT itself";
            case "PIVOT", "UNPIVOT" -> "a PIVOT statement without an explicit IN list runs a second query and is not supported";
            default -> "only SELECT or WITH…SELECT is allowed" + (offending.isEmpty() ? "" : ", found " + offending);
        };
        String fix = switch (offending) {
            case "PIVOT", "UNPIVOT" -> "list the values: PIVOT prices ON symbol IN ('AA', 'KO') USING avg(close) GROUP BY date";
            case "COPY", "EXPORT", "IMPORT" -> "import files through the app's import (or the import tool); export query results from the app";
            default -> "write one SELECT or WITH…SELECT over the store's tables (prices, symbols, …)";
        };
        return SqlGuard.refuse(why, fix);
    }

    /** The fix of a query nested deeper than DuckDB's max_expression_depth, a setting this route cannot change. */
    static final String NEST_LESS = "nest less: split a long chain of operators or CASE arms into fewer levels (an IN list, a join with a VALUES table, "
            + "a CTE per step); settings such as max_expression_depth cannot be changed here";

    /** DuckDB's "Max expression depth limit of 1000 exceeded" without its own fix (a SET, refused here), or null for another message. */
    static String tooDeep(String duckdbMessage) {
        int set = duckdbMessage.indexOf(". Use \"SET max_expression_depth");
        return set < 0 ? null : firstLine(duckdbMessage.substring(0, set)) + ": it nests expressions too deeply";
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
