package org.sextant.engine.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;

/** settings.json renamed over while it is read (another program saving it): read again, and at every try refused with what to do. */
class ReplacedSettingsTest {
    @TempDir
    Path home;

    @Test
    void settingsReplacedOnceAreReadAsTheyWereSaved() throws Exception {
        Path file = Files.writeString(home.resolve("settings.json"), "{\"theme\": \"light\"}");
        RenamedOver saving = new RenamedOver();
        Settings s = Settings.load(file, () -> {
            if (saving.saves() == 0) saving.save(file, "{\"theme\": \"dark\"}");
        });
        assertEquals("dark", s.theme(), "the settings saved meanwhile, read whole on the next try");
    }

    @Test
    void settingsReplacedAtEveryTryAreRefusedNamingTheFileAndWhatToDo() throws Exception {
        Path file = Files.writeString(home.resolve("settings.json"), "{\"theme\": \"light\"}");
        RenamedOver saving = new RenamedOver();
        SextantException e = assertThrows(SextantException.class,
                () -> Settings.load(file, () -> saving.save(file, "{\"theme\": \"SAVED-" + saving.saves() + "\"}")));
        assertEquals("invalid_input", e.failReason());
        assertEquals("settings.json", e.field());
        assertEquals("settings file " + file + " was replaced while it was opened, not read (each of its tries)", e.getMessage());
        assertEquals("try again once nothing else is saving " + file, e.fix());
        assertFalse(e.getMessage().contains("SAVED"), "the file's content is not echoed");
        assertTrue(saving.saves() > 1, "tried again before refusing: " + saving.saves());
    }
}
