package org.sextant.charts;

import io.fair_acc.chartfx.plugins.CrosshairIndicator;
import javafx.scene.input.MouseEvent;

/** chartfx's crosshair, hidden when the pointer leaves the chart and shown again when it moves over it. */
public abstract class HidingCrosshair extends CrosshairIndicator {
    HidingCrosshair() {
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
