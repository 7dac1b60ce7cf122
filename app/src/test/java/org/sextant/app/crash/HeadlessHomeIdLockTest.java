package org.sextant.app.crash;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.app.FifoAtIdLock;

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
        FifoAtIdLock fifo = FifoAtIdLock.in(dir);

        AppProcess app = AppProcess.launch(fifo.home().root(), dir.resolve("tmp"));
        try {
            assertTrue(app.awaitPublished(), "the app started: " + app.console());
            String terminal = app.console();
            assertTrue(terminal.contains("warning: " + fifo.warning()), terminal);
        } finally {
            app.quit();
            app.awaitExit();
        }
    }
}
