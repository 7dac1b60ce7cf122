package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.geometry.Orientation;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.text.Text;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Every view of the real window at 1000×700, the smallest size the workstation promises: no
 * label, button, column header or table value (a number or date) ends in an ellipsis (a long
 * free text may: outside a table when its tooltip holds it whole), no header or cell is cut at the edge of a table
 * that cannot scroll sideways, no wrapped label breaks a word over two lines, and no button lies outside the window.
 */
@ExtendWith(ApplicationExtension.class)
class ReadableLayoutTest {
    @RegisterExtension final Workbench bench = new Workbench();

    @BeforeEach
    void sizeTheWindow() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
        }).get();
    }

    @Test
    void everyViewIsReadableAt1000By700() throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !bench.window.symbolList().getItems().isEmpty());
        WaitForAsyncUtils.asyncFx(bench.window::showOpeningSymbol).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.window.chart().drawnForecastMedian() != null);
        List<String> unreadable = new ArrayList<>();
        // the dark theme moves colours, not sizes; its pictures are to look at (text and chart lines against the dark ground)
        for (WorkstationTheme theme : WorkstationTheme.values()) {
            WaitForAsyncUtils.asyncFx(() -> bench.chrome.setTheme(theme)).get();
            String suffix = theme == WorkstationTheme.DARK ? "-dark" : "";
            for (String id : bench.window.viewIds()) {
                bench.show(id);
                // the light pass lets each view's first reads arrive and lay out (they change column widths); the dark pass
                // shows the same data again, and its colours need a layout pulse or two
                if (theme == WorkstationTheme.LIGHT) Thread.sleep(1500);
                OnScreen.awaitLayoutPulses(bench.stage.getScene(), 4);
                unreadable.addAll(WaitForAsyncUtils.asyncFx(() -> unreadable(id + suffix, bench.stage.getScene().getRoot())).get());
                org.sextant.charts.ChartSnapshot.writePng(org.sextant.charts.ChartSnapshot.capture(bench.stage.getScene().getRoot()),
                        java.nio.file.Path.of("target", "at-1000x700-" + id + suffix + ".png")); // to look at, not for the docs
            }
        }
        WaitForAsyncUtils.asyncFx(() -> bench.chrome.setTheme(WorkstationTheme.LIGHT)).get();
        // the Settings dialog over the window, at the size it opens with
        WaitForAsyncUtils.asyncFx(bench.chrome::showSettings).get();
        WaitForAsyncUtils.waitForFxEvents();
        Parent dialog = bench.chrome.settingsDialog().stage().getScene().getRoot();
        unreadable.addAll(WaitForAsyncUtils.asyncFx(() -> unreadable("settings", dialog)).get());
        WaitForAsyncUtils.asyncFx(() -> bench.chrome.settingsDialog().stage().close()).get();
        assertEquals(List.of(), unreadable);
    }

    /**
     * "jobs: button 'Cancel' outside the window", "scans: 'Coverage 95%' shown as 'Coverage 9...'",
     * "scans: column 'Closes' cell '2527' cut at the table's edge", "research: chart title 'Equity and drawdown, 1991-01-02 to
     * 2001-01-02' shown as 'Equity and drawdown, 1991-01-02 to 2001-...'", "research: axis label 'equity (growth of 1)'
     * 121 px long on an axis of 104 px", "research: 'fast.length 10' wraps inside the word 'length'".
     */
    static List<String> unreadable(String view, Parent root) {
        List<String> out = new ArrayList<>();
        Bounds window = root.localToScene(root.getLayoutBounds());
        walk(root, n -> {
            if (n instanceof Labeled l) {
                String shown = shownText(l);
                String full = l.getText() == null ? "" : l.isMnemonicParsing() ? l.getText().replace("_", "") : l.getText();
                // a part cut short (the chart heading's name) is read whole in a tooltip holding it with the rest;
                // a table's value is data and shows whole
                boolean whole = !(l instanceof IndexedCell) && l.getTooltip() != null && l.getTooltip().getText() != null
                        && l.getTooltip().getText().contains(full);
                String where = l instanceof TableCell<?, ?> cell && cell.getTableColumn() != null
                        ? "column '" + cell.getTableColumn().getText() + "' cell "
                        : l instanceof io.fair_acc.chartfx.ui.layout.TitleLabel ? "chart title " : "";
                // a cell's free text (a name, a file) may end in "…"; a number or a date never: "2527" cut reads as another number
                boolean freeText = l instanceof IndexedCell && !VALUE.matcher(full).matches();
                if (shown != null && !shown.equals(full) && (shown.endsWith("...") || shown.endsWith("…")) && !whole && !freeText) {
                    out.add(view + ": " + where + "'" + full + "' shown as '" + shown + "'");
                } else if (shown != null && !shown.isEmpty() && cutAtTableEdge(l)) {
                    out.add(view + ": " + where + "'" + full + "' cut at the table's edge");
                }
                String broken = l.isWrapText() ? brokenWord(labeledText(l)) : null;
                if (broken != null) out.add(view + ": " + where + "'" + full + "' wraps inside the word '" + broken + "'");
            }
            if (n instanceof io.fair_acc.chartfx.axes.spi.AbstractAxis axis) {
                String cut = ChartLabels.cutAxisLabel(axis);
                if (cut != null) out.add(view + ": " + cut);
            }
            if (n instanceof Button b && b.getWidth() > 0) {
                Bounds at = b.localToScene(b.getLayoutBounds());
                if (at.getMaxX() > window.getMaxX() + 1 || at.getMaxY() > window.getMaxY() + 1) {
                    out.add(view + ": button '" + b.getText() + "' outside the window");
                }
            }
        });
        return out;
    }

    /** A number, percentage, date or time as the tables show them: "-1.56%", "6e-03", "2000-12-29", "12-05 22:20", "1.05..1.02". */
    private static final java.util.regex.Pattern VALUE = java.util.regex.Pattern.compile("[-+−]?[0-9][0-9.,:%eE+\\-–/ ]*");

    /** "'-1.05%..1.02%' shown as '-1.05%..1...'": a cell whose drawn text is not its whole value. */
    static List<String> elided(TableView<?> table) {
        List<String> out = new ArrayList<>();
        for (Node n : table.lookupAll(".table-cell")) {
            if (!(n instanceof TableCell<?, ?> cell) || cell.isEmpty() || cell.getText() == null) continue;
            String shown = shownText(cell);
            if (shown != null && !shown.equals(cell.getText())) out.add(cell.getTableColumn().getText() + ": '" + cell.getText() + "' shown as '" + shown + "'");
        }
        return out;
    }

    /** "5d from 380 to 432 past the table's 368": the leaf columns whose header does not lie whole inside the table. */
    static List<String> columnsOutOfView(TableView<?> table) {
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

    /**
     * A header or cell of a table that fits its columns to its width (no sideways scroll bar)
     * whose text starts inside the table's clip and ends outside it: "2527" read as "252".
     */
    private static boolean cutAtTableEdge(Labeled l) {
        TableView<?> table = null;
        Node clipped = null;
        for (Node p = l.getParent(); p != null; p = p.getParent()) {
            if (clipped == null && p.getClip() != null) clipped = p;
            if (p instanceof TableView<?> t) {
                table = t;
                break;
            }
        }
        if (table == null || clipped == null || sidewaysScrollBar(table)) return false;
        Text text = null;
        for (Node c : l.getChildrenUnmodifiable()) if (c instanceof Text t && c.getClass().getSimpleName().equals("LabeledText")) text = t;
        if (text == null) return false;
        Bounds shown = clipped.localToScene(clipped.getClip().getBoundsInParent());
        Bounds at = text.localToScene(text.getLayoutBounds());
        return at.getMinX() < shown.getMaxX() && at.getMaxX() > shown.getMaxX() + 1;
    }

    private static boolean sidewaysScrollBar(TableView<?> table) {
        for (Node n : table.lookupAll(".scroll-bar")) {
            if (n instanceof ScrollBar bar && bar.getOrientation() == Orientation.HORIZONTAL && bar.isVisible() && bar.getHeight() > 0
                    && bar.getParent() != null && bar.getParent().isVisible()) return true;
        }
        return false;
    }

    static String shownText(Labeled l) {
        Text t = labeledText(l);
        return t == null ? null : t.getText();
    }

    /** The text a label's skin draws (its own text, or cut short with an ellipsis), null before the skin has made it. */
    static Text labeledText(Labeled l) {
        for (Node c : l.getChildrenUnmodifiable()) {
            if (c instanceof Text t && c.getClass().getSimpleName().equals("LabeledText")) return t;
        }
        return null;
    }

    /**
     * The word a wrapped text splits over two lines ("Configura|tions": too narrow for the word, the layout breaks it
     * between letters), or null: each character's line is read off where the text puts its caret.
     */
    static String brokenWord(Text text) {
        String s = text == null ? null : text.getText();
        if (s == null || s.length() < 2 || text.getWrappingWidth() <= 0) return null;
        double lineOfPrevious = caretTop(text, 0);
        for (int i = 1; i < s.length(); i++) {
            double line = caretTop(text, i);
            boolean newLine = line > lineOfPrevious + 1;
            lineOfPrevious = line;
            if (!newLine || !Character.isLetterOrDigit(s.charAt(i - 1)) || !Character.isLetterOrDigit(s.charAt(i))) continue;
            int from = i - 1;
            while (from > 0 && Character.isLetterOrDigit(s.charAt(from - 1))) from--;
            int to = i + 1;
            while (to < s.length() && Character.isLetterOrDigit(s.charAt(to))) to++;
            return s.substring(from, to);
        }
        return null;
    }

    /** The top of the caret before character {@code i}: the top of its line. */
    static double caretTop(Text text, int i) {
        for (javafx.scene.shape.PathElement e : text.caretShape(i, true)) {
            if (e instanceof javafx.scene.shape.MoveTo m) return m.getY();
        }
        return Double.NaN;
    }

    /** Visits the nodes a person can see: hidden subtrees (other tabs) are skipped. */
    private static void walk(Node n, java.util.function.Consumer<Node> visit) {
        // a list's cell (a symbol and its name) may be cut, the symbol first; a table's values may not
        if (!n.isVisible() || n instanceof IndexedCell && !(n instanceof TableCell || n instanceof javafx.scene.control.TableRow)) return;
        visit.accept(n);
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) walk(c, visit);
    }
}
