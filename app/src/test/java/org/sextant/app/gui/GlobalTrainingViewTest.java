package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sextant.engine.Json;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * With model global chosen in Settings and no global model trained, the chart's forecast bar
 * offers "Train global model" (at 1000×700); one click trains it and the global fan is drawn.
 */
@ExtendWith(ApplicationExtension.class)
class GlobalTrainingViewTest {
    @RegisterExtension final Workbench bench = new Workbench().preparing(h -> {
        Files.writeString(h.settingsJson(), "{\"forecast_model\":\"global\",\"forecast_horizon\":20}");
        Files.writeString(Files.createDirectories(h.root()).resolve(WorkstationLayout.FILE),
                Json.write(new WorkstationLayout(null, null, 1000, 700, false, 0.25, "charts", "light", "KO", null)));
    });

    @Test
    void theForecastBarOffersTheTrainingAndDrawsTheGlobalFanAfterIt(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> !bench.window.symbolList().getItems().isEmpty()));
        WaitForAsyncUtils.asyncFx(bench.window::showOpeningSymbol).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> shown("#train-global")));
        assertNull(onFx(() -> bench.charts.forecastProperty().get()), "no fan without a trained model");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> bench.charts.errorProperty().get() != null));
        assertTrue(onFx(() -> ((javafx.scene.control.Label) lookup("#status-error")).getText()).contains("not been trained"));
        assertTrue(onFx(() -> lookup("#train-global").localToScene(lookup("#train-global").getBoundsInLocal()).getMaxX()
                <= bench.stage.getScene().getWidth()), "the button fits the 1000-pixel window");
        bench.photograph("global-training-offer");

        OnScreen.clickOn(robot, "#train-global");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> shown("#cancel-global-training")));
        assertFalse(onFx(() -> shown("#train-global")), "one training at a time");
        WaitForAsyncUtils.waitFor(3 * GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> bench.charts.forecastProperty().get() != null));
        assertTrue(onFx(() -> bench.charts.forecastProperty().get().model()).endsWith("global"));
        assertFalse(onFx(() -> shown("#train-global")));
        assertFalse(onFx(() -> shown("#cancel-global-training")));
        assertEquals("", onFx(() -> bench.charts.globalTraining().statusProperty().get()));
        assertTrue(bench.engine.globalModelTrained(20));
    }

    private Node lookup(String selector) {
        return bench.stage.getScene().lookup(selector);
    }

    private boolean shown(String selector) {
        Node n = lookup(selector);
        return n != null && n.isVisible() && n.isManaged();
    }

    private static <T> T onFx(Callable<T> work) {
        try {
            return WaitForAsyncUtils.asyncFx(work).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
