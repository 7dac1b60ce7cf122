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

/** A settings.json that is not JSON is refused by where it breaks, never quoting its text: it holds the providers' API keys. */
class UnreadableSettingsTest {
    @TempDir Path dir;

    @Test
    void aBrokenSettingsFileIsNamedByWhereItBreaksNotByItsText() throws Exception {
        Path file = Files.writeString(dir.resolve("settings.json"), "{\"providers\": {\"paid\": {\"url_template\": \"https://x/{symbol}\",\n"
                + "  \"api_key\": sk_live_5ecret}}}");
        SextantException e = assertThrows(SextantException.class, () -> Settings.load(file));
        assertEquals("settings.json", e.field());
        assertFalse((e.getMessage() + e.fix()).contains("sk_live"), e.getMessage());
        assertTrue(e.getMessage().startsWith("settings file " + file + " is not valid JSON (line 2, column "), e.getMessage());
    }
}
