package org.sextant.app.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.BarForecast;
import org.sextant.engine.testing.TempSextant;

/**
 * render_chart at an interval draws what the workstation draws there: bars by index with their
 * forecast's fan after the last one; a symbol with bars only (the USD/CHF sample) at its finest
 * stored interval when none is asked; daily prices at 1d on dates, as before.
 */
class RenderChartBarsTest {
    @TempSextant private Sextant engine;

    @Test
    void aSymbolWithBarsOnlyIsDrawnByBarWithItsFanAndADailyOneOnDates() throws Exception {
        ChartRenderer renderer = new ChartRenderer(engine, true);
        Map<String, Object> usdChf = renderer.render("USDCHF", null, 300, null, null, 900, 500);
        assertEquals("30m", usdChf.get("interval"), "bars only: its finest stored interval, as the workstation opens it");
        assertEquals(300, usdChf.get("closes_shown"));
        assertTrue(((String) usdChf.get("title")).startsWith("USDCHF 30m close, "), (String) usdChf.get("title"));
        BarForecast engineFan = engine.getForecast("USDCHF", "30m", null, null, null, null);
        @SuppressWarnings("unchecked") Map<String, Object> fan = (Map<String, Object>) usdChf.get("forecast");
        assertEquals(engineFan.targetTs().size(), fan.get("horizon"));
        assertEquals("2001-03-30T16:30-05:00", usdChf.get("last_ts_local"));
        assertEquals(engineFan.targetTsLocal().get(engineFan.targetTs().size() - 1), fan.get("last_target_ts_local"));
        BufferedImage png = png(usdChf, "render-usdchf-30m.png");
        assertEquals(900, png.getWidth());
        assertTrue(fanPixels(png) > 200, "the orange fan after the last bar is drawn: " + fanPixels(png));

        assertEquals("30m", usdChf.get("drawn_interval"));
        assertEquals(null, usdChf.get("note"));
        assertTitleNamesTheAnswersDates(usdChf);
        // an FX day opens at 17:00 New York the evening before: the title's clock date, the field's trading day
        Map<String, Object> evening = renderer.render("USDCHF", "30m", 2000, null, null, 1000, 600);
        assertTitleNamesTheAnswersDates(evening);
        assertEquals("2001-01-31T18:00-05:00", evening.get("first_ts_local"));
        assertEquals(java.time.LocalDate.parse("2001-02-01"), evening.get("first_date"));

        // 20,000 half hours do not fit 900 px: drawn coarser, and the answer says so and how to see 30m bars
        Map<String, Object> many = renderer.render("USDCHF", "30m", 20000, null, null, 900, 500);
        assertEquals("30m", many.get("interval"));
        String drawnMany = (String) many.get("drawn_interval");
        assertTrue(!drawnMany.equals("30m") && ((String) many.get("title")).startsWith("USDCHF " + drawnMany + " close"), many.get("title") + " / " + drawnMany);
        String note = (String) many.get("note");
        assertTrue(note.startsWith("20000 bars of 30m do not fit a 900 px picture: drawn as " + drawnMany + " bars"), note);
        // the answer's dates are the picture's, as its title names them: the coarser bar holding the first 30m bar asked
        // (late on Friday 1999-08-20) starts off screen, so the picture starts on the next trading day, 1999-08-23
        assertTitleNamesTheAnswersDates(many);
        assertEquals(java.time.LocalDate.parse("1999-08-23"), many.get("first_date"), many.get("title").toString());
        int fit = Integer.parseInt(note.replaceAll(".*ask for at most (\\d+) days.*", "$1"));
        assertEquals("30m", renderer.render("USDCHF", "30m", fit, null, null, 900, 500).get("drawn_interval"), "the number it suggests does fit");

        Map<String, Object> weekly = renderer.render("IBM", "1w", 100, null, null, 800, 450);
        assertEquals("1w", weekly.get("interval"));
        assertTrue(((String) weekly.get("title")).startsWith("IBM 1w close, "), (String) weekly.get("title"));
        assertTrue(fanPixels(png(weekly, "render-ibm-1w.png")) > 200);
        assertTrue(((String) weekly.get("title")).endsWith(", " + weekly.get("first_date") + " to " + weekly.get("last_date")), weekly.toString());
        assertEquals(null, weekly.get("first_ts_local"), "days need no time: the title names first_date");

        Map<String, Object> daily = renderer.render("IBM", "1d", 250, null, null, 800, 450);
        assertEquals("1d", daily.get("interval"));
        assertEquals(renderer.render("IBM", 250, null, null, 800, 450).get("title"), daily.get("title"), "1d of daily prices: the chart as before");
        assertTrue(((String) daily.get("title")).endsWith(", " + daily.get("first_date") + " to " + daily.get("last_date")), daily.toString());
    }

    /** "USDCHF 4h close, 1999-08-22 17:00 to 2001-03-30 13:00 New York": the first drawn bar's open and the last one's trading day; "… 1d close, 1999-08-23 to 2001-03-30": the two days. */
    private static void assertTitleNamesTheAnswersDates(Map<String, Object> answer) {
        String title = (String) answer.get("title");
        String firstTs = (String) answer.get("first_ts_local");
        if (firstTs == null) { // days: the title names them
            assertTrue(title.endsWith(" close, " + answer.get("first_date") + " to " + answer.get("last_date")),
                    title + " / " + answer.get("first_date") + " / " + answer.get("last_date"));
            return;
        }
        assertTrue(title.contains(" close, " + firstTs.substring(0, 16).replace('T', ' ') + " to "), title + " / " + firstTs);
        String last = title.replaceAll(".* to (\\S+ \\S+) New York$", "$1");
        String lastDay = last.length() == 16 ? last.substring(0, 10) : firstTs.substring(0, 5) + last.substring(0, 5);
        // the last bars asked close before 17:00 New York: their clock date is their trading day
        assertEquals(answer.get("last_date").toString(), lastDay, title);
    }

    private static BufferedImage png(Map<String, Object> answer, String name) throws Exception {
        byte[] bytes = Base64.getDecoder().decode((String) answer.get("png_base64"));
        Files.write(Files.createDirectories(Path.of("target")).resolve(name), bytes); // to look at
        return ImageIO.read(new ByteArrayInputStream(bytes));
    }

    private static int fanPixels(BufferedImage png) {
        int fan = 0;
        for (int y = 0; y < png.getHeight(); y++) {
            for (int x = 0; x < png.getWidth(); x++) if (HeadlessRenderChartTest.fanOrange(png.getRGB(x, y) & 0xFFFFFF)) fan++;
        }
        return fan;
    }
}
