package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.HeldStore;
import org.sextant.engine.testing.TempSextant;

/** A deletion is all or nothing (the store and the kept copies alike), and waits for the store's writer only so long. */
class PriceDeletionTest {
    @TempSextant private Store store;

    /** BOTHX with 30 daily closes and 30 weekly bars. */
    private void bothIntervals(Path dir) throws Exception {
        StringBuilder days = new StringBuilder("Date,Close\n"), weeks = new StringBuilder("Date,Close\n");
        java.time.LocalDate d = java.time.LocalDate.of(2020, 1, 6);
        for (int i = 0; i < 30; i++) {
            days.append(d.plusDays(i % 5 + 7L * (i / 5))).append(',').append(10 + i).append('\n');
            weeks.append(d.plusWeeks(i).plusDays(4)).append(',').append(20 + i).append('\n');
        }
        Path daily = Files.writeString(Files.createDirectories(dir.resolve("d")).resolve("BOTHX.csv"), days);
        Path weekly = Files.writeString(Files.createDirectories(dir.resolve("w")).resolve("BOTHX.csv"), weeks);
        new PriceImporter(store).importFiles(List.of(daily, weekly));
        assertEquals(Map.of("1d", 30L, "1w", 30L), rows());
    }

    @Test
    void aFailureAfterTheFirstIntervalLeavesEveryRowAndNoCopy(@TempDir Path dir) throws Exception {
        bothIntervals(dir);
        Path kept = dir.resolve("kept");
        AtomicInteger moves = new AtomicInteger();
        PriceDeletion failingSecond = new PriceDeletion(store, new PriceRepository(store), kept, Duration.ofSeconds(5), (from, to) -> {
            if (moves.incrementAndGet() == 2) throw new IOException("no space left on device");
            Files.move(from, to);
        });
        SextantException e = assertThrows(SextantException.class, () -> failingSecond.delete("BOTHX", null));
        assertEquals(FailReason.IO_ERROR, e.reason());
        assertTrue(e.getMessage().contains("nothing was deleted"), e.getMessage());
        assertEquals(2, moves.get(), "the daily rows were deleted in the transaction before the bars' copy failed");
        assertEquals(Map.of("1d", 30L, "1w", 30L), rows());
        assertEquals(1, count("SELECT count(*) FROM symbols WHERE symbol = 'BOTHX'"), "its symbols row stays");
        try (var left = Files.list(kept)) {
            assertEquals(List.of(), left.toList(), "the daily rows' copy went with the failed deletion");
        }
        try (var staged = Files.list(store.stagingDir())) {
            assertEquals(List.of(), staged.toList(), "nothing staged is left behind");
        }
    }

    @Test
    void aWriterHeldLongerThanTheWaitIsRefusedAsBusyAndNothingIsDeleted(@TempDir Path dir) throws Exception {
        bothIntervals(dir);
        PriceDeletion deletion = new PriceDeletion(store, new PriceRepository(store), dir.resolve("kept"), Duration.ofMillis(200),
                (from, to) -> Files.move(from, to));
        try (HeldStore held = HeldStore.hold(store)) {
            SextantException e = assertThrows(SextantException.class, () -> deletion.delete("BOTHX", "1d"));
            assertEquals(FailReason.JOB_BUSY, e.reason());
            assertEquals("delete_prices waited 200 ms for the store's one writer, which another write (an import, a job's, a backup) held all along; nothing was changed", e.getMessage());
        }
        assertEquals(Map.of("1d", 30L, "1w", 30L), rows());
        assertEquals(30L, deletion.delete("BOTHX", "1d").rowsDeleted(), "once the writer is free it deletes");
    }

    @Test
    void aKeptFileNameHoldsNoPathSeparator() {
        assertEquals("EUR_USD.1h.20240101T000000.000Z.csv", PriceDeletion.fileName("EUR/USD", "1h", "20240101T000000.000Z"));
    }

    private Map<String, Long> rows() {
        return new PriceDeletion(store, new PriceRepository(store), store.stagingDir()).rows("BOTHX");
    }

    private long count(String sql) {
        return store.read(c -> {
            try (var s = c.createStatement(); var r = s.executeQuery(sql)) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
