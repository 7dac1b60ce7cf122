package org.sextant.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.store.Store;

/** get_db_schema: the store's tables with columns, types, nullability, row counts; no host path. */
class DbSchemaTest {
    @TempDir
    Path dir;

    @Test
    void describesPricesAndSymbolsWithCountsAndNoHostPath() throws Exception {
        try (Store store = SampleStore.open(dir)) {
            DbSchema schema = new ReadOnlySql(store).schema();
            List<String> names = schema.tables().stream().map(DbSchema.Table::name).toList();
            assertEquals("prices", names.get(0));
            assertEquals("symbols", names.get(1));

            DbSchema.Table prices = schema.tables().get(0);
            assertEquals(500, prices.rowCount());
            assertTrue(prices.description().startsWith("Daily prices"));
            assertEquals(List.of("symbol", "date", "open", "high", "low", "close", "adj_close", "volume", "source"),
                    prices.columns().stream().map(DbSchema.Column::name).toList());
            DbSchema.Column date = prices.columns().get(1);
            assertEquals("DATE", date.type());
            assertFalse(date.nullable());
            DbSchema.Column open = prices.columns().get(2);
            assertEquals("DOUBLE", open.type());
            assertTrue(open.nullable());

            assertEquals(5, schema.tables().get(1).rowCount());
            assertTrue(schema.markdown().contains("## prices (500 rows)"));
            assertTrue(schema.markdown().contains("| close | DOUBLE | no |"));

            String all = Json.write(schema);
            assertFalse(all.contains(dir.toString()), "no temp path");
            assertFalse(Pattern.compile("(^|[\\s\"'(|])/[A-Za-z0-9._-]+/").matcher(all).find(), "no rooted path: " + all);
        }
    }

    @Test
    void aTableWithoutKnownDescriptionGetsItsCommentOrAGenericLine() throws Exception {
        try (Store store = SampleStore.open(dir)) {
            store.inTransaction(c -> {
                try (var s = c.createStatement()) {
                    s.execute("CREATE TABLE notes(id INTEGER)");
                    s.execute("CREATE TABLE signals(id INTEGER)");
                    s.execute("COMMENT ON TABLE signals IS 'Trading signals, one row per rule and date.'");
                }
                return null;
            });
            DbSchema schema = new ReadOnlySql(store).schema();
            DbSchema.Table notes = schema.tables().stream().filter(t -> t.name().equals("notes")).findFirst().orElseThrow();
            DbSchema.Table signals = schema.tables().stream().filter(t -> t.name().equals("signals")).findFirst().orElseThrow();
            assertFalse(notes.description().isBlank());
            assertEquals("Trading signals, one row per rule and date.", signals.description());
            // a new table is queryable at once
            assertEquals(0, new ReadOnlySql(store).run("SELECT * FROM notes", null).rowCount());
        }
    }
}
