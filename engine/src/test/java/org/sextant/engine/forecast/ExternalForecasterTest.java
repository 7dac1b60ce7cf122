package org.sextant.engine.forecast;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Uses /bin/sh scripts, so it runs on Unix-like systems only. */
class ExternalForecasterTest {
    private static final double[] Y = {10, 11, 12, 13};

    private static void unixOnly() {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh");
    }

    @Test
    void readsQuantilesWrittenByTheCommand(@TempDir Path tmp) throws Exception {
        unixOnly();
        // a toy model: last value as median, ±1 and ±2 as the 80% and 95% bands
        Path script = tmp.resolve("model.sh");
        Files.writeString(script, """
                last=$(tail -n 1 "$1" | cut -d, -f2)
                echo step,quantile,value > "$2"
                for s in $(seq 1 "$3"); do
                  echo "$s,0.5,$last" >> "$2"
                  echo "$s,0.1,$(echo "$last - 1" | bc)" >> "$2"; echo "$s,0.9,$(echo "$last + 1" | bc)" >> "$2"
                  echo "$s,0.025,$(echo "$last - 2" | bc)" >> "$2"; echo "$s,0.975,$(echo "$last + 2" | bc)" >> "$2"
                done
                """);
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/bc")), "needs bc");
        Forecast f = new ExternalForecaster("toy", List.of("/bin/sh", script.toString()), Duration.ofSeconds(30))
                .forecast(Y, 1, 2, new double[] {0.8, 0.95});
        assertArrayEquals(new double[] {13, 13}, f.median(), 1e-12);
        assertEquals(11, f.band(0.95).lower(1), 1e-12);
        assertEquals(14, f.band(0.8).upper(0), 1e-12);
    }

    @Test
    void timeoutKillsTheWholeTreeEvenWhenAGrandchildHoldsTheOutput(@TempDir Path tmp) throws Exception {
        unixOnly();
        Path pidFile = tmp.resolve("grandchild.pid");
        // the grandchild inherits stdout/stderr and outlives its parent's wait
        Path script = tmp.resolve("hang.sh");
        Files.writeString(script, "sleep 300 & echo $! > " + pidFile + "\nwait\n");
        ExternalForecaster f = new ExternalForecaster("hang", List.of("/bin/sh", script.toString()), Duration.ofSeconds(5));
        SextantException e = assertThrows(SextantException.class, () -> f.forecast(Y, 1, 2, new double[] {0.8}));
        assertEquals("timeout", e.failReason());
        assertTrue(Files.exists(pidFile), "the script did not start its grandchild before the timeout");
        long pid = Long.parseLong(Files.readString(pidFile).trim());
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "grandchild " + pid + " still alive");
    }

    @Test
    void badOutputIsACleanError(@TempDir Path tmp) throws Exception {
        unixOnly();
        Path script = tmp.resolve("bad.sh");
        Files.writeString(script, "echo step,quantile,value > \"$2\"\necho 1,0.5,3 >> \"$2\"\n");
        SextantException e = assertThrows(SextantException.class,
                () -> new ExternalForecaster("bad", List.of("/bin/sh", script.toString()), Duration.ofSeconds(30)).forecast(Y, 1, 1, new double[] {0.8}));
        assertEquals("external_failed", e.failReason());
        Path fail = tmp.resolve("fail.sh");
        Files.writeString(fail, "echo boom >&2\nexit 3\n");
        SextantException e2 = assertThrows(SextantException.class,
                () -> new ExternalForecaster("fail", List.of("/bin/sh", fail.toString()), Duration.ofSeconds(30)).forecast(Y, 1, 1, new double[] {0.8}));
        assertEquals("external_failed", e2.failReason());
        assertEquals(true, e2.getMessage().contains("boom"), e2.getMessage());
    }
}
