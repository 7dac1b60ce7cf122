package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.home.SextantHome;

/** `sextant forecast SYMBOL --as-of DAY` on the sample (IBM's closes to Tuesday 2001-01-02): the past forecast beside the closes that followed. */
class ForecastAsOfCliTest {
    @TempDir Path dir;
    @org.junit.jupiter.api.extension.RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();
    private final ByteArrayOutputStream out = console.out;
    private final ByteArrayOutputStream err = console.err;

    @org.junit.jupiter.api.BeforeEach
    void firstStarted() {
        org.sextant.engine.testing.SampleStoreCopy.into(new SextantHome(dir.resolve("home")));
    }

    @Test
    void aPastForecastIsPrintedBesideTheClosesAfterItsStartWithTheCountInside() {
        assertEquals(0, run("forecast", "IBM", "--as-of", "2000-07-02", "--horizon", "5", "--model", "naive"), err.toString());
        String text = out.toString();
        assertTrue(text.contains("IBM naive (on log prices) from 2000-06-30 (last "), "the week-aligned start on or before the Sunday: " + text);
        assertFalse(text.contains("are used once their week ends"), "no closes are said to be left out for later: " + text);
        assertTrue(text.contains("  closes after the start (adjusted as the forecast), beside each step's bands:\n"), text);
        // IBM's first trading day of July 2000, beside the first step's three bands
        assertTrue(Pattern.compile("(?m)^    1 2000-07-03 +\\d+\\.\\d+  80% \\S+\\.\\.\\S+ (in |out)  95% \\S+\\.\\.\\S+ (in |out)  99% \\S+\\.\\.\\S+ (in|out)$")
                .matcher(text).find(), text);
        assertTrue(text.contains("\n    5 2000-07-10 "), "five steps, five closes: " + text);
        Matcher counts = Pattern.compile("(?m)^  inside the bands: 80% (\\d) of 5; 95% (\\d) of 5; 99% (\\d) of 5$").matcher(text);
        assertTrue(counts.find(), text);
        assertEquals(count(text, "80% \\S+ in "), Integer.parseInt(counts.group(1)), "the count is the steps marked in: " + text);
        assertEquals(count(text, "99% \\S+ in$"), Integer.parseInt(counts.group(3)), text);
    }

    @Test
    void stepsNotYetStoredAreSaidNotScored() {
        assertEquals(0, run("forecast", "IBM", "--as-of", "2000-12-29", "--horizon", "5", "--model", "naive"), err.toString());
        String text = out.toString();
        assertTrue(text.contains("\n    1 2001-01-02 "), text);
        assertTrue(text.contains("  inside the bands: 80% ") && text.contains(" of 1; 95% "), text);
        assertTrue(text.contains("  steps 2..5 (2001-01-03 to 2001-01-08) have no stored close yet: nothing is said of them\n"), text);
    }

    @Test
    void aBadAsOfIsRefusedNamingTheOptionAndTheFix() {
        assertEquals(2, run("forecast", "IBM", "--as-of", "2000-13-45"));
        assertEquals("error: --as-of 2000-13-45 is not a date: use yyyy-MM-dd\n  see sextant forecast --help\n", err.toString().replace("\r\n", "\n"));
        err.reset();
        assertEquals(2, run("forecast", "IBM", "--as-of", "2001-06-01"));
        assertEquals("error: --as-of 2001-06-01 is after IBM's last close 2001-01-02\n  fix: give an --as-of from 1991-01-02 to 2001-01-02 "
                + "(IBM's stored days), or leave --as-of out to forecast from the last completed week\n", err.toString().replace("\r\n", "\n"));
        err.reset();
        assertEquals(2, run("forecast", "IBM", "--as-of", "2000-06-30", "--interval", "1h"));
        assertTrue(err.toString().startsWith("error: --as-of forecasts the daily closes of a past week"), err.toString());
    }

    private static int count(String text, String regex) {
        return (int) Pattern.compile("(?m)" + regex).matcher(text).results().count();
    }

    private int run(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--home";
        all[1] = dir.resolve("home").toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return Main.run(all);
    }
}
