package org.sextant.app.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Simulated power loss on the real app: kill -9 after acknowledged imports whose log was not yet
 * checkpointed, then cut the log at random offsets or flip bytes in its tail. Every start then
 * either opens, keeps each import whole or not at all, and prints the lost rows exactly, or
 * refuses with the way back, after which `sextant recover` lets the next start open. (TornLogTest
 * covers the same at the store, with 30 cases; this is the user's path through Main.)
 */
class PowerLossTest {
    static final int IMPORTS = 4, ROWS = 150;
    @TempDir Path dir;

    @Test
    void aTornLogNeverKeepsTheAppFromStartingAndItsLossIsReported() throws Exception {
        Path image = crashImage();
        long walSize = Files.size(image.resolve("sextant.duckdb.wal"));
        Random random = new Random(3);
        int opened = 0, recovered = 0;
        for (int trial = 0; trial < 3; trial++) {
            Path home = dir.resolve("trial" + trial);
            Files.createDirectories(home.resolve("data"));
            for (String f : List.of("sextant.duckdb", "sextant.duckdb.wal", "sextant.duckdb.census.json")) Files.copy(image.resolve(f), home.resolve("data").resolve(f));
            String what = tear(home.resolve("data/sextant.duckdb.wal"), trial, walSize, random);
            AppProcess app = AppProcess.launch(home, dir.resolve("tmp"));
            try {
                if (!app.awaitPublished()) {
                    assertTrue(app.console().contains("sextant recover"), what + ": a refused start names the way back: " + app.console());
                    Process recover = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
                            "org.sextant.app.Main", "--home", home.toString(), "recover").redirectErrorStream(true).start();
                    String report = new String(recover.getInputStream().readAllBytes());
                    assertEquals(0, recover.waitFor(), what + ": recover: " + report);
                    app = AppProcess.launch(home, dir.resolve("tmp"));
                    assertTrue(app.awaitPublished(), what + ": the start after recover opens: " + app.console());
                    recovered++;
                } else {
                    long kept = crashRows(app);
                    assertEquals(0, kept % ROWS, what + ": whole imports only, got " + kept + " rows");
                    long lost = (long) IMPORTS * ROWS - kept;
                    if (lost > 0) {
                        Matcher m = Pattern.compile("(?s)tore its log.*lost .*?prices: (\\d+) rows").matcher(app.console());
                        assertTrue(m.find(), what + ": a loss of " + lost + " rows is reported on the terminal: " + app.console()
                                + "\nthe app's log: " + Files.readString(home.resolve("logs/sextant.log")).lines().filter(l -> l.contains("committed") || l.startsWith("  ")).toList());
                        assertEquals(lost, Long.parseLong(m.group(1)), what + ": the report names exactly the lost rows");
                    }
                    opened++;
                }
            } finally {
                app.kill(); // also when an assertion failed: no app outlives the test
            }
        }
        System.out.println("power loss: " + opened + " starts opened with the intact log, " + recovered + " needed recover");
    }

    /** The store files right after a kill -9 that followed {@value #IMPORTS} acknowledged imports (checkpoints held off). */
    private Path crashImage() throws Exception {
        Path home = dir.resolve("source");
        AppProcess app = AppProcess.launch(home, dir.resolve("tmp"), "sextant.store.idleCheckpointMillis=3600000");
        assertTrue(app.awaitPublished(), app.console());
        for (int i = 0; i < IMPORTS; i++) {
            StringBuilder csv = new StringBuilder("symbol,date,close\n");
            for (int d = 0; d < ROWS; d++) csv.append("CRASH").append(i).append(',').append(LocalDate.of(2001, 1, 1).plusDays(d)).append(',').append(10 + d % 7).append('\n');
            Path f = Files.writeString(dir.resolve("crash" + i + ".csv"), csv);
            ApiCall.post(app, "import_prices", java.util.Map.of("paths", List.of(f.toString())));
        }
        app.kill();
        Path image = Files.createDirectories(dir.resolve("image"));
        for (String f : List.of("sextant.duckdb", "sextant.duckdb.wal", "sextant.duckdb.census.json")) Files.copy(home.resolve("data").resolve(f), image.resolve(f));
        assertTrue(Files.size(image.resolve("sextant.duckdb.wal")) > 0, "the kill left the imports in the log");
        return image;
    }

    /** Trial 0 and 1: the log cut at a random offset; trial 2: 1 to 8 bits flipped in its last 64 bytes. */
    private static String tear(Path wal, int trial, long walSize, Random random) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(wal.toFile(), "rw")) {
            if (trial < 2) {
                long cut = (long) (random.nextDouble() * walSize);
                f.setLength(cut);
                return "log cut at " + cut + " of " + walSize;
            }
            int flips = 1 + random.nextInt(8);
            for (int i = 0; i < flips; i++) {
                long at = Math.max(0, f.length() - 1 - random.nextInt(64));
                f.seek(at);
                int b = f.read();
                f.seek(at);
                f.write(b ^ (1 << random.nextInt(8)));
            }
            return flips + " bits flipped in the log's tail";
        }
    }

    private static long crashRows(AppProcess app) throws Exception {
        return ApiCall.post(app, "run_select", java.util.Map.of("sql", "SELECT count(*) FROM prices WHERE symbol LIKE 'CRASH%'")).path("rows").path(0).path(0).asLong();
    }
}
