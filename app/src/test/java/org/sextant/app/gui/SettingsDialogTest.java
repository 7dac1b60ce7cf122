package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.home.Settings;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * File > Settings on the real window: the key is never on screen, saving applies the theme, the
 * chart's model, horizon and bands at once, and a window opened afterwards (a restart) starts with them.
 */
@ExtendWith(ApplicationExtension.class)
class SettingsDialogTest {
    private static final String KEY = "SECRET-7f3a9";

    @RegisterExtension final Workbench bench = new Workbench().preparing(h -> Files.writeString(h.settingsJson(), "{\"default_provider\":\"tiingo\",\"providers\":{\"tiingo\":"
            + "{\"url_template\":\"https://api.example/{symbol}?token={api_key}\",\"api_key\":\"" + KEY + "\"}}}"));
    private final Path settings = bench.engine.home().settingsJson();
    private Workbench restarted;

    @AfterEach
    void closeTheRestartedWindow() throws Exception {
        if (restarted != null) {
            WaitForAsyncUtils.asyncFx(() -> restarted.stage.close()).get();
            restarted.charts.forecastLoad().handle((f, e) -> null).get();
            restarted.charts.close();
        }
    }

    @Test
    void savedSettingsApplyAtOnceAndAfterARestartAndTheKeyIsNeverShown(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !bench.window.symbolList().getItems().isEmpty());
        WaitForAsyncUtils.asyncFx(bench.window::showOpeningSymbol).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.window.chart().drawnForecastMedian() != null);

        OnScreen.clickOn(robot, "File");
        OnScreen.clickOn(robot, "#menu-settings");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.chrome.settingsDialog() != null && bench.chrome.settingsDialog().stage().isShowing());
        Parent dialog = bench.chrome.settingsDialog().stage().getScene().getRoot();
        assertEquals(List.of(), WaitForAsyncUtils.asyncFx(() -> textsNaming(dialog, KEY)).get(), "the stored key is on screen");
        assertEquals("API key set", robot.from(dialog).lookup("#settings-key-state-tiingo").queryLabeled().getText());
        assertEquals("API key not set", robot.from(dialog).lookup("#settings-key-state-stooq").queryLabeled().getText());

        // a horizon that cannot be is refused in the dialog, naming the setting
        TextField horizon = robot.from(dialog).lookup("#settings-horizon").queryAs(TextField.class);
        OnScreen.doubleClickOn(robot, horizon).eraseText(4).write("0");
        OnScreen.clickOn(robot, "#settings-save");
        String error = robot.from(dialog).lookup("#settings-error").queryLabeled().getText();
        assertTrue(error.contains("forecast_horizon") && error.contains("1 to 260"), error);
        assertTrue(bench.chrome.settingsDialog().stage().isShowing(), "a refused save keeps the dialog open");

        OnScreen.doubleClickOn(robot, horizon).eraseText(4).write("10");
        WaitForAsyncUtils.asyncFx(() -> {
            bench.chrome.settingsDialog().model().modelProperty().set("naive");
            bench.chrome.settingsDialog().model().bandsProperty().set(FanLevels.L95);
            bench.chrome.settingsDialog().model().themeProperty().set(WorkstationTheme.DARK);
        }).get();
        OnScreen.clickOn(robot, "#settings-key-tiingo").write("NEWKEY-1");
        assertEquals(List.of(), WaitForAsyncUtils.asyncFx(() -> textsNaming(dialog, "NEWKEY-1")).get(), "a typed key shows as dots");
        assertTrue(robot.from(dialog).lookup("#settings-error").queryLabeled().getText() == null
                || robot.from(dialog).lookup("#settings-error").queryLabeled().getText().isEmpty(), "an edit clears the refusal");
        bench.photograph("settings", dialog);
        OnScreen.clickOn(robot, "#settings-save");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(bench.chrome.settingsDialog().stage().isShowing());

        // at once: the theme, the bands drawn, the forecast asked for again with the new model and horizon
        assertEquals(WorkstationTheme.DARK, WorkstationTheme.of(bench.stage.getScene()));
        assertEquals(FanLevels.L95, bench.window.levelChoice().getValue());
        PriceForecast f = bench.charts.forecastLoad().get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        assertTrue(f.model().endsWith("naive"), f.model());
        assertEquals(10, f.targetDates().size());
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.window.chart().drawnForecastMedian() != null
                && bench.window.chart().drawnForecastMedian().getDataCount() <= 10 + 1);
        Settings saved = Settings.load(settings);
        assertEquals("NEWKEY-1", saved.providers().get("tiingo").apiKey());
        assertEquals(10, saved.forecastHorizon());

        // a restart: a new window on the same SEXTANT_HOME opens dark, 95%, with a 10-day naive forecast
        WaitForAsyncUtils.asyncFx(() -> restarted = new Workbench(bench.engine, new Stage())).get();
        assertEquals(WorkstationTheme.DARK, WorkstationTheme.of(restarted.stage.getScene()));
        assertEquals(FanLevels.L95, restarted.window.levelChoice().getValue());
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !restarted.window.symbolList().getItems().isEmpty());
        WaitForAsyncUtils.asyncFx(restarted.window::showOpeningSymbol).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> restarted.charts.forecastProperty().get() != null);
        assertEquals(10, restarted.charts.forecastProperty().get().targetDates().size());
    }

    /** Every text on screen (labels, fields, prompts) that contains {@code secret}. */
    private static List<String> textsNaming(Parent root, String secret) {
        List<String> out = new ArrayList<>();
        walk(root, n -> {
            String text = n instanceof Labeled l ? l.getText() : n instanceof TextInputControl t && !(t instanceof javafx.scene.control.PasswordField) ? t.getText() : null;
            if (n instanceof javafx.scene.text.Text t) text = t.getText();
            if (text != null && text.contains(secret)) out.add(n.getClass().getSimpleName() + " " + n.getId() + ": " + text);
        });
        return out;
    }

    private static void walk(Node n, java.util.function.Consumer<Node> visit) {
        visit.accept(n);
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) walk(c, visit);
    }
}
