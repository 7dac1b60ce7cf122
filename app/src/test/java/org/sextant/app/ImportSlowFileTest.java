package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * Session 46's note: `sextant import` waited on a slow regular file (a network or cloud drive) for as long as it took and
 * said nothing. A file whose open blocks is made here as the kernel makes one: another process holds a write lease on it,
 * so an open for reading waits until the lease is given up (or the kernel's lease-break-time, 45 s, passes).
 */
class ImportSlowFileTest {
    private static final String YAHOO = "Date,Open,High,Low,Close,Adj Close,Volume\n2000-09-27,63.4375,63.5625,59.8125,60.625,60.625,53077800\n"
            + "2000-09-28,60.8125,61.875,60.625,61.3125,61.3125,26180200\n";
    /** Holds a write lease on argv[1] and ignores the kernel's request to give it up, until killed. */
    private static final String LEASE = "import fcntl, os, signal, sys, time\n"
            + "fd = os.open(sys.argv[1], os.O_RDWR)\nsignal.signal(signal.SIGIO, lambda *a: None)\n"
            + "fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_WRLCK)\nprint('held', flush=True)\ntime.sleep(600)\n";

    @TempDir Path dir;
    @org.junit.jupiter.api.extension.RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    @Test
    void aFileSlowToOpenIsNamedOnStderrAndTimeoutEndsTheImportWritingNothing() throws Exception {
        String home = dir.resolve("home").toString();
        org.sextant.engine.testing.SampleStoreCopy.into(new SextantHome(Path.of(home)));
        Path good = Files.writeString(dir.resolve("GOOD.csv"), YAHOO);
        Path slow = Files.writeString(dir.resolve("SLOW.csv"), YAHOO);
        Process holder = leaseHolder(slow);
        try {
            assertEquals(1, Main.run("--home", home, "import", good.toString(), slow.toString(), "--timeout", "15")); // long enough for the store to open and GOOD.csv to be read on a busy machine
            String err = console.err.toString();
            assertTrue(err.contains("sextant import: waiting to open " + slow + " (a file on a network or cloud drive can be slow to open); "
                    + "Ctrl-C stops the import, and nothing is written"), err);
            assertTrue(err.contains("error: the import ran past its --timeout of 15 s and was rolled back: nothing was written"), err);
            assertTrue(err.contains("fix: copy SLOW.csv to a local disk first (its drive was slow to open it), or run it again with a longer --timeout"), err);
        } finally {
            holder.destroyForcibly().waitFor(); // the lease goes with it: the open still waiting returns, and its thread closes what it opened
        }
        try (Sextant engine = Sextant.open(new SextantHome(Path.of(home)))) {
            assertTrue(engine.listSymbols("GOOD").isEmpty(), "one transaction: the file read before the slow one is not half imported");
        }
    }

    @Test
    void aTimeoutBelowOneSecondIsRefusedNamingTheOption() throws Exception {
        Path good = Files.writeString(dir.resolve("GOOD.csv"), YAHOO);
        assertEquals(2, Main.run("--home", dir.resolve("home").toString(), "import", good.toString(), "--timeout", "0"));
        assertTrue(console.err.toString().contains("--timeout must be at least 1 second, not 0"), console.err.toString());
    }

    /** A process holding a write lease on {@code file}, started once it holds it; skipped where leases or python3 are not to be had. */
    private static Process leaseHolder(Path file) throws Exception {
        assumeTrue(System.getProperty("os.name").startsWith("Linux"), "file leases are Linux's");
        Process p;
        try {
            p = new ProcessBuilder("python3", "-c", LEASE, file.toString()).redirectErrorStream(true).start();
        } catch (java.io.IOException noPython) {
            assumeTrue(false, "python3 is needed to hold a lease");
            throw noPython;
        }
        String first = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        if (!"held".equals(first)) p.destroyForcibly();
        assumeTrue("held".equals(first), "the file system gives no lease: " + first);
        return p;
    }
}
