package org.sextant.app.crash;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * Session 47: a FIFO at SEXTANT_HOME/run/home-id.lock hung `sextant --headless` at its start, before its local API, with
 * nothing on its terminal. It starts, and its terminal (System.err is the log file by then) says what to remove.
 */
// hang guard only: the child's start is waited on by AppProcess's own bound
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HeadlessHomeIdLockTest {
    @TempDir Path dir;

    @Test
    void theHeadlessAppStartsWithAFifoAtItsIdLockAndItsTerminalSaysWhatToRemove() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Sextant.open(home).close();
        Path lock = home.runDir().resolve("home-id.lock");
        Files.deleteIfExists(lock);
        assumeTrue(new ProcessBuilder("mkfifo", lock.toString()).start().waitFor() == 0, "mkfifo is needed");

        AppProcess app = AppProcess.launch(home.root(), dir.resolve("tmp"));
        try {
            assertTrue(app.awaitPublished(), "the app started: " + app.console());
            String terminal = app.console();
            assertTrue(terminal.contains("warning: this home's id lock " + lock + " is not a regular file (a pipe, socket or device): the home id is read"
                    + " without it this time (fix: remove " + lock + ": the next start makes it anew)"), terminal);
        } finally {
            app.quit();
            app.awaitExit();
        }
    }
}
