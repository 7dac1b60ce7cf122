package org.sextant.app.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.ChartData;
import org.sextant.engine.testing.TempSextant;

/**
 * render_chart's last_close is the last point of the line it draws (the adjusted close where stored, what the fan grows
 * from), named as get_chart_data's closes.price names it; the close as stored beside it when the two differ.
 */
class RenderChartAdjustedCloseTest {
    private static final LocalDate SPLIT = LocalDate.of(2000, 7, 10);

    @TempSextant private Sextant engine;
    @TempDir Path tmp;

    @Test
    void lastCloseIsTheDrawnAdjustedCloseNamedAsGetChartDataNamesItTheStoredCloseBeside() throws Exception {
        engine.importPrices(List.of(split()));
        ChartRenderer renderer = new ChartRenderer(engine, true);
        Map<String, Object> drawn = renderer.render("SPLITZ", null, 250, "naive", 5, 800, 450);
        ChartData data = engine.getChartData("SPLITZ", 250, "naive", 5);
        assertEquals("adjusted close", data.closes().price());
        assertEquals(data.closes().price(), drawn.get("price"), "named as get_chart_data's closes.price");
        double last = (double) drawn.get("last_close");
        assertEquals(adjusted(LocalDate.of(2000, 12, 29)), last, 1e-4, "the adjusted close drawn, not the stored close, half of it after the split");
        assertEquals(engine.getForecast("SPLITZ", "naive", 5, null).lastClose(), last, 1e-9, "what the fan grows from");
        assertEquals(adjusted(LocalDate.of(2000, 12, 29)) / 2, (double) drawn.get("last_close_unadjusted"), 1e-4, "the close as stored");
        assertEquals(List.of("price", "last_close", "last_close_unadjusted", "forecast"), after("last_date", drawn), "said together");

        Files.writeString(tmp.resolve("PLAINZ.csv"), "Date,Close\n2000-01-03,10\n2000-01-04,11\n2000-01-05,10.5\n2000-01-06,10.7\n2000-01-07,10.9\n"
                + "2000-01-10,11.2\n2000-01-11,11.1\n2000-01-12,11.4\n2000-01-13,11.3\n2000-01-14,11.6\n");
        engine.importPrices(List.of(tmp.resolve("PLAINZ.csv")));
        Map<String, Object> plain = renderer.render("PLAINZ", null, 20, "naive", 2, 800, 450);
        assertEquals("close", plain.get("price"));
        assertEquals(engine.getChartData("PLAINZ", 20, "naive", 2).closes().price(), plain.get("price"));
        assertEquals(11.6, (double) plain.get("last_close"), 1e-9);
        assertFalse(plain.containsKey("last_close_unadjusted"), "one close only where nothing was adjusted");
    }

    /** docs/mcp.md names every field of render_chart's answer (the launcher moves png_base64 to the image). */
    @Test
    void theToolsDocumentationNamesEveryFieldOfTheAnswer() throws Exception {
        engine.importPrices(List.of(split()));
        Map<String, Object> drawn = new ChartRenderer(engine, true).render("SPLITZ", null, 250, "naive", 5, 800, 450);
        String doc = Files.readString(Path.of("../docs/mcp.md"));
        int at = doc.indexOf("\n- `render_chart`:");
        String section = doc.substring(at, doc.indexOf("\n- `", at + 1));
        List<String> missing = drawn.keySet().stream().filter(k -> !k.equals("png_base64") && !section.contains("`" + k + "`") && !section.contains("`" + k + " {")).toList();
        assertEquals(List.of(), missing, "fields of render_chart's answer docs/mcp.md does not name");
    }

    /** The answer's keys after {@code key}, up to the picture. */
    private static List<String> after(String key, Map<String, Object> answer) {
        List<String> keys = List.copyOf(answer.keySet());
        return keys.subList(keys.indexOf(key) + 1, keys.indexOf("png_base64"));
    }

    /**
     * SPLITZ 1999-2000: the Adj Close runs on across a 2:1 split on 2000-07-10, stated in the shares before it, so the
     * stored closes after the split are half the adjusted ones and the last close stored is not the last one drawn.
     */
    private Path split() throws Exception {
        StringBuilder out = new StringBuilder("Date,Open,High,Low,Close,Adj Close,Volume\n");
        for (LocalDate d = LocalDate.of(1999, 1, 4); d.isBefore(LocalDate.of(2001, 1, 1)); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            double adj = adjusted(d), raw = adj / (d.isBefore(SPLIT) ? 1 : 2);
            out.append(String.format(Locale.ROOT, "%s,%.4f,%.4f,%.4f,%.4f,%.4f,1000%n", d, raw, raw * 1.01, raw * 0.99, raw, adj));
        }
        return Files.writeString(tmp.resolve("SPLITZ.csv"), out);
    }

    private static double adjusted(LocalDate d) {
        return Math.round((40 + 5 * Math.sin(d.toEpochDay() / 11.0)) * 1e4) / 1e4;
    }
}
