package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableView;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** Drives a table's right-click "Export CSV…" as a person would, into a file the test chose. */
final class TableExports {
    /** Liveness guard, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 60;

    private TableExports() {}

    /** Right-clicks {@code table}, picks Export CSV… and returns the written file's lines (each ended by CRLF), split into cells. */
    static List<List<String>> byMenu(FxRobot robot, TableView<?> table, Path file) throws Exception {
        return byClicking(robot, table, file, () -> {
            OnScreen.rightClickOn(robot, table);
            OnScreen.clickOn(robot, "#" + table.getId() + "-export-csv");
        });
    }

    /** As {@link #byMenu}, through the view's own Export CSV… button ({@code button}, a query). */
    static List<List<String>> byButton(FxRobot robot, TableView<?> table, String button, Path file) throws Exception {
        return byClicking(robot, table, file, () -> OnScreen.clickOn(robot, button));
    }

    private static List<List<String>> byClicking(FxRobot robot, TableView<?> table, Path file, Runnable clicks) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> TableExport.setTarget(table, suggested -> file)).get();
        clicks.run();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> Files.exists(file));
        String csv = Files.readString(file);
        assertTrue(csv.endsWith("\r\n"), "RFC 4180 lines end with CRLF");
        // the tables' cells hold no comma or quote, so a plain split reads them
        return Arrays.stream(csv.split("\r\n")).map(line -> List.of(line.split(",", -1))).toList();
    }
}
