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
import javafx.geometry.Bounds;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableColumnHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Analogues view in the real window at 1000x700 after today's comparison: every column of the dates table (the
 * forward returns up to 5d and the regime) is in view without a sideways scroll, every column of the statistics too, no
 * value cut to "...", the dimensions keep their rows when the calibration arrives, and the notes under the statistics
 * are read whole, not through a scrolling box.
 */
@ExtendWith(ApplicationExtension.class)
class AnaloguesAt1000By700Test {
    /** Liveness guard for today's comparison over the sample history, not a performance bound. */
    private static final int COMPARISON_GIVE_UP_SECONDS = 180;

    /** The histogram's least width at 1000x700 in pixels: ~295 with the calibration in the column left of it, ~317 with it under the dates. */
    private static final double HISTOGRAM_WIDTH = 305;

    /**
     * The histogram's least height at 1000x700 in pixels: ~358 with the headline across the window and the statistics and
     * calibration in tabs (it had 305 under the headline, the statistics and the notes).
     */
    private static final double HISTOGRAM_HEIGHT = 350;

    /** Analogue dates in view at least beside the histogram: enough to compare a few (the calibration under them left three). */
    private static final int DATE_ROWS = 6;

    /** Dimension rows in view at least, with the calibration shown: the sample's vector holds more (three were left). */
    private static final int DIMENSION_ROWS = 10;

    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void theDatesColumnsAndTheNotesAreInViewWithoutScrolling() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
        }).get();
        bench.show(AnaloguesView.ID); // its first showing loads today's vector and compares it
        AnaloguesView view = (AnaloguesView) bench.window.view(AnaloguesView.ID);
        TableView<?> dimensions = (TableView<?>) WaitForAsyncUtils.asyncFx(() -> bench.stage.getScene().lookup("#analogues-dimensions")).get();
        // today's vector is read before the comparison starts: the first read of the store under load takes long
        WaitForAsyncUtils.waitFor(COMPARISON_GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> rowsInView(dimensions)).get() > 0);
        WaitForAsyncUtils.waitForFxEvents();
        int dimensionsBefore = WaitForAsyncUtils.asyncFx(() -> rowsInView(dimensions)).get();
        WaitForAsyncUtils.waitFor(COMPARISON_GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> view.model().responseProperty().get() != null);
        // the calibration's eight figures arrive after the comparison: the dimensions keep their rows (it crushed them to three)
        WaitForAsyncUtils.waitFor(COMPARISON_GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> view.model().calibrationProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        int dimensionsAfter = WaitForAsyncUtils.asyncFx(() -> rowsInView(dimensions)).get();
        int dimensionsHeld = WaitForAsyncUtils.asyncFx(() -> dimensions.getItems().size()).get();
        assertTrue(dimensionsAfter >= Math.min(dimensionsBefore, dimensionsHeld) && dimensionsAfter >= Math.min(DIMENSION_ROWS, dimensionsHeld),
                "dimension rows in view: " + dimensionsBefore + " before the calibration, " + dimensionsAfter + " after, of " + dimensionsHeld);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !view.datesTable().lookupAll(".table-row-cell").isEmpty());
        // the columns are checked once the table has laid its rows out under headers as wide as their columns, not after a fixed pause
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> laidOut(view.datesTable())).get());

        org.sextant.charts.ChartSnapshot.writePng(org.sextant.charts.ChartSnapshot.capture(bench.stage.getScene().getRoot()),
                java.nio.file.Path.of("target", "analogues-1000x700.png")); // to look at, not for the docs
        List<String> hidden = WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.columnsOutOfView(view.datesTable())).get();
        assertEquals(List.of(), hidden, "the dates table's columns in view at 1000x700");
        assertFalse(WaitForAsyncUtils.asyncFx(() -> scrolls(view.datesTable(), Orientation.HORIZONTAL)).get(), "the dates table scrolls sideways");

        // the histogram beside them has the width to read its bars (~295 px with the calibration left of it, ~317 with it under the dates)
        double histogram = WaitForAsyncUtils.asyncFx(() -> view.histogram().getWidth()).get();
        System.out.printf(java.util.Locale.ROOT, "analogues at 1000x700: histogram %.0f x %.0f px, dimension rows %d before the calibration, %d after%n",
                histogram, WaitForAsyncUtils.asyncFx(() -> view.histogram().getHeight()).get(), dimensionsBefore, dimensionsAfter);
        // and the height to read them, beside dates enough to compare (headline, statistics and notes took it: 305 px, three rows)
        double histogramHeight = WaitForAsyncUtils.asyncFx(() -> view.histogram().getHeight()).get();
        assertTrue(histogramHeight >= HISTOGRAM_HEIGHT, "the histogram is " + Math.round(histogramHeight) + " px high at 1000x700");
        int dateRows = WaitForAsyncUtils.asyncFx(() -> rowsInView(view.datesTable())).get();
        assertTrue(dateRows >= DATE_ROWS, "analogue dates in view at 1000x700 with the calibration shown: " + dateRows);
        assertTrue(histogram >= HISTOGRAM_WIDTH, "the histogram is " + Math.round(histogram) + " px wide at 1000x700 beside columns of "
                + WaitForAsyncUtils.asyncFx(() -> view.datesTable().getColumns().stream().map(c -> c.getText() + " " + Math.round(c.getWidth())).toList()).get());
        // every statistic whole and every column of the statistics in view, measured in their 11 px print (in the window's 13 px
        // they scrolled sideways at 1000x700)
        TableView<?> stats = (TableView<?>) WaitForAsyncUtils.asyncFx(() -> bench.stage.getScene().lookup("#analogues-stats")).get();
        assertEquals(List.of(), WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.elided(stats)).get(), "statistics cut to \"...\"");
        assertEquals(List.of(), WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.elided(view.datesTable())).get(), "dates' values cut to \"...\"");
        assertEquals(List.of(), WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.columnsOutOfView(stats)).get(), "the statistics' columns at 1000x700");
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

    /** Rows of {@code table} holding an item and lying whole inside its rows' viewport. */
    static int rowsInView(TableView<?> table) {
        Node headers = table.lookup(".column-header-background");
        if (headers == null) return 0;
        double top = headers.localToScene(headers.getLayoutBounds()).getMaxY();
        double bottom = table.localToScene(table.getLayoutBounds()).getMaxY() - table.snappedBottomInset();
        int n = 0;
        for (Node r : table.lookupAll(".table-row-cell")) {
            if (!(r instanceof TableRow<?> row) || row.getItem() == null || !row.isVisible()) continue;
            Bounds at = row.localToScene(row.getLayoutBounds());
            if (at.getHeight() > 0 && at.getMinY() >= top - 0.5 && at.getMaxY() <= bottom + 0.5) n++;
        }
        return n;
    }

    private static boolean scrolls(Node within, Orientation orientation) {
        for (Node n : within.lookupAll(".scroll-bar")) {
            if (n instanceof ScrollBar bar && bar.getOrientation() == orientation && bar.isVisible() && bar.getWidth() > 0 && bar.getHeight() > 0
                    && (bar.getParent() == null || bar.getParent().isVisible())) return true;
        }
        return false;
    }
}
