package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** Drives the Agents view: last call, the pilot flag as the person sets it, a config copied, every tool listed. */
@ExtendWith(ApplicationExtension.class)
class AgentsViewTest {
    @RegisterExtension final Workbench bench = new Workbench().preparing(home -> ApiActivity.use(() -> System.currentTimeMillis() - 42_000));

    @AfterEach
    void forgetTheLastCall() {
        ApiActivity.use(null);
    }

    @Test
    void showsTheGatesTheConfigsAndTheToolsAndCopiesAConfig(FxRobot robot) throws Exception {
        bench.show("agents");
        AgentsView view = (AgentsView) bench.window.view("agents");
        String last = robot.lookup("#agents-last-call").queryLabeled().getText();
        assertTrue(last.startsWith("Last call to the local API 4"), last);
        assertTrue(robot.lookup("#agents-pilot-state").queryLabeled().getText().startsWith("OFF"));
        assertEquals("touch " + bench.engine.home().pilotFlag(), robot.lookup("#agents-pilot-create").queryTextInputControl().getText());
        assertTrue(robot.lookup("#agents-runs").queryLabeled().getText().contains("\"SEXTANT_ALLOW_RUNS\": \"1\""));

        TableView<?> tools = robot.lookup("#agents-tools").queryAs(TableView.class);
        assertEquals(McpTools.bundled().size(), tools.getItems().size());
        // the count on the picture is the bundled table's, not a number written down once
        assertTrue(robot.lookup("#agents-tool-count").queryLabeled().getText().startsWith(McpTools.bundled().size() + " tools ("));

        OnScreen.clickOn(robot, "#agents-copy-vscode");
        String vscode = robot.lookup("#agents-config-vscode").queryAs(TextArea.class).getText();
        assertEquals(vscode, view.lastCopied());
        assertEquals(vscode, WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get());
        assertTrue(vscode.contains("\"servers\"") && vscode.contains("\"type\" : \"stdio\""), vscode);

        Files.createFile(bench.engine.home().pilotFlag()); // by hand, as the person would
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> robot.lookup("#agents-pilot-state").queryLabeled().getText().startsWith("ON"));
        bench.photograph("agents");
    }
}
