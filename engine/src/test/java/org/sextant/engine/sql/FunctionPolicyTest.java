package org.sextant.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/** The function policy as computed from the DuckDB the store runs. */
class FunctionPolicyTest {
    @TempDir
    Path dir;

    @Test
    void analyticalFunctionsAreAllowedAndDangerousOnesAreNot() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(dir.resolve("t.duckdb"), dir.resolve("staging"))) {
            FunctionPolicy policy = store.read(FunctionPolicy::load);
            Set<String> allowed = policy.allowedScalars();
            for (String f : List.of("avg", "sum", "stddev_samp", "corr", "quantile_cont", "arg_max", "date_trunc", "strftime",
                    "ln", "exp", "lower", "regexp_matches", "list_transform", "+", "||", "count_star")) {
                assertTrue(allowed.contains(f), f);
            }
            for (String f : List.of("current_setting", "getenv", "nextval", "currval", "setseed", "write_log",
                    "json_serialize_plan", "json_serialize_sql", "pg_get_viewdef", "get_block_size", "format_type")) {
                assertFalse(allowed.contains(f), f);
            }
            for (String f : allowed) {
                assertFalse(f.startsWith("read_") || f.startsWith("duckdb_") || f.startsWith("pragma_") || f.startsWith("__internal"), f);
            }
            assertTrue(policy.isAllowedWindow("lag") && policy.isAllowedWindow("row_number") && policy.isAllowedWindow("avg"));
        }
    }

    @Test
    void aMacroInheritsTheRefusalOfWhatItCalls() {
        assertEquals(FunctionPolicy.SETTINGS, FunctionPolicy.macroReason("(SELECT sql FROM duckdb_views() AS v)"));
        assertEquals(FunctionPolicy.FILES, FunctionPolicy.macroReason("(SELECT * FROM read_text (x))"));
        assertEquals(null, FunctionPolicy.macroReason("'duckdb'"));
    }

    @Test
    void onlyRowGeneratorsAreTableFunctions() {
        assertTrue(FunctionPolicy.isAllowedTable("range") && FunctionPolicy.isAllowedTable("GENERATE_SERIES") && FunctionPolicy.isAllowedTable("unnest"));
        for (String f : List.of("read_csv", "glob", "query", "duckdb_settings", "repeat_row", "parquet_metadata", "sniff_csv")) {
            assertFalse(FunctionPolicy.isAllowedTable(f), f);
        }
    }
}
