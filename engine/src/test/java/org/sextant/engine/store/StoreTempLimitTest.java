package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;

/**
 * DuckDB's temporary folder holds what the store's max_temp_directory_size allows: given as a connection property, DuckDB
 * showed the bound but spilled past it (29 GB past 4 GB); a query that needs more is stopped instead.
 */
class StoreTempLimitTest {
    @TempDir Path dir;

    @Test
    void aQueryThatMustSpillPastTheBoundIsStopped() throws Exception {
        Path file = dir.resolve("data/sextant.duckdb");
        try (Store store = Store.open(file, dir.resolve("staging"), "64MB", "32MB")) {
            Path temp = Path.of(file + ".tmp");
            // about 300 MB of text in a temporary table: past 64 MB of memory it spills, past 32 MB of spill it must stop
            SextantException e = assertThrows(SextantException.class, () -> store.read(c -> {
                try (Statement st = c.createStatement()) {
                    return st.execute("CREATE TEMP TABLE spill AS SELECT repeat('x', 1000) || i::VARCHAR AS v FROM range(300000) t(i)");
                }
            }));
            assertTrue(e.getMessage().contains("Out of Memory"), e.getMessage());
            long spilled = size(temp);
            assertTrue(spilled <= 40 << 20, "the temporary folder holds " + spilled + " bytes, past the 32 MB bound");
        }
    }

    static long size(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) return 0;
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
