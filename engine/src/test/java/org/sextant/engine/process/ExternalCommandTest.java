package org.sextant.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;

@DisabledOnOs(OS.WINDOWS) // the commands are POSIX shell
class ExternalCommandTest {
    @TempDir Path dir;

    @Test
    void capturesOutputAndExitCode() {
        ExternalCommand.Result r = new ExternalCommand(List.of("sh", "-c", "echo q50,1.5; echo warn >&2; exit 0"),
                dir, Duration.ofSeconds(60)).run();
        assertTrue(r.ok());
        assertNull(r.failReason());
        assertEquals("q50,1.5\n", r.stdout());
        assertEquals("warn\n", r.stderr());
    }

    @Test
    void nonZeroExitIsAFailureWithItsStderr() {
        ExternalCommand.Result r = new ExternalCommand(List.of("sh", "-c", "echo 'no module named torch' >&2; exit 3"),
                dir, Duration.ofSeconds(60)).run();
        assertEquals(3, r.exitCode());
        assertEquals("external_failed", r.failReason());
        assertTrue(r.stderr().contains("torch"));
    }

    /**
     * The failure this class exists for: the child times out while a grandchild (a background
     * job) holds stdout. A pipe reader would wait for the grandchild (300 s); the run must
     * return at the timeout and leave no process of the tree alive.
     */
    @Test
    @Timeout(120) // hang guard only: a blocked read would take the grandchild's 300 s
    void timeoutKillsTheWholeTreeWithoutBlockingOnAGrandchildsPipe() throws Exception {
        Path pids = dir.resolve("pids");
        // the grandchild is a subshell: killed children-first, it would live long enough to print "late"
        String script = "(sleep 300; echo late) & echo $! > " + pids + "; echo started; sleep 300";
        ExternalCommand.Result r = new ExternalCommand(List.of("sh", "-c", script), dir, Duration.ofSeconds(2)).run();
        assertTrue(r.timedOut());
        assertEquals("timeout", r.failReason());
        assertEquals("started\n", r.stdout(), "output before the timeout is kept; nothing runs after the kill");
        long grandchild = Long.parseLong(Files.readString(pids).strip());
        assertTrue(r.killedPids().contains(grandchild), "killed " + r.killedPids() + ", grandchild " + grandchild);
        assertTrue(r.killedPids().size() >= 2, "the shell and its children: " + r.killedPids());
        for (long pid : r.killedPids()) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "pid " + pid + " still alive");
        }
    }

    @Test
    void emptyCommandAndBadTimeoutNameTheField() {
        SextantException e = assertThrows(SextantException.class,
                () -> new ExternalCommand(List.of(), dir, Duration.ofSeconds(1)));
        assertEquals("command", e.field());
        e = assertThrows(SextantException.class,
                () -> new ExternalCommand(List.of("true"), dir, Duration.ZERO));
        assertEquals("timeout", e.field());
    }

    @Test
    void missingProgramIsAClearError() {
        SextantException e = assertThrows(SextantException.class,
                () -> new ExternalCommand(List.of(dir.resolve("no-such-forecaster").toString()), dir,
                        Duration.ofSeconds(5)).run());
        assertEquals("command", e.field());
    }
}
