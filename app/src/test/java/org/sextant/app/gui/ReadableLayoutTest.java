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
import javafx.scene.text.Text;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Every view of the real window at 1000×700, the smallest size the workstation promises: no
 * label, button or column header ends in an ellipsis (a long free text may, when its tooltip
 * holds it whole), and no button lies outside the window.
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
        for (String id : bench.window.viewIds()) {
            bench.show(id);
            Thread.sleep(1500); // let the view's first reads arrive and lay out (they change column widths)
            WaitForAsyncUtils.waitForFxEvents();
            unreadable.addAll(WaitForAsyncUtils.asyncFx(() -> unreadable(id, bench.stage.getScene().getRoot())).get());
            org.sextant.charts.ChartSnapshot.writePng(org.sextant.charts.ChartSnapshot.capture(bench.stage.getScene().getRoot()),
                    java.nio.file.Path.of("target", "at-1000x700-" + id + ".png")); // to look at, not for the docs
        }
        // the Settings dialog over the window, at the size it opens with
        WaitForAsyncUtils.asyncFx(bench.chrome::showSettings).get();
        WaitForAsyncUtils.waitForFxEvents();
        Parent dialog = bench.chrome.settingsDialog().stage().getScene().getRoot();
        unreadable.addAll(WaitForAsyncUtils.asyncFx(() -> unreadable("settings", dialog)).get());
        WaitForAsyncUtils.asyncFx(() -> bench.chrome.settingsDialog().stage().close()).get();
        assertEquals(List.of(), unreadable);
    }

    /** "jobs: button 'Cancel' outside the window", "scans: 'Coverage 95%' shown as 'Coverage 9...'". */
    static List<String> unreadable(String view, Parent root) {
        List<String> out = new ArrayList<>();
        Bounds window = root.localToScene(root.getLayoutBounds());
        walk(root, n -> {
            if (n instanceof Labeled l) {
                String shown = shownText(l);
                String full = l.getText() == null ? "" : l.isMnemonicParsing() ? l.getText().replace("_", "") : l.getText();
                // a part cut short (the chart heading's name) is read whole in a tooltip holding it with the rest
                boolean whole = l.getTooltip() != null && l.getTooltip().getText() != null && l.getTooltip().getText().contains(full);
                if (shown != null && !shown.equals(full) && shown.endsWith("...") && !whole) {
                    out.add(view + ": '" + full + "' shown as '" + shown + "'");
                }
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

    private static String shownText(Labeled l) {
        for (Node c : l.getChildrenUnmodifiable()) {
            if (c instanceof Text t && c.getClass().getSimpleName().equals("LabeledText")) return t.getText();
        }
        return null;
    }

    /** Visits the nodes a person can see: hidden subtrees (other tabs) are skipped. */
    private static void walk(Node n, java.util.function.Consumer<Node> visit) {
        if (!n.isVisible() || n instanceof IndexedCell) return; // a cell's text is data, cut with its tooltip or the row's
        visit.accept(n);
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) walk(c, visit);
    }
}
