package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.TextArea;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The strategy graph editor of the Research tab in the real window at 1000x700 has the room to read a spec: 50 columns of
 * its monospaced font (half a 100-column JSON line, so a node's line wraps once or twice, not into a column of fragments).
 * It had about 31.
 */
@ExtendWith(ApplicationExtension.class)
class ResearchEditorRoomTest {
    /** Half a 100-column line of JSON; not ResearchPane.SPEC_COLUMNS: the test says what a reader needs. */
    private static final int COLUMNS = 50;

    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void theSpecEditorShowsFiftyColumnsAt1000By700() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
        }).get();
        bench.show(ResearchView.ID);
        double[] widths = WaitForAsyncUtils.asyncFx(() -> {
            TextArea editor = ((ResearchView) bench.window.view(ResearchView.ID)).specEditor();
            // the area the text wraps in: beside the scroll bar, inside the text's padding
            Region content = (Region) editor.lookup(".content");
            Text columns = new Text("0".repeat(COLUMNS));
            columns.setFont(editor.getFont());
            return new double[] {content.getWidth() - content.snappedLeftInset() - content.snappedRightInset(),
                    columns.getLayoutBounds().getWidth(), bench.stage.getWidth()};
        }).get();
        assertTrue(widths[0] >= widths[1], String.format(java.util.Locale.ROOT,
                "the editor's text is %.0f px wide in a %.0f px window; %d columns of its font need %.0f", widths[0], widths[2], COLUMNS, widths[1]));
    }
}
