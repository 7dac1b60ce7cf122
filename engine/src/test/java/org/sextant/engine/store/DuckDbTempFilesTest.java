package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.testing.SampleStoreCopy;
import org.sextant.engine.testing.TempSextant;

/** A killed app's DuckDB temporary files (29 GB after one hostile import) are gone once the store opens again. */
class DuckDbTempFilesTest {
    @TempSextant private SextantHome home;

    @Test
    void aStartRemovesWhatAStoppedDuckDbLeftInItsTemporaryFolder() throws Exception {
        SampleStoreCopy.into(home);
        Path temp = Path.of(home.database() + ".tmp");
        Files.createDirectories(temp);
        Path block = Files.write(temp.resolve("duckdb_temp_5561_0_block-4611686018427389526.block"), new byte[4096]);
        Path storage = Files.write(temp.resolve("duckdb_temp_storage_S32K-0.tmp"), new byte[4096]);
        assertTrue(Files.exists(block));

        try (Sextant engine = Sextant.open(home)) {
            assertFalse(Files.exists(block), "a leftover block is removed");
            assertFalse(Files.exists(storage), "a leftover storage file is removed");
            assertFalse(engine.listSymbols("").isEmpty(), "the store opened as usual");
        }
    }
}
