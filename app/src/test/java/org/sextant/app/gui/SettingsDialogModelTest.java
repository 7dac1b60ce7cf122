package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.home.Settings;

/** The Settings dialog's model on real files, and the Charts model taking what it saved, without a screen. */
class SettingsDialogModelTest {
    private static final String KEY = "SECRET-7f3a9";
    @TempDir Path home;

    private Path withKey() throws Exception {
        Path f = home.resolve("settings.json");
        Files.writeString(f, "{\"import\":{\"min_date\":\"1700-01-01\"},\"default_provider\":\"tiingo\","
                + "\"providers\":{\"tiingo\":{\"url_template\":\"https://api.example/{symbol}?token={api_key}\",\"api_key\":\"" + KEY + "\"}}}");
        return f;
    }

    @Test
    void anOldFileShowsTheDefaultsAndTheKeyOnlyAsSet() throws Exception {
        SettingsDialogModel m = new SettingsDialogModel(withKey(), WorkstationTheme.DARK);
        assertTrue(m.canSave());
        assertNull(m.errorProperty().get());
        assertEquals(List.of("stooq", "tiingo"), m.providers());
        assertEquals("tiingo", m.defaultProviderProperty().get());
        assertEquals("set", m.keyState("tiingo"));
        assertEquals("not set", m.keyState("stooq"));
        assertEquals("", m.newKeyProperty("tiingo").get(), "the stored key is never put in a field");
        assertEquals(WorkstationTheme.DARK, m.themeProperty().get(), "no theme in the file: the one on screen");
        assertEquals(Sextant.DEFAULT_FORECAST_MODEL, m.modelProperty().get());
        assertEquals(String.valueOf(Sextant.DEFAULT_FORECAST_HORIZON), m.horizonProperty().get());
        assertEquals(FanLevels.ALL, m.bandsProperty().get());
    }

    @Test
    void savingWritesTheChoicesKeepsOtherKeysAndReplacesOrRemovesAKey() throws Exception {
        Path f = withKey();
        SettingsDialogModel m = new SettingsDialogModel(f, WorkstationTheme.LIGHT);
        m.themeProperty().set(WorkstationTheme.DARK);
        m.modelProperty().set("naive");
        m.horizonProperty().set(" 10 ");
        m.bandsProperty().set(FanLevels.L95);
        m.defaultProviderProperty().set("stooq");
        Settings saved = m.save();
        assertNotNull(saved, m.errorProperty().get());
        Settings back = Settings.load(f);
        assertEquals("dark", back.theme());
        assertEquals("naive", back.forecastModel());
        assertEquals(10, back.forecastHorizon());
        assertEquals(List.of(0.95), back.bandLevels());
        assertEquals("stooq", back.defaultProvider());
        assertEquals(KEY, back.providers().get("tiingo").apiKey(), "an empty replacement keeps the key");
        assertTrue(Files.readString(f).contains("min_date"), "keys the dialog does not edit are kept");

        SettingsDialogModel again = new SettingsDialogModel(f, WorkstationTheme.LIGHT);
        assertEquals(WorkstationTheme.DARK, again.themeProperty().get());
        assertEquals(FanLevels.L95, again.bandsProperty().get());
        again.newKeyProperty("tiingo").set("NEWKEY-1");
        assertNotNull(again.save());
        assertEquals("NEWKEY-1", Settings.load(f).providers().get("tiingo").apiKey());
        again.removeKeyProperty("tiingo").set(true);
        assertNotNull(again.save());
        assertNull(Settings.load(f).providers().get("tiingo").apiKey());
        assertEquals("not set", again.keyState("tiingo"));
    }

    @Test
    void aBadHorizonIsNamedAndNothingIsWritten() throws Exception {
        Path f = withKey();
        String before = Files.readString(f);
        SettingsDialogModel m = new SettingsDialogModel(f, WorkstationTheme.LIGHT);
        for (String bad : List.of("ten", "0", "261")) {
            m.horizonProperty().set(bad);
            assertNull(m.save(), bad);
            assertTrue(m.errorProperty().get().contains("forecast_horizon") && m.errorProperty().get().contains("260"), m.errorProperty().get());
            assertEquals(before, Files.readString(f));
        }
    }

    @Test
    void aBrokenFileIsShownWithItsFixAndNeverSavedOver() throws Exception {
        Path f = home.resolve("settings.json");
        Files.writeString(f, "{\"theme\":\"purple\",\"providers\":{\"x\":{\"url_template\":\"u\",\"api_key\":\"" + KEY + "\"}}}");
        SettingsDialogModel m = new SettingsDialogModel(f, WorkstationTheme.LIGHT);
        assertFalse(m.canSave());
        assertTrue(m.errorProperty().get().contains("theme") && m.errorProperty().get().contains("\"light\" or \"dark\""), m.errorProperty().get());
        assertFalse(m.errorProperty().get().contains(KEY));
        assertNull(m.save());
        assertTrue(Files.readString(f).contains(KEY), "the file is left for the person to fix");
    }

    @Test
    void theChartsModelForecastsWithTheSavedModelHorizonAndBands() throws Exception {
        Files.writeString(home.resolve("settings.json"), "{\"forecast_model\":\"naive\",\"forecast_horizon\":7,\"band_levels\":[0.8]}");
        ExecutorService ui = Executors.newSingleThreadExecutor();
        try (Sextant engine = TestStore.open(home); ChartsViewModel charts = new ChartsViewModel(engine, null, ui)) {
            assertEquals(FanLevels.L80, charts.fanLevelsProperty().get());
            ui.submit(() -> charts.select("IBM")).get().get();
            PriceForecast f = charts.forecastLoad().get();
            assertTrue(f.model().endsWith("naive"), f.model()); // the model on log prices
            assertEquals(7, f.targetDates().size());

            // saved from the dialog while IBM is on screen: forecast again at once
            ui.submit(() -> charts.applySettings(new Settings("stooq", Settings.defaults().providers(), null, "theta", 12, null))).get();
            PriceForecast g = charts.forecastLoad().get();
            assertTrue(g.model().endsWith("theta"), g.model());
            assertEquals(12, g.targetDates().size());
            assertEquals(FanLevels.ALL, ui.submit(() -> charts.fanLevelsProperty().get()).get());
            charts.backtestLoad().handle((b, e) -> null).get();
        } finally {
            ui.shutdownNow();
        }
    }

    @Test
    void aBrokenSettingsFileIsTheChartsErrorAndTheDefaultsApply() throws Exception {
        Files.writeString(home.resolve("settings.json"), "{\"forecast_horizon\":0}");
        ExecutorService ui = Executors.newSingleThreadExecutor();
        try (Sextant engine = TestStore.open(home); ChartsViewModel charts = new ChartsViewModel(engine, null, ui)) {
            assertTrue(charts.errorProperty().get().contains("forecast_horizon"), charts.errorProperty().get());
            assertNull(charts.forecastHorizon());
        } finally {
            ui.shutdownNow();
        }
    }
}
