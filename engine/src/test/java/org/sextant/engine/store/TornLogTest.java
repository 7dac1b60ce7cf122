package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.home.SextantHome;

/**
 * Simulated power loss: the files a crash leaves (a checkpointed store plus a log of committed
 * transactions), with the log cut at random offsets or bytes flipped in its tail. Every case
 * either opens with whole transactions and reports what the log no longer proves, or refuses
 * with the recover hint, leaves the files as they were, and `recover` then gets a store back.
 */
class TornLogTest {
    static final int CHECKPOINTED = 1000, PER_COMMIT = 200, COMMITS = 5;
    @TempDir static Path dir;
    static Path image;

    @BeforeAll
    static void crashImage() throws Exception {
        System.setProperty("sextant.store.idleCheckpointMillis", "3600000"); // the test checkpoints by hand
        SextantHome home = new SextantHome(dir.resolve("source")).ensureLayout();
        try (Store s = Store.open(home.database(), home.stagingDir())) {
            insert(s, "CKPT", CHECKPOINTED);
            s.checkpoint();
            for (int i = 0; i < COMMITS; i++) insert(s, "LOG" + i, PER_COMMIT);
            // the files on disk now are what a kill -9 leaves: DuckDB synced the log at each commit
            image = dir.resolve("image");
            CrashCopy.copyFiles(home.database(), image);
        }
        assertTrue(Files.size(image.resolve("sextant.duckdb.wal")) > 0, "the image holds a log to replay");
    }

    @AfterAll
    static void restoreDefault() { System.clearProperty("sextant.store.idleCheckpointMillis"); }

    static void insert(Store s, String symbol, int rows) {
        s.inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO prices(symbol, date, close, source) VALUES (?, ?, ?, 'test')")) {
                for (int i = 0; i < rows; i++) {
                    p.setString(1, symbol);
                    p.setObject(2, LocalDate.of(2000, 1, 1).plusDays(i));
                    p.setDouble(3, 100 + i);
                    p.addBatch();
                }
                p.executeBatch();
            }
            return null;
        });
    }

    @Test
    void theWholeLogReplaysAndNothingIsReportedLost() throws Exception {
        SextantHome home = homeWithImage("whole", -1, 0, null);
        try (Store s = Store.open(home.database(), home.stagingDir())) {
            assertEquals(CHECKPOINTED + COMMITS * PER_COMMIT, s.read(StoreCensus::take).rows().get("prices"));
            assertNull(s.lossAtOpen());
        }
    }

    @Test
    void aTornOrFlippedLogNeverLeavesTheUserWithoutAStore() throws Exception {
        Random random = new Random(20);
        long walSize = Files.size(image.resolve("sextant.duckdb.wal"));
        int opened = 0, recovered = 0;
        for (int trial = 0; trial < 30; trial++) {
            boolean flip = trial % 3 == 2;
            long cut = flip ? -1 : (long) (random.nextDouble() * walSize);
            SextantHome home = homeWithImage("t" + trial, cut, flip ? 1 + random.nextInt(8) : 0, random);
            byte[] walBefore = Files.readAllBytes(StoreRecovery.walOf(home.database()));
            byte[] dbBefore = Files.readAllBytes(home.database());
            long prices;
            RecoveryReport report;
            try (Store s = Store.open(home.database(), home.stagingDir())) {
                prices = s.read(StoreCensus::take).rows().get("prices");
                report = s.lossAtOpen();
                opened++;
            } catch (StoreDamagedException refused) {
                assertTrue(refused.fix().contains("sextant recover"), refused.fix());
                assertArrayEquals(walBefore, Files.readAllBytes(StoreRecovery.walOf(home.database())), "a refused open leaves the log as it was");
                assertArrayEquals(dbBefore, Files.readAllBytes(home.database()), "a refused open leaves the store file as it was");
                report = StoreRecovery.recover(home, new RollingBackups.Policy(dir.resolve("no-backups"), 3, Duration.ZERO));
                assertNotNull(report.keptIn());
                assertArrayEquals(walBefore, Files.readAllBytes(report.keptIn().resolve("sextant.duckdb.wal")), "recover keeps the damaged log");
                prices = report.recovered().rows().get("prices");
                recovered++;
            }
            String what = "trial " + trial + (flip ? " (flipped tail)" : " (cut at " + cut + " of " + walSize + ")");
            assertTrue(prices >= CHECKPOINTED, what + ": the checkpoint is never lost, got " + prices);
            assertEquals(0, (prices - CHECKPOINTED) % PER_COMMIT, what + ": whole transactions only, got " + prices);
            long lost = CHECKPOINTED + COMMITS * PER_COMMIT - prices;
            if (lost > 0) {
                assertNotNull(report, what + ": a loss of " + lost + " rows is reported");
                assertEquals(lost, report.lostRows().get("prices"), what + ": the report names the lost rows");
            }
            try (Store again = Store.open(home.database(), home.stagingDir())) {
                assertEquals(prices, again.read(StoreCensus::take).rows().get("prices"), what + ": the store opens afterwards");
            }
        }
        System.out.println("torn logs: " + opened + " opened with the intact part, " + recovered + " needed recover");
    }

    /** A home holding the crash image; the log cut at {@code cut} (-1: whole) and {@code flips} bytes flipped in its last 64. */
    private static SextantHome homeWithImage(String name, long cut, int flips, Random random) throws Exception {
        SextantHome home = new SextantHome(dir.resolve(name)).ensureLayout();
        for (String f : new String[] {"sextant.duckdb", "sextant.duckdb.wal", "sextant.duckdb.census.json"}) {
            Files.copy(image.resolve(f), home.dataDir().resolve(f));
        }
        try (RandomAccessFile wal = new RandomAccessFile(StoreRecovery.walOf(home.database()).toFile(), "rw")) {
            if (cut >= 0) wal.setLength(cut);
            for (int i = 0; i < flips; i++) {
                long at = Math.max(0, wal.length() - 1 - random.nextInt(64));
                wal.seek(at);
                int b = wal.read();
                wal.seek(at);
                wal.write(b ^ (1 << random.nextInt(8)));
            }
        }
        return home;
    }
}
