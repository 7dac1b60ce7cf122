package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/** A re-import's closes at another time-zone offset are looked for among each symbol's own stored bars, near its own times. */
class ShiftedClosesTest {
    @TempDir Path tmp;

    private static final String SHIFTED = ": the same bars imported before at another time-zone offset? Both are now stored; "
            + "delete the wrong ones, or import with the timezone the file was written in";

    /** Eight 30-minute bars of a symbol from a naive time on, closes counting up from {@code close}. */
    private static String bars(String symbol, String from, int close) {
        StringBuilder out = new StringBuilder();
        java.time.LocalDateTime t = java.time.LocalDateTime.parse(from);
        for (int i = 0; i < 8; i++) out.append(t.plusMinutes(30L * i).toString().replace('T', ' ')).append(":00,").append(symbol).append(',').append(close + i).append('\n');
        return out.toString();
    }

    private Path file(String name, String rows) throws Exception {
        return Files.writeString(tmp.resolve(name), "timestamp,symbol,close\n" + rows);
    }

    @Test
    void aSymbolIsFlaggedByItsOwnShiftedBarsNeverByAnothersCloses() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            // B imported before at +02:00: stored two hours before the times its file says
            new PriceImporter(store, PriceRules.defaults(), IngestService.zone("+02:00")).importFiles(List.of(file("b.csv", bars("B", "2021-06-01T10:00", 20))));
            // C holds A's closes 45 minutes after A's times, in another year than B
            new PriceImporter(store).importFiles(List.of(file("c.csv", bars("C", "2020-03-02T10:45", 10))));

            ImportReport r = new PriceImporter(store).importFiles(List.of(file("ab.csv", bars("A", "2020-03-02T10:00", 10) + bars("B", "2021-06-01T10:00", 20))));
            Map<String, List<String>> notes = r.files().get(0).bars().stream().collect(Collectors.toMap(ImportReport.BarCheck::symbol, ImportReport.BarCheck::notes));
            assertEquals(List.of("8 of 8 bars of B have the closes of stored bars 2 hours earlier" + SHIFTED), shiftNotes(notes.get("B")),
                    "B's own bars, in its own year, next to A's in another");
            assertEquals(List.of(), shiftNotes(notes.get("A")), "A is new: C's closes at a shift are another instrument's");
        }
    }

    private static List<String> shiftNotes(List<String> notes) {
        return notes.stream().filter(n -> n.contains("closes of stored bars")).toList();
    }
}
