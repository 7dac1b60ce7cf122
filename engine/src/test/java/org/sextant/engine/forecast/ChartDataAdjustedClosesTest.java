package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;

/**
 * get_chart_data draws the closes its forecast is fitted on: across a 2:1 split the raw closes before it are twice the
 * adjusted ones the fan starts from, and an agent plotting the answer saw the fan far from the line.
 */
class ChartDataAdjustedClosesTest {
    @TempSextant private Sextant engine;
    @TempDir Path tmp;

    @Test
    void theLineIsTheAdjustedClosesTheFanIsFittedOnAndSaysSo() throws Exception {
        engine.importPrices(List.of(split()));
        ChartData c = engine.getChartData("SPLITY", 250, "naive", 5);
        assertEquals("adjusted close", c.closes().price());
        List<Double> line = c.closes().close();
        assertEquals(c.forecast().lastClose(), line.get(line.size() - 1), 1e-9, "the fan starts from the line's last point");
        int before = c.closes().dates().indexOf("2000-07-07"); // the last day before the split: the adjusted close, not twice it
        assertEquals(adjusted(LocalDate.of(2000, 7, 7)), line.get(before), 1e-4);
        assertTrue(c.plotHints().title().startsWith("SPLITY daily adjusted close with a 5-day"), c.plotHints().title());

        Files.writeString(tmp.resolve("PLAIN.csv"), "Date,Close\n2000-01-03,10\n2000-01-04,11\n2000-01-05,10.5\n2000-01-06,10.7\n2000-01-07,10.9\n"
                + "2000-01-10,11.2\n2000-01-11,11.1\n2000-01-12,11.4\n2000-01-13,11.3\n2000-01-14,11.6\n");
        engine.importPrices(List.of(tmp.resolve("PLAIN.csv")));
        assertEquals("close", engine.getChartData("PLAIN", 20, "naive", 2).closes().price());
    }

    /** SPLITY 1999-2000: the adjusted close runs on, the raw prices before 2000-07-10 are twice it. */
    private Path split() throws Exception {
        StringBuilder out = new StringBuilder("Date,Open,High,Low,Close,Adj Close,Volume\n");
        for (LocalDate d = LocalDate.of(1999, 1, 4); d.isBefore(LocalDate.of(2001, 1, 1)); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            double adj = adjusted(d), raw = adj * (d.isBefore(LocalDate.of(2000, 7, 10)) ? 2 : 1);
            out.append(String.format(Locale.ROOT, "%s,%.4f,%.4f,%.4f,%.4f,%.4f,1000%n", d, raw, raw * 1.01, raw * 0.99, raw, adj));
        }
        return Files.writeString(tmp.resolve("SPLITY.csv"), out);
    }

    private static double adjusted(LocalDate d) {
        return Math.round((40 + 5 * Math.sin(d.toEpochDay() / 11.0)) * 1e4) / 1e4;
    }
}
