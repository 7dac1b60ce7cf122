package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * Berlin 5-minute bars without a zone: the import says they were read as UTC and got the fx session, and `sextant session`
 * (which docs/data.md once said was SQL, refused as read-only) sets the session the reads annualise along.
 */
class SessionCommandTest {
    @TempDir Path dir;
    @org.junit.jupiter.api.extension.RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();
    private final ByteArrayOutputStream out = console.out;
    private final ByteArrayOutputStream err = console.err;

    @Test
    void theImportSaysHowItReadTheBarsAndSessionSetsTheSession() throws Exception {
        String home = dir.resolve("home").toString();
        StringBuilder csv = new StringBuilder("datetime,symbol,open,high,low,close,volume\n");
        double price = 14000;
        for (LocalDate d = LocalDate.of(2024, 1, 2); d.isBefore(LocalDate.of(2024, 1, 13)); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            for (LocalDateTime t = d.atTime(9, 0); t.isBefore(d.atTime(17, 30)); t = t.plusMinutes(5)) {
                price += (t.getMinute() % 10 == 0 ? 1.5 : -1.25);
                csv.append(t.toString().replace('T', ' ')).append(":00,DAX.FUT,").append(price).append(',').append(price + 2).append(',')
                        .append(price - 2).append(',').append(price + 0.5).append(",100\n");
            }
        }
        Path file = Files.writeString(dir.resolve("intraday_5m.csv"), csv);
        assertEquals(0, Main.run("--home", home, "import", file.toString()), err.toString());
        String imported = out.toString();
        assertTrue(imported.contains("  interval 5m; times iso in datetime (read as UTC): the file gives no zone;"), imported);
        assertTrue(imported.contains("import again with --timezone, e.g. --timezone Europe/Berlin"), imported);
        assertTrue(imported.contains("  session fx (24x5, the trading day ends 17:00 New York) for DAX.FUT; change it with: sextant session SYMBOL "), imported);

        err.reset();
        assertEquals(2, Main.run("--home", home, "session", "DAX.FUT", "asia_equity"));
        assertTrue(err.toString().contains("SESSION \"asia_equity\" is not one of fx, us_equity, eu_equity, xetra, six, lse, euronext, continuous"), err.toString());
        assertEquals("fx", session(home));

        out.reset();
        assertEquals(0, Main.run("--home", home, "session", "dax.fut", "six"), err.toString());
        assertEquals("session of DAX.FUT: six (09:00-17:20 Zurich and the closing auction to 17:30, Monday to Friday), was fx" + System.lineSeparator(), out.toString());
        assertEquals("six", session(home));

        // xetra is another name of eu_equity, stored as such (stores of before read on)
        out.reset();
        assertEquals(0, Main.run("--home", home, "session", "dax.fut", "xetra"), err.toString());
        assertEquals("session of DAX.FUT: eu_equity (09:00-17:30 Berlin and the closing auction to 17:35, Monday to Friday), was six" + System.lineSeparator(), out.toString());
        assertEquals("eu_equity", session(home));
    }

    private static String session(String home) {
        try (Sextant engine = Sextant.open(new SextantHome(Path.of(home)))) {
            return engine.store().read(c -> {
                try (var r = c.createStatement().executeQuery("SELECT session FROM symbol_sessions WHERE symbol = 'DAX.FUT'")) {
                    return r.next() ? r.getString(1) : null;
                }
            });
        }
    }
}
