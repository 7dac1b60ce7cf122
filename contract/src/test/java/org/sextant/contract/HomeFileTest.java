package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.LinkOption;
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

    /**
     * Session 46: a FIFO swapped in between the check and the open blocked that reader until someone wrote to it. It is
     * opened read-write (which a FIFO answers at once) and refused as a pipe by the open channel. Without the fix the
     * open waits; the valve then opens the FIFO itself (so the test ends) and the test fails on the valve having been needed.
     */
    @Test
    void aFifoSwappedInBetweenTheCheckAndTheOpenIsRefusedNotWaitedOn(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("state.json"), "{}");
        assumeTrue(mkfifo(dir.resolve("probe")), "mkfifo is needed");
        try (Valve valve = new Valve(f)) {
            HomeFile.NotRegular refused = assertThrows(HomeFile.NotRegular.class, () -> HomeFile.open(f, () -> {
                move(f, dir.resolve("was-state.json"));
                assertTrue(mkfifo(f));
            }));
            assertFalse(valve.neededToEnd(), "the open waited on the FIFO until the test's valve wrote to it");
            assertEquals("is not a regular file (a pipe, socket or device), not read", refused.why());
        }
    }

    /** Where the file may not be written (its mode, a read-only disk) the open is read-only and a FIFO there is given up on after the wait. */
    @Test
    void theReadOnlyWayGivesUpOnAFifoAndStillOpensARegularFile(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("app.json");
        assumeTrue(mkfifo(fifo), "mkfifo is needed");
        try (Valve valve = new Valve(fifo)) {
            HomeFile.NotRegular refused = assertThrows(HomeFile.NotRegular.class, () -> HomeFile.openForReading(fifo, false, LinkOption.NOFOLLOW_LINKS));
            assertFalse(valve.neededToEnd(), "given up on, not waited on");
            assertEquals("is not a regular file (a pipe, socket or device), not read", refused.why());
        }
        assertOpenerEnded(fifo);
        Path regular = Files.writeString(dir.resolve("settings.json"), "{\"a\": 1}");
        try (var ch = HomeFile.openForReading(regular, false, LinkOption.NOFOLLOW_LINKS)) {
            assertEquals(8, ch.size());
        }
        try (var in = HomeFile.open(regular)) {
            assertArrayEquals("{\"a\": 1}".getBytes(), in.readAllBytes(), "the read-write way reads it");
        }
        assertEquals("{\"a\": 1}", Files.readString(regular), "and writes nothing");
    }

    /**
     * Session 46 review: a user's file (a CSV to import) is opened read-only, so a FIFO swapped in makes the open wait.
     * The path is looked at again while it waits: a FIFO there is refused, and the open waiting on it released, so no
     * thread is left blocked for ever (before, each refused FIFO left one).
     */
    @Test
    void aFifoAtAUsersPathIsRefusedAndTheOpenWaitingOnItReleased(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("users-prices.csv");
        assumeTrue(mkfifo(fifo), "mkfifo is needed");
        try (Valve valve = new Valve(fifo)) {
            HomeFile.NotRegular refused = assertThrows(HomeFile.NotRegular.class,
                    () -> HomeFile.openUsersFile(fifo, () -> {}, 10, f -> java.nio.channels.FileChannel.open(f, java.nio.file.StandardOpenOption.READ)));
            assertEquals("is not a regular file (a pipe, socket or device), not read", refused.why());
            assertOpenerEnded(fifo);
            assertFalse(valve.neededToEnd(), "the waiting open was released by the refusal, not by the test's valve");
        }
    }

    /**
     * Session 46's note: a FIFO the app may not write (mode 0400 or 000, its own user's) could not be released by the read-write
     * open, so its opener thread went on waiting after the refusal. Its owner may change its mode: write is granted for the one
     * open that releases it and the mode put back. (Tests run as root, whom no mode stops: the read-write open here refuses as
     * the mode refuses any other user.)
     */
    @Test
    void aFifoTheAppMayNotWriteIsRefusedAndItsWaitingOpenReleasedAllTheSame(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("users-prices.csv");
        assumeTrue(mkfifo(fifo), "mkfifo is needed");
        java.util.Set<java.nio.file.attribute.PosixFilePermission> none = java.util.EnumSet.noneOf(java.nio.file.attribute.PosixFilePermission.class);
        Files.setPosixFilePermissions(fifo, none);
        HomeFile.Opener asTheModeSays = f -> {
            if (!Files.getPosixFilePermissions(f).contains(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE)) {
                throw new java.nio.file.AccessDeniedException(f.toString());
            }
            return java.nio.channels.FileChannel.open(f, java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE);
        };
        try (Valve valve = new Valve(fifo)) {
            HomeFile.NotRegular refused = assertThrows(HomeFile.NotRegular.class, () -> HomeFile.openUsersFile(fifo, () -> {}, 10,
                    f -> java.nio.channels.FileChannel.open(f, java.nio.file.StandardOpenOption.READ), asTheModeSays));
            assertEquals("is not a regular file (a pipe, socket or device), not read", refused.why());
            assertOpenerEnded(fifo);
            assertFalse(valve.neededToEnd(), "the waiting open was released by the refusal, not by the test's valve");
        }
        assertEquals(none, Files.getPosixFilePermissions(fifo), "the FIFO's mode is put back");
    }

    /**
     * A slow network or cloud file (a placeholder fetched on open) was refused after 2 s as "a pipe put in its place?".
     * A regular file at the path is waited on, looked at again each time, for as long as the import still wants it.
     */
    @Test
    void aUsersFileSlowToOpenIsWaitedOnWhileARegularFileStandsThere(@TempDir Path dir) throws Exception {
        Path slow = Files.writeString(dir.resolve("cloud.csv"), "Date,Close\n");
        int[] looks = {0};
        java.util.concurrent.CountDownLatch fetched = new java.util.concurrent.CountDownLatch(1);
        HomeFile.Opener fetchedAfterThreeLooks = f -> {
            try {
                fetched.await();
            } catch (InterruptedException e) {
                throw new java.io.InterruptedIOException();
            }
            return java.nio.channels.FileChannel.open(f, java.nio.file.StandardOpenOption.READ);
        };
        try (var ch = HomeFile.openUsersFile(slow, () -> {
            if (++looks[0] == 3) fetched.countDown();
        }, 1, fetchedAfterThreeLooks)) {
            assertEquals(11, ch.size());
        }
        assertTrue(looks[0] >= 3);
        java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
        IllegalStateException stopped = assertThrows(IllegalStateException.class, () -> HomeFile.openUsersFile(slow, () -> {
            throw new IllegalStateException("the import was cancelled");
        }, 1, f -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                throw new java.io.InterruptedIOException();
            }
            return java.nio.channels.FileChannel.open(f, java.nio.file.StandardOpenOption.READ);
        }), "the import's cancel or deadline ends the wait");
        assertEquals("the import was cancelled", stopped.getMessage());
        never.countDown(); // the file opens at last: its thread closes what it opened and ends
        assertOpenerEnded(slow);
    }

    /** The thread that opened {@code file} is gone (a hang guard of a minute, not a time limit: a blocked one never ends). */
    private static void assertOpenerEnded(Path file) throws InterruptedException {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (!t.getName().equals("sextant-open-" + file.getFileName())) continue;
            t.join(60_000);
            assertFalse(t.isAlive(), "a thread still waits to open " + file);
        }
    }

    private static boolean mkfifo(Path at) {
        try {
            return new ProcessBuilder("mkfifo", at.toString()).start().waitFor() == 0;
        } catch (java.io.IOException | InterruptedException e) {
            return false;
        }
    }

    /**
     * Opens the FIFO for writing if the code under test is still waiting on it after a minute, so that a failing test ends
     * instead of hanging, and says whether it had to; closing it also releases an opener the read-only way left waiting.
     */
    private static final class Valve implements AutoCloseable {
        private final Path fifo;
        private final java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        private final java.util.concurrent.atomic.AtomicBoolean needed = new java.util.concurrent.atomic.AtomicBoolean();
        private final Thread thread;

        Valve(Path fifo) {
            this.fifo = fifo;
            thread = new Thread(() -> {
                try {
                    if (!done.await(60, java.util.concurrent.TimeUnit.SECONDS)) {
                        needed.set(true);
                        release();
                    }
                } catch (InterruptedException ignored) {
                    // the test ended
                }
            });
            thread.setDaemon(true);
            thread.start();
        }

        boolean neededToEnd() {
            done.countDown();
            return needed.get();
        }

        private void release() {
            try (RandomAccessFile writer = new RandomAccessFile(fifo.toFile(), "rw")) { // read-write: never waits itself
                writer.getFD();
            } catch (java.io.IOException gone) {
                // swapped back or deleted: nothing waits on it
            }
        }

        @Override
        public void close() throws InterruptedException {
            done.countDown();
            thread.join();
            if (Files.exists(fifo, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS)) release();
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
