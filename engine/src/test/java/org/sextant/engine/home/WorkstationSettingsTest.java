package org.sextant.engine.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;

/** The workstation's optional choices in settings.json: old files load, bad values are named, saving keeps the rest. */
class WorkstationSettingsTest {
    @TempDir Path dir;

    @Test
    void aFileWithoutTheWorkstationChoicesLoadsWithThemUnset() throws Exception {
        Path f = dir.resolve("settings.json");
        Files.writeString(f, "{\"default_provider\":\"stooq\",\"providers\":{}}");
        Settings s = Settings.load(f);
        assertNull(s.theme());
        assertNull(s.forecastModel());
        assertNull(s.forecastHorizon());
        assertNull(s.bandLevels());
    }

    @Test
    void theChoicesRoundTripAndSavingKeepsKeysItDoesNotHold() throws Exception {
        Path f = dir.resolve("settings.json");
        Files.writeString(f, "{\"import\":{\"min_date\":\"1700-01-01\"},\"providers\":{\"mine\":{\"url_template\":\"https://x/{symbol}?k={api_key}\",\"api_key\":\"SECRET123\"}}}");
        Settings s = Settings.load(f);
        new Settings("mine", s.providers(), "dark", "naive", 10, List.of(0.95)).save(f);
        Settings back = Settings.load(f);
        assertEquals("mine", back.defaultProvider());
        assertEquals("dark", back.theme());
        assertEquals("naive", back.forecastModel());
        assertEquals(10, back.forecastHorizon());
        assertEquals(List.of(0.95), back.bandLevels());
        assertEquals("SECRET123", back.providers().get("mine").apiKey());
        assertEquals("1700-01-01", Json.MAPPER.readTree(Files.readString(f)).path("import").path("min_date").asString());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        assertFalse(Json.write(back.masked()).contains("SECRET123"));
        assertEquals("dark", back.masked().theme(), "state.json shows the choices, only keys are masked");
    }

    @Test
    void unsettingAChoiceRemovesItsKey() throws Exception {
        Path f = dir.resolve("settings.json");
        new Settings("stooq", Settings.defaults().providers(), "dark", null, 30, null).save(f);
        Settings.load(f);
        new Settings("stooq", Settings.defaults().providers(), null, null, 30, null).save(f);
        assertFalse(Files.readString(f).contains("theme"), Files.readString(f));
        assertEquals(30, Settings.load(f).forecastHorizon());
    }

    @Test
    void eachBrokenValueNamesItsKeyAndTheFix() throws Exception {
        Map<String, String> broken = Map.of(
                "theme", "{\"theme\":\"purple\"}",
                "forecast_model", "{\"forecast_model\":\"crystal_ball\"}",
                "forecast_horizon", "{\"forecast_horizon\":0}",
                "band_levels", "{\"band_levels\":[0.5]}");
        Map<String, String> wrongType = Map.of(
                "theme", "{\"theme\":1}",
                "forecast_horizon", "{\"forecast_horizon\":\"ten\"}",
                "band_levels", "{\"band_levels\":\"all\"}");
        Path f = dir.resolve("settings.json");
        for (Map<String, String> cases : List.of(broken, wrongType)) {
            for (var c : cases.entrySet()) {
                Files.writeString(f, c.getValue());
                SextantException e = assertThrows(SextantException.class, () -> Settings.load(f), c.getValue());
                assertEquals(c.getKey(), e.field(), c.getValue());
                assertTrue(e.getMessage().contains(c.getKey()) && e.fix().contains(c.getKey()) && e.fix().contains("settings.json"),
                        e.getMessage() + " / " + e.fix());
            }
        }
        Files.writeString(f, "{\"forecast_horizon\": 261}");
        assertTrue(assertThrows(SextantException.class, () -> Settings.load(f)).fix().contains("1 to 260"));
    }

    @Test
    void bandLevelsInAnyOrderAreAChoice() throws Exception {
        Path f = dir.resolve("settings.json");
        Files.writeString(f, "{\"band_levels\":[0.99, 0.8, 0.95], \"theme\": \"DARK\"}");
        Settings s = Settings.load(f);
        assertEquals(3, s.bandLevels().size());
        assertEquals("dark", s.theme());
    }
}
