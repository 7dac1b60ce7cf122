package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sextant.charts.ChartSnapshot;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Analogues view's labels take their colours from the theme (workstation.css, dark.css): in the
 * whole window at 1000x700, light then dark, none carries a fixed text colour and, in dark, each is
 * legible on what is drawn behind it. Pictures go to target/ (looked at, not for the docs).
 */
@ExtendWith(ApplicationExtension.class)
class AnaloguesThemeTest {
    /** Liveness guard for the comparison and its calibration (400 walk-forward steps), not a performance bound. */
    private static final int GIVE_UP_SECONDS = 180;

    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void everyLabelTakesTheThemesColoursAndIsLegibleInTheDarkTheme(FxRobot robot) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
        }).get();
        AnaloguesView view = WaitForAsyncUtils.asyncFx(() -> (AnaloguesView) bench.window.view(AnaloguesView.ID)).get();
        bench.show(AnaloguesView.ID); // shown: today's vector, then its comparison and calibration
        AnaloguesViewModel model = view.model();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> model.responseProperty().get() != null);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> model.calibrationProperty().get() != null);
        Parent root = (Parent) view.root();
        for (String theme : List.of("light", "dark")) {
            OnScreen.clickOn(robot, "View");
            OnScreen.clickOn(robot, "#menu-theme-" + theme);
            OnScreen.awaitLayoutPulses(bench.stage.getScene(), 6); // the calibration grid and wrapped labels lay out in the new theme
            WaitForAsyncUtils.waitForFxEvents();
            WritableImage image = ChartSnapshot.capture(bench.stage.getScene().getRoot());
            ChartSnapshot.writePng(image, Path.of("target", "analogues-" + theme + "-1000x700.png"));
            List<Labeled> labels = WaitForAsyncUtils.asyncFx(() -> labeled(root)).get();
            assertTrue(labels.size() > 20, "the view's labels, calibration grid included: " + labels.size());
            assertEquals(List.of(), labels.stream().filter(l -> l.getStyle().contains("-fx-text-fill"))
                    .map(l -> l.getId() + " \"" + l.getText() + "\" " + l.getStyle()).toList(), theme + ": labels with a fixed text colour");
            if (!theme.equals("dark")) continue;
            Color page = Pixels.mostFrequent(image, root.localToScene(root.getLayoutBounds()));
            assertTrue(page.getBrightness() < 0.35, "the dark theme's background: " + page);
            List<String> faint = new ArrayList<>();
            for (Labeled l : labels) {
                if (!(l instanceof Label) || !(l.getTextFill() instanceof Color text)) continue;
                // shown: against what is drawn behind it; hidden (the error line): against the view's background
                boolean shown = l.isVisible() && l.getText() != null && !l.getText().isBlank() && l.getWidth() > 0 && visible(l);
                if (!shown && (l.getId() == null || !l.getId().startsWith("analogues-"))) continue; // a skin's empty label
                Color ground = shown ? Pixels.mostFrequent(image, l.localToScene(l.getLayoutBounds())) : page;
                double ratio = Pixels.contrast(text, ground);
                if (ratio < 4.5) faint.add(String.format("%s \"%s\": %.2f for %s on %s", l.getId(), l.getText(), ratio, text, ground));
            }
            assertEquals(List.of(), faint, "labels under WCAG AA (4.5:1) in the dark theme");
        }
    }

    private static List<Labeled> labeled(Parent root) {
        List<Labeled> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(Node n, List<Labeled> out) {
        if (n instanceof Labeled l) out.add(l);
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) collect(c, out);
    }

    /** Shown with all its ancestors (a hidden pane's labels are not on screen). */
    private static boolean visible(Node n) {
        for (Node a = n; a != null; a = a.getParent()) if (!a.isVisible()) return false;
        return true;
    }
}
