package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
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

    /** The histogram's least width at 1000x700 in pixels: 278 when the dates' whole columns were measured in the window's font. */
    private static final double HISTOGRAM_WIDTH = 290;

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
        // the columns are checked once the table has laid its rows out under headers as wide as their columns, not after a fixed pause
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> laidOut(view.datesTable())).get());

        org.sextant.charts.ChartSnapshot.writePng(org.sextant.charts.ChartSnapshot.capture(bench.stage.getScene().getRoot()),
                java.nio.file.Path.of("target", "analogues-1000x700.png")); // to look at, not for the docs
        List<String> hidden = WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.columnsOutOfView(view.datesTable())).get();
        assertEquals(List.of(), hidden, "the dates table's columns in view at 1000x700");
        assertFalse(WaitForAsyncUtils.asyncFx(() -> scrolls(view.datesTable(), Orientation.HORIZONTAL)).get(), "the dates table scrolls sideways");

        // the histogram beside them has the width to read its bars (~280 px beside the whole columns; ~365 before them)
        double histogram = WaitForAsyncUtils.asyncFx(() -> view.histogram().getWidth()).get();
        assertTrue(histogram >= HISTOGRAM_WIDTH, "the histogram is " + Math.round(histogram) + " px wide at 1000x700 beside columns of "
                + WaitForAsyncUtils.asyncFx(() -> view.datesTable().getColumns().stream().map(c -> c.getText() + " " + Math.round(c.getWidth())).toList()).get());
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
        WaitForAsyncUtils.asyncFx(() -> WorkstationTheme.DARK.applyTo(bench.stage.getScene())).get();
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents(); // the histogram draws again in the theme's colours at the next pulse
        org.sextant.charts.ChartSnapshot.writePng(org.sextant.charts.ChartSnapshot.capture(bench.stage.getScene().getRoot()),
                java.nio.file.Path.of("target", "analogues-dark-1000x700.png"));
    }

    /**
     * The table has its rows and has been laid out since its columns last changed: no layout pending, and each leaf
     * header as wide as its column and not narrower than its least width (the widths the rows' values asked for).
     */
    private static boolean laidOut(TableView<?> table) {
        if (table.isNeedsLayout() || table.lookupAll(".table-row-cell").isEmpty()) return false;
        for (Node n : table.lookupAll(".column-header")) {
            if (!(n instanceof TableColumnHeader h) || h.getTableColumn() == null || !h.getTableColumn().getColumns().isEmpty()) continue;
            if (h.isNeedsLayout() || Math.abs(h.getWidth() - h.getTableColumn().getWidth()) > 0.5
                    || h.getTableColumn().getWidth() + 0.5 < h.getTableColumn().getMinWidth()) return false;
        }
        return true;
    }

    private static boolean scrolls(Node within, Orientation orientation) {
        for (Node n : within.lookupAll(".scroll-bar")) {
            if (n instanceof ScrollBar bar && bar.getOrientation() == orientation && bar.isVisible() && bar.getWidth() > 0 && bar.getHeight() > 0
                    && (bar.getParent() == null || bar.getParent().isVisible())) return true;
        }
        return false;
    }
}
