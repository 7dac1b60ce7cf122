package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

/**
 * render_chart's first draw wrote JavaFX's class-path warning (two lines through stderr) into
 * sextant.log, which agents read with read_app_log. JavaFX logs through System.Logger "javafx",
 * as this test does (from the class path, like JavaFX in the app).
 */
class JavaFxWarningFilterTest {
    @Test
    void theClassPathWarningIsDroppedOtherJavaFxWarningsAreKept() {
        java.util.logging.Logger jul = java.util.logging.Logger.getLogger("javafx");
        List<String> seen = new ArrayList<>();
        Handler capture = new Handler() {
            @Override public void publish(LogRecord r) { seen.add(r.getMessage()); }
            @Override public void flush() {}
            @Override public void close() {}
        };
        boolean parents = jul.getUseParentHandlers();
        jul.addHandler(capture);
        jul.setUseParentHandlers(false);
        try {
            Logging.dropJavaFxClassPathWarning();
            System.Logger javafx = System.getLogger("javafx");
            javafx.log(System.Logger.Level.WARNING, "Unsupported JavaFX configuration: classes were loaded from 'unnamed module @69eee410'");
            javafx.log(System.Logger.Level.WARNING, "Loading FXML document with JavaFX API of version 22 by JavaFX runtime of version 21");
            assertEquals(List.of("Loading FXML document with JavaFX API of version 22 by JavaFX runtime of version 21"), seen);
        } finally {
            jul.removeHandler(capture);
            jul.setUseParentHandlers(parents);
        }
    }
}
