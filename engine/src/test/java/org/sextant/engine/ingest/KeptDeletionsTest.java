package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;

/**
 * The kept deletions as a user sees them: symbol, interval and time from names as delete_prices writes them (a symbol
 * with dots, a second file of one name), newest first, the newest few of many with the count and size of all, other
 * entries as "other"; and Remove file…, which deletes one file in data/deleted and nothing outside it.
 */
class KeptDeletionsTest {
    @TempDir Path home;

    private Path deleted() throws Exception {
        return Files.createDirectories(home.resolve("data/deleted"));
    }

    private KeptDeletions kept() {
        return new KeptDeletions(home, home.resolve("data/deleted"));
    }

    private Path write(String name, int bytes) throws Exception {
        return Files.write(deleted().resolve(name), new byte[bytes]);
    }

    @Test
    void listsNewestFirstWithSymbolIntervalTimeAndSizeAndTheOthersAsOther() throws Exception {
        write("BRK.B.1d.20260102T090000.000Z.csv", 10);
        write("EUR_USD.1h.20260103T101500.250Z.csv", 20);
        write("EUR_USD.1h.20260103T101500.250Z.2.csv", 30);
        Path note = write("notes.txt", 5);
        Files.setLastModifiedTime(note, FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
        Files.setLastModifiedTime(Files.createDirectories(deleted().resolve("folder")), FileTime.from(Instant.parse("2025-01-01T00:00:00Z")));

        KeptDeletions.Listing l = kept().list(10);
        assertEquals(5, l.count());
        assertEquals(65, l.totalBytes());
        assertFalse(l.truncated());
        assertEquals("data/deleted", l.folder());
        List<String> files = l.files().stream().map(KeptDeletions.Kept::file).toList();
        assertEquals("data/deleted/EUR_USD.1h.20260103T101500.250Z.2.csv", files.get(0), "the second copy of one name is the newer");
        assertEquals("data/deleted/EUR_USD.1h.20260103T101500.250Z.csv", files.get(1));
        assertEquals("data/deleted/BRK.B.1d.20260102T090000.000Z.csv", files.get(2));
        KeptDeletions.Kept brk = l.files().get(2);
        assertEquals("deleted_prices", brk.kind());
        assertEquals("BRK.B", brk.symbol());
        assertEquals("1d", brk.interval());
        assertEquals(Instant.parse("2026-01-02T09:00:00Z"), brk.deletedAt());
        assertEquals(10, brk.bytes());
        assertEquals(2, l.files().get(0).copy());
        KeptDeletions.Kept other = l.files().stream().filter(k -> k.file().endsWith("notes.txt")).findFirst().orElseThrow();
        assertEquals("other", other.kind());
        assertNull(other.symbol());
        assertNull(other.interval());
        assertEquals(Instant.parse("2026-01-01T00:00:00Z"), other.deletedAt());
        assertTrue(l.files().stream().anyMatch(k -> k.file().equals("data/deleted/folder") && k.kind().equals("other") && k.bytes() == 0));
    }

    @Test
    void aNameWhoseStampIsNoDateIsListedAsOtherAndTheRestStillListed() throws Exception {
        write("AA.1d.20260102T090000.000Z.csv", 10);
        for (String forged : List.of("XX.1d.20261399T999999.000Z.csv", "YY.1d.00000101T000000.000Z.csv", "ZZ.1d.20260230T000000.000Z.csv")) {
            Files.setLastModifiedTime(write(forged, 1), FileTime.from(Instant.parse("2025-06-01T00:00:00Z")));
        }
        KeptDeletions.Listing l = kept().list(10); // attack 17 M5: month 13 failed the whole listing
        assertEquals(4, l.count());
        assertEquals("AA", l.files().get(0).symbol());
        assertEquals(3, l.files().stream().filter(k -> k.kind().equals("other") && k.deletedAt().equals(Instant.parse("2025-06-01T00:00:00Z"))).count(),
                "month 13, year 0 and 30 February are no stamp delete_prices writes: " + l.files());
    }

    @Test
    void aFolderMovedElsewhereAndLinkedIsListedAndItsFilesRemovable(@TempDir Path bigger) throws Exception {
        Files.createDirectories(home.resolve("data"));
        Files.write(bigger.resolve("AA.1d.20260102T090000.000Z.csv"), new byte[7]);
        Files.createSymbolicLink(home.resolve("data/deleted"), bigger);
        KeptDeletions.Listing l = kept().list(10); // attack 17 L3: delete_prices keeps files through the link, the listing said none
        assertEquals(1, l.count());
        assertEquals("data/deleted/AA.1d.20260102T090000.000Z.csv", l.files().get(0).file());
        assertEquals(7, kept().remove(l.files().get(0).file()));
        assertFalse(Files.exists(bigger.resolve("AA.1d.20260102T090000.000Z.csv")));
    }

    @Test
    void manyFilesListTheNewestUpToTheLimitWithTheCountAndSizeOfAll() throws Exception {
        for (int i = 0; i < 30; i++) write(String.format("S%02d.1d.202601%02dT000000.000Z.csv", i, i + 1), 100);
        KeptDeletions.Listing l = kept().list(3);
        assertEquals(30, l.count());
        assertEquals(3000, l.totalBytes());
        assertTrue(l.truncated());
        assertEquals(List.of("S29", "S28", "S27"), l.files().stream().map(KeptDeletions.Kept::symbol).toList());
    }

    @Test
    void noFolderYetIsAnEmptyListing() {
        KeptDeletions.Listing l = kept().list(5);
        assertEquals(0, l.count());
        assertEquals(List.of(), l.files());
        assertFalse(l.truncated());
    }

    @Test
    void removeDeletesOnlyTheNamedFileInTheFolder() throws Exception {
        Path file = write("AA.1d.20260102T090000.000Z.csv", 42);
        Path other = write("AA.1w.20260102T090000.000Z.csv", 7);
        assertEquals(42, kept().remove("data/deleted/AA.1d.20260102T090000.000Z.csv"));
        assertFalse(Files.exists(file));
        assertTrue(Files.exists(other));
        SextantException gone = assertThrows(SextantException.class, () -> kept().remove("data/deleted/AA.1d.20260102T090000.000Z.csv"));
        assertEquals(FailReason.NOT_FOUND, gone.reason());
    }

    @Test
    void removeRefusesEveryPathOutsideTheFolderAndWhatIsNoFile() throws Exception {
        Files.createDirectories(deleted().resolve("sub"));
        Path store = Files.write(home.resolve("data/sextant.duckdb"), new byte[] {1});
        Path inSub = Files.write(deleted().resolve("sub/x.csv"), new byte[] {1});
        Path link = Files.createSymbolicLink(deleted().resolve("link.csv"), store);
        for (String outside : List.of("data/sextant.duckdb", "data/deleted/../sextant.duckdb", store.toString(), "data/deleted/sub/x.csv", "data/deleted", "data/deleted/sub",
                "data/deleted/link.csv")) {
            SextantException refused = assertThrows(SextantException.class, () -> kept().remove(outside), outside);
            assertEquals("file", refused.field(), outside);
            assertTrue(refused.getMessage().contains("nothing was deleted"), refused.getMessage());
        }
        assertTrue(Files.exists(store));
        assertTrue(Files.exists(inSub));
        assertTrue(Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }
}
