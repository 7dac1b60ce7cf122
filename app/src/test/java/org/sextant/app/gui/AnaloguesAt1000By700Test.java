package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableColumnHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Analogues view in the real window at 1000x700 after today's comparison: every column of the dates table (the
 * forward returns up to 5d and the regime) is in view without a sideways scroll, and the notes under the statistics
 * are read whole, not through a scrolling box.
 */
@ExtendWith(ApplicationExtension.class)
class AnaloguesAt1000By700Test {
    /** Liveness guard for today's comparison over the sample history, not a performance bound. */
    private static final int COMPARISON_GIVE_UP_SECONDS = 180;

    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void theDatesColumnsAndTheNotesAreInViewWithoutScrolling() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
        }).get();
        bench.show(AnaloguesView.ID); // its first showing loads today's vector and compares it
        AnaloguesView view = (AnaloguesView) bench.window.view(AnaloguesView.ID);
        WaitForAsyncUtils.waitFor(COMPARISON_GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> view.model().responseProperty().get() != null);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !view.datesTable().lookupAll(".table-row-cell").isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(500); // the table widens its columns to the values at the pulse after the rows arrive
        WaitForAsyncUtils.waitForFxEvents();

        List<String> hidden = WaitForAsyncUtils.asyncFx(() -> columnsOutOfView(view.datesTable())).get();
        assertEquals(List.of(), hidden, "the dates table's columns in view at 1000x700");
        assertFalse(WaitForAsyncUtils.asyncFx(() -> scrolls(view.datesTable(), Orientation.HORIZONTAL)).get(), "the dates table scrolls sideways");

        // the histogram beside the dates keeps its title and labels whole (a dates pane widened to 12px values crushed it)
        assertEquals(List.of(), WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.unreadable("analogues", bench.stage.getScene().getRoot())).get());

        String notes = WaitForAsyncUtils.asyncFx(() -> view.model().notesProperty().get()).get();
        assertFalse(notes.isEmpty(), "the sample's comparison has notes (dimensions left out)");
        Node box = WaitForAsyncUtils.asyncFx(() -> bench.stage.getScene().lookup("#analogues-notes")).get();
        assertFalse(WaitForAsyncUtils.asyncFx(() -> scrolls(box, Orientation.VERTICAL)).get(), "the notes box scrolls: " + notes);
        if (box instanceof Labeled l) {
            assertEquals(notes, WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.shownText(l)).get(), "the notes shown whole");
            assertFalse(WaitForAsyncUtils.asyncFx(() -> l.getHeight() + 1 < l.prefHeight(l.getWidth())).get(), "the notes cut at the bottom");
        }
        org.sextant.charts.ChartSnapshot.writePng(org.sextant.charts.ChartSnapshot.capture(bench.stage.getScene().getRoot()),
                java.nio.file.Path.of("target", "analogues-1000x700.png")); // to look at, not for the docs
    }

    /** "5d from 380 to 432 past the table's 368": the leaf columns whose header does not lie whole inside the table. */
    private static List<String> columnsOutOfView(TableView<?> table) {
        List<String> out = new ArrayList<>();
        Bounds shown = table.localToScene(table.getLayoutBounds());
        double right = shown.getMaxX() - table.snappedRightInset();
        for (Node n : table.lookupAll(".column-header")) {
            if (!(n instanceof TableColumnHeader h) || h.getTableColumn() == null || !h.getTableColumn().getColumns().isEmpty()) continue;
            if (!h.getTableColumn().isVisible()) continue;
            Bounds at = h.localToScene(h.getLayoutBounds());
            if (at.getMaxX() > right + 1) {
                out.add(String.format(java.util.Locale.ROOT, "%s from %.0f to %.0f past the table's %.0f",
                        h.getTableColumn().getText(), at.getMinX() - shown.getMinX(), at.getMaxX() - shown.getMinX(), right - shown.getMinX()));
            }
        }
        return out;
    }

    private static boolean scrolls(Node within, Orientation orientation) {
        for (Node n : within.lookupAll(".scroll-bar")) {
            if (n instanceof ScrollBar bar && bar.getOrientation() == orientation && bar.isVisible() && bar.getWidth() > 0 && bar.getHeight() > 0
                    && (bar.getParent() == null || bar.getParent().isVisible())) return true;
        }
        return false;
    }
}
