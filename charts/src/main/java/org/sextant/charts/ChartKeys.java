package org.sextant.charts;

import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;

/**
 * Keyboard zoom and pan on a {@link PriceChart}: + (or =) zooms in and - zooms out around the
 * middle of the dates shown, the left and right arrows move a tenth of them back or forward;
 * prices follow what is shown. The chart takes the keyboard focus when clicked.
 */
final class ChartKeys {
    /** What one key press keeps of the dates shown when zooming in (its inverse when zooming out). */
    static final double ZOOM_STEP = 0.8;
    /** What one arrow press moves, as a share of the dates shown. */
    static final double PAN_STEP = 0.1;

    private ChartKeys() {}

    static void install(PriceChart chart) {
        chart.setFocusTraversable(true);
        chart.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> chart.requestFocus()); // before chartfx's plot area consumes it
        chart.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.isControlDown() || e.isAltDown() || e.isMetaDown()) return; // the window's shortcuts
            if (handle(chart, e.getCode(), e.getText())) e.consume();
        });
    }

    private static boolean handle(PriceChart chart, KeyCode code, String text) {
        double min = chart.dateAxis().getMin();
        double max = chart.dateAxis().getMax();
        double width = max - min;
        if (chart.series() == null || chart.series().size() == 0 || !(width > 0)) return false;
        double mid = (min + max) / 2;
        if (code == KeyCode.PLUS || code == KeyCode.ADD || code == KeyCode.EQUALS || "+".equals(text)) {
            chart.navigate(mid - width * ZOOM_STEP / 2, mid + width * ZOOM_STEP / 2);
        } else if (code == KeyCode.MINUS || code == KeyCode.SUBTRACT || "-".equals(text)) {
            chart.navigate(mid - width / ZOOM_STEP / 2, mid + width / ZOOM_STEP / 2);
        } else if (code == KeyCode.LEFT || code == KeyCode.RIGHT) {
            double step = (code == KeyCode.LEFT ? -1 : 1) * width * PAN_STEP;
            chart.navigate(min + step, max + step);
        } else {
            return false;
        }
        return true;
    }
}
