package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * Attack 25 M4: a Date,Close year of a symbol then a Yahoo year whose Adj Close is 0.85 of its Close was read as
 * one series with a 15% drop no one traded (each read takes the adjusted close where stored, the close where not).
 * Such an import is refused, whichever order and whichever import path, and keeps nothing; appending plain days
 * after a history whose latest adjusted closes are their closes still imports.
 */
class HalfAdjustedImportTest {
    @TempDir Path tmp;

    /** Weekdays of {@code year}: a plain Date,Close file, or a Yahoo one whose Adj Close is {@code ratio} of Close. */
    private Path file(String dir, int year, Double ratio) throws Exception {
        StringBuilder csv = new StringBuilder(ratio == null ? "Date,Close\n" : "Date,Open,High,Low,Close,Adj Close,Volume\n");
        int i = 0;
        for (LocalDate d = LocalDate.of(year, 1, 1); d.getYear() == year; d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            double close = 50 + year % 10 + (i++ % 7) * 0.25;
            csv.append(d).append(',');
            if (ratio != null) csv.append(close).append(',').append(close + 1).append(',').append(close - 1).append(',');
            csv.append(close);
            if (ratio != null) csv.append(',').append(close * ratio).append(",1000");
            csv.append('\n');
        }
        Path p = Files.createDirectories(tmp.resolve(dir)).resolve("MIXADJ.csv");
        Files.writeString(p, csv);
        return p;
    }

    private static long rows(Store store) {
        return store.read(c -> {
            try (var s = c.createStatement(); var r = s.executeQuery("SELECT count(*) FROM prices WHERE symbol = 'MIXADJ'")) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    private static void refused(Store store, List<Path> files, String border) {
        long before = rows(store);
        SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store, PriceRules.defaults()).importFiles(files));
        assertEquals("invalid_input", e.failReason(), e.getMessage());
        assertEquals("Adj Close", e.field());
        assertTrue(e.getMessage().startsWith("MIXADJ would be read half adjusted: " + border), e.getMessage());
        assertTrue(e.getMessage().contains("15.0% below the close"), e.getMessage());
        assertTrue(e.fix().contains("from one source with an Adj Close column"), e.fix());
        assertEquals(before, rows(store), "a refused import keeps none of its rows");
    }

    @Test
    void aPlainYearThenAnAdjustedOneIsRefused() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("s.duckdb"), tmp.resolve("staging"))) {
            new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(file("a", 2000, null)));
            refused(store, List.of(file("b", 2001, 0.85)), "2000-12-29 and 2001-01-01");
        }
    }

    @Test
    void bothFilesInOneImportAreRefused() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("s.duckdb"), tmp.resolve("staging"))) {
            refused(store, List.of(file("a", 2000, null), file("b", 2001, 0.85)), "2000-12-29 and 2001-01-01");
        }
    }

    @Test
    void plainDaysAfterAnAdjustedHistoryAreRefusedWhereTheyWouldJump() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("s.duckdb"), tmp.resolve("staging"))) {
            new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(file("a", 2000, 0.85)));
            refused(store, List.of(file("b", 2001, null)), "2000-12-29 and 2001-01-01");
        }
    }

    @Test
    void plainDaysAfterAHistoryEndingUnadjustedImport() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("s.duckdb"), tmp.resolve("staging"))) {
            new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(file("a", 2000, 1.0)));
            new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(file("b", 2001, null)));
            assertEquals(260 + 261, rows(store), "2000 has 260 weekdays, 2001 261");
        }
    }

    /**
     * An import path records its symbols and is refused in one call ({@link ImportedSymbols#settle}): the engine's sources
     * write the symbols table and call the refusal at one place, the same one, so a third path cannot record its symbols and
     * forget the refusal.
     */
    @Test
    void everyImportPathIsRefusedWhereItRecordsItsSymbols() throws Exception {
        java.util.Map<String, List<Path>> at = new java.util.TreeMap<>();
        try (var files = Files.walk(Path.of("src/main/java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String src = Files.readString(f);
                for (String call : List.of("HalfAdjusted.refuse(", "INSERT INTO symbols ")) {
                    for (int i = src.indexOf(call); i >= 0; i = src.indexOf(call, i + 1)) at.computeIfAbsent(call, k -> new java.util.ArrayList<>()).add(f.getFileName());
                }
            }
        }
        Path one = Path.of("ImportedSymbols.java");
        assertEquals(java.util.Map.of("HalfAdjusted.refuse(", List.of(one), "INSERT INTO symbols ", List.of(one)), at);
    }
}
