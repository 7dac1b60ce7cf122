package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The carry-forward rule of user signals on the real NYSE trade dates: at most N business days, never backward. */
class ForwardFillTest {
    private static final SignalDefinition DEF = new SignalDefinition("ko_month_end", SignalKind.NUMERIC, List.of(), List.of(), 1.0,
            "KO month-end 20-day return", SignalDefinition.USER);

    /** KO's 20-day return observed only on the last Dow trade date of each month (a monthly series made from real closes). */
    static UserSignalSeries monthly(boolean backfill) {
        SampleData.Table dow = SampleData.dow();
        double[] ko = dow.values()[dow.columns().indexOf("KO")];
        List<LocalDate> dates = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        LocalDate[] d = dow.dates();
        for (int i = 20; i < d.length; i++) {
            boolean monthEnd = i == d.length - 1 || d[i + 1].getMonthValue() != d[i].getMonthValue();
            if (!monthEnd) continue;
            dates.add(d[i]);
            values.add(ko[i] / ko[i - 20] - 1);
        }
        boolean[] bf = new boolean[dates.size()];
        Arrays.fill(bf, backfill);
        return new UserSignalSeries(DEF, dates.toArray(LocalDate[]::new), values.stream().mapToDouble(Double::doubleValue).toArray(), bf);
    }

    @Test
    void businessDaysCountMondayToFridayAndMatchACountByHand() {
        assertEquals(1, ForwardFill.businessDaysBetween(LocalDate.of(2002, 12, 27), LocalDate.of(2002, 12, 30)), "Friday to Monday");
        assertEquals(5, ForwardFill.businessDaysBetween(LocalDate.of(2002, 12, 20), LocalDate.of(2002, 12, 27)), "Friday to Friday");
        assertEquals(1, ForwardFill.businessDaysBetween(LocalDate.of(2002, 12, 28), LocalDate.of(2002, 12, 30)), "Saturday to Monday");
        assertEquals(0, ForwardFill.businessDaysBetween(LocalDate.of(2002, 12, 30), LocalDate.of(2002, 12, 30)));
        assertEquals(0, ForwardFill.businessDaysBetween(LocalDate.of(2002, 12, 30), LocalDate.of(2002, 12, 27)), "never negative");
        // Against a day-by-day count, across 1970-01-05 (the formula's epoch Monday) and weekends.
        LocalDate start = LocalDate.of(1966, 1, 1);
        for (int a = 0; a < 400; a += 3) {
            for (int len = 0; len < 40; len++) {
                LocalDate from = start.plusDays(a * 11L), to = from.plusDays(len);
                long byHand = from.datesUntil(to.plusDays(1)).skip(1)
                        .filter(x -> x.getDayOfWeek() != DayOfWeek.SATURDAY && x.getDayOfWeek() != DayOfWeek.SUNDAY).count();
                assertEquals(byHand, ForwardFill.businessDaysBetween(from, to), from + ".." + to);
            }
        }
    }

    @Test
    void aMonthlyValueCarriesAtMostNBusinessDaysAndNeverBackward() {
        LocalDate[] rows = SampleData.nyse().dates();
        UserSignalSeries s = monthly(false);
        ForwardFill.Aligned five = ForwardFill.align(rows, s, 5);
        LocalDate first = s.dates()[0];
        for (int i = 0; i < rows.length && rows[i].isBefore(first); i++) {
            assertTrue(Double.isNaN(five.values()[i]), "nothing before the first observation: " + rows[i]);
            assertEquals(ForwardFill.NONE, five.lastObserved()[i]);
        }
        // 1998-09-30 (Wednesday): the value holds through 1998-10-07, five business days on, and is gone on 10-08.
        LocalDate obs = LocalDate.of(1998, 9, 30);
        double v = s.values()[Arrays.asList(s.dates()).indexOf(obs)];
        int row = Arrays.asList(rows).indexOf(obs);
        for (int i = row; i < rows.length && !rows[i].isAfter(LocalDate.of(1998, 10, 7)); i++) assertEquals(v, five.values()[i], rows[i].toString());
        int eighth = Arrays.asList(rows).indexOf(LocalDate.of(1998, 10, 8));
        assertTrue(Double.isNaN(five.values()[eighth]));
        assertEquals(obs.toEpochDay(), five.lastObserved()[eighth], "the stale observation is still known, for the note");
        // The next month's value is not pulled back into October's gap: 10-29 has nothing, 10-30 its own observation.
        assertTrue(Double.isNaN(five.values()[Arrays.asList(rows).indexOf(LocalDate.of(1998, 10, 29))]));
        assertEquals(s.values()[Arrays.asList(s.dates()).indexOf(LocalDate.of(1998, 10, 30))],
                five.values()[Arrays.asList(rows).indexOf(LocalDate.of(1998, 10, 30))]);

        ForwardFill.Aligned exact = ForwardFill.align(rows, s, 0);
        ForwardFill.Aligned month = ForwardFill.align(rows, s, 23);
        int withExact = count(exact.values()), withFive = count(five.values()), withMonth = count(month.values());
        assertEquals(s.dates().length, withExact, "0 = exact dates only");
        assertTrue(withExact < withFive && withFive < withMonth, withExact + " < " + withFive + " < " + withMonth);
        // 23 business days bridge every month of 1991..2000: every trade date from the first month end to the last has a value.
        for (int i = Arrays.asList(rows).indexOf(first); rows[i].isBefore(s.dates()[s.dates().length - 1]); i++) {
            assertFalse(Double.isNaN(month.values()[i]), rows[i].toString());
        }
    }

