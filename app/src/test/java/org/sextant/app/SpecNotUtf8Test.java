package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A spec file saved in Latin-1 (attack 30 F4): said as the SPEC.json argument, the byte and the fix, bad input; Java's "Input length = 1" never. */
class SpecNotUtf8Test {
    @TempDir Path dir;
    @RegisterExtension final ConsoleCapture console = new ConsoleCapture();
    private final ByteArrayOutputStream err = console.err;

    @Test
    void aSpecThatIsNotUtf8IsBadInputNamingTheFileAndTheFixWithNoContentShown() throws Exception {
        // "Genève" in Latin-1: byte 20 (0xE8) is not UTF-8
        Path spec = Files.write(dir.resolve("spec.json"), "{\"version\": 1, \"Gen\u00e8ve-secret\": 1}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertEquals(2, Main.run("--home", dir.resolve("home").toString(), "backtest", spec.toString(), "--symbols", "AA"), err.toString());
        assertEquals("error [SPEC.json]: " + spec + " is not UTF-8 text (byte 20 of 34 is not a UTF-8 character)\n"
                + "  fix: save spec.json as UTF-8 (in an editor: Save As, encoding UTF-8), then run the command again\n", err.toString().replace("\r\n", "\n"));
    }
}
