package org.sextant.engine.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.Random;

/** CSV files of prices every read warns about (data_warning), for the engine's and the app's tests. Seeded walks. */
public final class WarnedFiles {
    private WarnedFiles() {}

    /** A long file: DAYX on 500 weekdays and WEEKX on 150 Fridays from 2010-01-04, each a seeded 1% walk (WEEKX imports as daily prices). */
    public static Path weeklyAmongDaily(Path file) throws Exception {
        Random moves = new Random(7);
        StringBuilder csv = new StringBuilder("symbol,date,close\n");
        double day = 100, week = 50;
        int days = 0, weeks = 0;
        for (LocalDate d = LocalDate.of(2010, 1, 4); days < 500 || weeks < 150; d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            if (days++ < 500) csv.append("DAYX,").append(d).append(',').append(day *= 1 + 0.01 * moves.nextGaussian()).append('\n');
            if (d.getDayOfWeek() == DayOfWeek.FRIDAY && weeks++ < 150) {
                csv.append("WEEKX,").append(d).append(',').append(week *= 1 + 0.02 * moves.nextGaussian()).append('\n');
            }
        }
        return Files.writeString(file, csv);
    }

    /** 400 hourly bars of a 1% walk, seven a weekday from 09:30, x1.5 from bar 200 on, which starts {@code skipDays} days later. */
    public static Path hourly(Path file, int skipDays) throws Exception {
        Random moves = new Random(1);
        StringBuilder csv = new StringBuilder("timestamp,close\n");
        LocalDate d = LocalDate.of(2010, 1, 4);
        double p = 100;
        for (int i = 0; i < 400; i++) {
            if (i > 0 && i % 7 == 0) do d = d.plusDays(1); while (d.getDayOfWeek().getValue() > 5);
            if (i == 200) {
                d = d.plusDays(skipDays);
                while (d.getDayOfWeek().getValue() > 5) d = d.plusDays(1);
            }
            p *= 1 + 0.01 * moves.nextGaussian();
            csv.append(d).append(' ').append(String.format("%02d:30:00", 9 + i % 7)).append(',').append(i >= 200 ? p * 1.5 : p).append('\n');
        }
        return Files.writeString(file, csv);
    }
}
