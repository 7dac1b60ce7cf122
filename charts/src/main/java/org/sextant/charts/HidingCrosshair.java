package org.sextant.charts;

import io.fair_acc.chartfx.plugins.CrosshairIndicator;
import javafx.scene.input.MouseEvent;

/**
 * chartfx's crosshair, hidden when the pointer leaves the window and shown again when it moves over the plot: chartfx's
 * own (its handlers sit on the scene) clears only on a move seen elsewhere in the window, so a pointer leaving the window
 * from the plot kept a stale read-out (the sweep scatter at the window's right edge).
 */
public class HidingCrosshair extends CrosshairIndicator {
    /** Reads out the pointer's position in the axes' units, as chartfx does. */
    public HidingCrosshair() {
        registerInputEventHandler(MouseEvent.MOUSE_EXITED, e -> hide());
        registerInputEventHandler(MouseEvent.MOUSE_MOVED, e -> {
            crosshairPath.setVisible(true);
            coordinatesLabel.setVisible(true);
        });
    }

    /** Removes the crosshair until the pointer moves over the plot again. */
    public void hide() {
        // hidden, not removed: removing a node under the pointer fires a synthetic mouse exit,
        // which re-enters chartfx's handler while the plugin's children are being changed
        crosshairPath.setVisible(false);
        coordinatesLabel.setVisible(false);
    }

    /** The text now shown next to the crosshair. */
    public String text() {
        return coordinatesLabel.getText();
    }
}
