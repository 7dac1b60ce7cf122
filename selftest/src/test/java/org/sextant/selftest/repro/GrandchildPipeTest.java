package org.sextant.selftest.repro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.process.ExternalCommand;

/**
 * Reproduction (b): an external model times out while its grandchild (here a background job of
 * the shell, like a worker pool) still holds stdout and stderr. The runner the engine uses for
 * external forecasters must return at the timeout, kill the whole tree, and say "timeout".
 */
@DisabledOnOs(OS.WINDOWS) // the command is POSIX shell
class GrandchildPipeTest {
    @TempDir Path dir;

    @Test
    @Timeout(240) // hang guard only: a read blocked on the grandchild's pipe would wait its full 600 s
    @DisplayName("reproduction (b): a call times out while a grandchild holds the pipe; the tree dies, the read does not block")
    void timeoutWithAGrandchildHoldingThePipe() throws Exception {
        Path pids = dir.resolve("pids");
        // child: prints, starts a grandchild that inherits stdout/stderr and outlives it, then hangs
        String script = "echo partial; (sleep 600; echo late) & echo $! > " + pids + "; sleep 600";
        ExternalCommand.Result r = new ExternalCommand(List.of("sh", "-c", script), dir, Duration.ofSeconds(3)).run();

        assertEquals("timeout", r.failReason());
        assertEquals("partial\n", r.stdout());
        long grandchild = Long.parseLong(Files.readString(pids).strip());
        assertTrue(r.killedPids().contains(grandchild), "killed " + r.killedPids() + ", grandchild " + grandchild);
        for (long pid : r.killedPids()) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "pid " + pid + " survived");
        }
    }
}
