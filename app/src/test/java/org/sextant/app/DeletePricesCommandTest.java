package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/** sextant delete-prices: the rows per interval, what is left and the import that puts them back; a refusal in the command's words. */
class DeletePricesCommandTest {
    @TempDir Path dir;
    @org.junit.jupiter.api.extension.RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();
    private final ByteArrayOutputStream out = console.out;
    private final ByteArrayOutputStream err = console.err;

    @Test
    void deletesOneIntervalSaysWhatIsLeftAndHowToPutItBack() throws Exception {
        String home = dir.resolve("home").toString();
        Path daily = Files.writeString(Files.createDirectories(dir.resolve("d")).resolve("ZZD.csv"), "Date,Close\n2001-01-02,1.5\n2001-01-03,1.6\n2001-01-04,1.7\n");
        StringBuilder weeks = new StringBuilder("Date,Close\n");
        for (int i = 0; i < 10; i++) weeks.append(java.time.LocalDate.of(2001, 1, 5).plusWeeks(i)).append(',').append(2 + i).append('\n');
        Path weekly = Files.writeString(Files.createDirectories(dir.resolve("w")).resolve("ZZD.csv"), weeks);
        assertEquals(0, Main.run("--home", home, "import", daily.toString(), weekly.toString()), err.toString());

        err.reset();
        assertEquals(2, Main.run("--home", home, "delete-prices", "ZZD", "--interval", "1h"));
        assertEquals("error [--interval]: 'ZZD' has no 1h prices: it has 1d and 1w (3 daily rows, 10 1w bars); nothing was deleted\n"
                + "  fix: give --interval as 1d or 1w, or leave it out to delete every interval of ZZD\n", err.toString().replace("\r\n", "\n"));

        out.reset();
        assertEquals(0, Main.run("--home", home, "delete-prices", "zzd", "--interval", "1d"), err.toString());
        List<String> lines = out.toString().lines().toList();
        assertTrue(lines.get(0).startsWith("deleted 3 daily rows of ZZD, kept in " + Path.of(home, "data", "deleted")), lines.toString());
        assertEquals("ZZD still has 1w", lines.get(1));
        assertTrue(lines.get(2).startsWith("to put them back: sextant import "), lines.toString());

        String kept = lines.get(2).substring("to put them back: sextant import ".length());
        assertEquals(0, Main.run("--home", home, "import", kept), err.toString());
        try (Sextant engine = Sextant.open(new SextantHome(Path.of(home)))) {
            assertEquals(List.of("1d", "1w"), engine.storedIntervals("ZZD"));
            assertEquals(3, engine.getClosePrice("ZZD", null, null).size());
        }
    }
}
