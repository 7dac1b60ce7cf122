package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A part file that is not readable Parquet (text named .parquet, a truncated or empty file) or is
 * a symbolic link (never followed, wherever it points) is refused as invalid input naming the user's file, never the staging copy nor
 * the file's content, and nothing is stored.
 */
class UnreadablePartFileTest {
    record Case(String name, String file, PartFile make) {
        /** What the refusal says the file is: a link is named as one, never read. */
        String says() { return name.startsWith("symlink") ? "is a symbolic link (not followed, not read)" : "is not a readable Parquet file written by the job"; }
    }

    interface PartFile { void make(Path part, Path genuine) throws Exception; }

    @Test
    void aPartFileThatIsNotTheJobsParquetIsRefusedNamingIt(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ScaleOutExchange exchange = BacktestOutputs.exchange(store, tmp);
        Path genuine = BacktestOutputs.write(tmp.resolve("genuine"), BacktestOutputs.row(store)).resolve("part-00000.parquet");
        byte[] bytes = Files.readAllBytes(genuine);
        List<Case> cases = List.of(
                new Case("text, the only part", "part-00000.parquet", (p, g) -> Files.writeString(p, "symbol,male\nSECRET-CONTENT,1\n")),
                new Case("text beside a good part", "part-00001.parquet", (p, g) -> {
                    Files.copy(g, p.resolveSibling("part-00000.parquet"));
                    Files.writeString(p, "SECRET-CONTENT");
                }),
                new Case("truncated", "part-00000.parquet", (p, g) -> Files.write(p, Arrays.copyOf(bytes, bytes.length / 2))),
                new Case("empty", "part-00000.parquet", (p, g) -> Files.createFile(p)),
                new Case("symlink out of the folder", "part-00000.parquet", (p, g) -> Files.createSymbolicLink(p, g)),
                new Case("symlink to a part beside it", "part-00001.parquet", (p, g) -> {   // the store could read this one: it must not
                    Files.copy(g, p.resolveSibling("part-00000.parquet"));
                    Files.createSymbolicLink(p, Path.of("part-00000.parquet"));
                }));
        int i = 0;
        for (Case c : cases) {
            Path folder = Files.createDirectories(tmp.resolve("out-" + i++));
            c.make().make(folder.resolve(c.file()), genuine);
            Files.createFile(folder.resolve("_SUCCESS"));
            SextantException e = assertThrows(SextantException.class, () -> exchange.importJob(folder, null), c.name());
            assertEquals(FailReason.INVALID_INPUT, e.reason(), c.name() + ": " + e.getMessage());
            assertEquals("output", e.field(), c.name());
            String m = e.getMessage();
            assertTrue(m.contains(c.file() + " in " + folder) && m.contains(c.file() + " in " + folder + " " + c.says()), c.name() + ": " + m);
            assertFalse(m.contains("staging") || m.contains("job-") || m.contains("SECRET"), c.name() + ": " + m);
            assertTrue(e.fix().contains("rerun the job") && e.fix().contains("untouched output folder"), e.fix());
            assertEquals(0, BacktestOutputs.stored(store, "forecasts"), c.name());
            assertEquals(0, BacktestOutputs.stored(store, "forecast_backtests"), c.name());
        }
        // the genuine file, as a file, imports
        Path ok = Files.createDirectories(tmp.resolve("ok"));
        Files.copy(genuine, ok.resolve("part-00000.parquet"));
        Files.createFile(ok.resolve("_SUCCESS"));
        assertEquals(1, exchange.importJob(ok, null).imported().size());
    }
}
