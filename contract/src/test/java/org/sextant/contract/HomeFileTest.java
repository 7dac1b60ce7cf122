package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Attack 22, H4/H5/M1: a file of the home read on a client's request is read only when it is a regular file of its own. */
class HomeFileTest {
    @Test
    void aRegularFileIsReadWithinItsBound(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("state.json"), "{}");
        assertArrayEquals("{}".getBytes(), HomeFile.readBounded(f, 2));
        HomeFile.TooLarge big = assertThrows(HomeFile.TooLarge.class, () -> HomeFile.readBounded(f, 1));
        assertEquals(f + " is 2 bytes, more than the 1 bytes it may hold; not read", big.getMessage());
        assertThrows(NoSuchFileException.class, () -> HomeFile.readBounded(dir.resolve("absent"), 1));
    }

    @Test
    void aLinkAFolderAndAFifoAreNamedNeverOpened(@TempDir Path dir) throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "SECRET");
        Path link = Files.createSymbolicLink(dir.resolve("state.json"), secret);
        HomeFile.NotRegular l = assertThrows(HomeFile.NotRegular.class, () -> HomeFile.readBounded(link, 100));
        assertEquals(link + " is a symbolic link, not read", l.getMessage());
        assertEquals("is a folder, not a file; not read", assertThrows(HomeFile.NotRegular.class, () -> HomeFile.open(dir)).why());

        Path fifo = dir.resolve("fifo.json");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo is needed");
        // held open read-write (no block on Linux): a reader that opened the FIFO would read nothing rather than hang the test
        try (RandomAccessFile held = new RandomAccessFile(fifo.toFile(), "rw")) {
            assertEquals("is not a regular file (a pipe, socket or device), not read",
                    assertThrows(HomeFile.NotRegular.class, () -> HomeFile.open(fifo)).why());
        }
    }

    @Test
    void aFileSwappedBetweenTheCheckAndTheOpenIsNotRead(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("state.json"), "{}");
        Path other = Files.writeString(dir.resolve("other.json"), "{\"planted\": 1}");
        HomeFile.NotRegular swapped = assertThrows(HomeFile.NotRegular.class, () -> HomeFile.open(f, () -> move(other, f)));
        assertEquals("was replaced while it was opened, not read", swapped.why());

        Path secret = Files.writeString(dir.resolve("secret.txt"), "SECRET");
        Path g = Files.writeString(dir.resolve("app.json"), "{}");
        // a link swapped in is not followed by the open itself (the file system refuses it)
        assertThrows(java.io.IOException.class, () -> HomeFile.open(g, () -> {
            try {
                Files.delete(g);
                Files.createSymbolicLink(g, secret);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }));
    }

    /** A file the app replaces by a rename (a job record at each progress, state.json) is read whole, old or new, not refused. */
    @Test
    void aFileReplacedByARenameWhileItIsReadWholeIsReadAgain(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("scan-0a476f93.json"), "{\"state\": \"queued\"}");
        Path next = Files.writeString(dir.resolve(".scan-0a476f93.json.1.tmp"), "{\"state\": \"running\"}");
        int[] tries = {0};
        byte[] read = HomeFile.readBounded(f, 100, () -> {
            if (tries[0]++ == 0) move(next, f);
        });
        assertEquals("{\"state\": \"running\"}", new String(read, java.nio.charset.StandardCharsets.UTF_8));

        // replaced at every try: refused after a few, never waited on
        int[] swaps = {0};
        HomeFile.Replaced always = assertThrows(HomeFile.Replaced.class, () -> HomeFile.readBounded(f, 100, () -> {
            try {
                move(Files.writeString(dir.resolve("swap" + swaps[0]++), "{}"), f);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }));
        assertEquals("was replaced while it was opened, not read", always.why());
        assertEquals(HomeFile.REPLACED_TRIES, swaps[0]);
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