    @Test
    void anyRowSeesOnlyObservationsDatedOnOrBeforeIt() {
        // No look-ahead: aligning with every observation, or with only those up to the row's date, gives the row the same value.
        LocalDate[] rows = SampleData.nyse().dates();
        UserSignalSeries s = monthly(false);
        for (int maxFill : new int[]{0, 5, 23, 260}) {
            ForwardFill.Aligned all = ForwardFill.align(rows, s, maxFill);
            for (int i = 6000; i < rows.length; i += 7) {
                int known = 0;
                while (known < s.dates().length && !s.dates()[known].isAfter(rows[i])) known++;
                UserSignalSeries past = new UserSignalSeries(DEF, Arrays.copyOf(s.dates(), known), Arrays.copyOf(s.values(), known),
                        Arrays.copyOf(s.backfill(), known));
                ForwardFill.Aligned seen = ForwardFill.align(rows, past, maxFill);
                assertEquals(Double.doubleToLongBits(seen.values()[i]), Double.doubleToLongBits(all.values()[i]), maxFill + " " + rows[i]);
                assertEquals(seen.lastObserved()[i], all.lastObserved()[i]);
            }
        }
    }

    @Test
    void holidayObservationsCarryToTheNextTradeDateAndMissingValuesCarryNothing() {
        LocalDate[] rows = SampleData.nyse().dates();
        int xmasEve = Arrays.asList(rows).indexOf(LocalDate.of(2002, 12, 24));
        assertEquals(LocalDate.of(2002, 12, 26), rows[xmasEve + 1], "the sample has no 2002-12-25");
        UserSignalSeries s = new UserSignalSeries(DEF,
                new LocalDate[]{LocalDate.of(2002, 12, 24), LocalDate.of(2002, 12, 25), LocalDate.of(2002, 12, 27), LocalDate.of(2002, 12, 30)},
                new double[]{1.0, 2.0, Double.NaN, 4.0}, new boolean[]{false, true, false, false});
        ForwardFill.Aligned a = ForwardFill.align(rows, s, 5);
        assertEquals(1.0, a.values()[xmasEve]);
        assertEquals(2.0, a.values()[xmasEve + 1], "the Christmas-day value is seen the next trade date");
        assertTrue(a.backfill()[xmasEve + 1], "a carried value keeps its provenance");
        assertEquals(2.0, a.values()[xmasEve + 2], "an NA on 12-27 is no value: 12-25's carries");
        assertTrue(a.backfill()[xmasEve + 2]);
        assertEquals(4.0, a.values()[xmasEve + 3]);
        assertFalse(a.backfill()[xmasEve + 3]);
        ForwardFill.Aligned exact = ForwardFill.align(rows, s, 0);
        assertTrue(Double.isNaN(exact.values()[xmasEve + 1]), "exact dates: the holiday value has no trade date");
    }

    private static int count(double[] v) {
        int n = 0;
        for (double x : v) if (!Double.isNaN(x)) n++;
        return n;
    }
}
