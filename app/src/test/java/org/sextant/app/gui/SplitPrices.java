package org.sextant.app.gui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.Locale;

/**
 * A Yahoo file of SPLITX (1998-2000) whose raw prices halve at a 2:1 split on 2000-07-10 while its Adj Close runs on:
 * the raw closes before the split are twice the adjusted ones, so a chart of raw closes sits far from a fan fitted on
 * the adjusted closes across the split.
 */
final class SplitPrices {
    static final String SYMBOL = "SPLITX";
    static final LocalDate SPLIT = LocalDate.of(2000, 7, 10);

    private SplitPrices() {}

    /** Writes the file as {@code dir}/SPLITX.csv. */
    static Path write(Path dir) throws Exception {
        StringBuilder out = new StringBuilder("Date,Open,High,Low,Close,Adj Close,Volume\n");
        java.util.Random moves = new java.util.Random(7);
        double adj = 40;
        for (LocalDate d = LocalDate.of(1998, 1, 2); d.isBefore(LocalDate.of(2001, 1, 1)); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            double open = adj;
            adj *= Math.exp(0.0003 + 0.015 * moves.nextGaussian());
            double factor = d.isBefore(SPLIT) ? 2 : 1;
            double high = Math.max(open, adj) * 1.01, low = Math.min(open, adj) * 0.99;
            out.append(String.format(Locale.ROOT, "%s,%.4f,%.4f,%.4f,%.4f,%.4f,%d%n", d, open * factor, high * factor, low * factor, adj * factor, adj,
                    100_000 + moves.nextInt(50_000)));
        }
        return Files.writeString(Files.createDirectories(dir).resolve(SYMBOL + ".csv"), out);
    }
}
