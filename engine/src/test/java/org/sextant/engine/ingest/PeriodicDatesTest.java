package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The one rule's bounds: trading days up to a median of 4 days, then weekly, monthly, named or irregular; the recent part. */
class PeriodicDatesTest {
    @Test
    void mediansPastFourDaysAreSpacedAndNamedWhereTheyHaveAName() {
        assertNull(PeriodicDates.of(100, 1));
        assertNull(PeriodicDates.of(100, 4), "a stock trading one day in four: its median");
        assertNull(PeriodicDates.of(7, 91), "too few to tell");
        assertEquals(new PeriodicDates.Spacing(null, null, null, null, 4.5), PeriodicDates.of(100, 4.5));
        assertEquals("1w", PeriodicDates.of(100, 7).interval());
        assertEquals("1mo", PeriodicDates.of(100, 30).interval());
        assertEquals(List.of("biweekly", "quarterly", "half-yearly", "yearly"),
                List.of(PeriodicDates.of(100, 14).kind(), PeriodicDates.of(100, 91.5).kind(), PeriodicDates.of(100, 182).kind(), PeriodicDates.of(100, 365).kind()));
        assertEquals("prices a median 20 days apart", PeriodicDates.of(100, 20).prices());
    }

    /**
     * Weekdays, then 61 weeks with a stray midweek date 5 weeks before the end (so no run of past-4-day steps reaches
     * 16 dates): the whole is daily, the last 120 dates are weekly; 59 weeks are not enough.
     */
    @Test
    void theRecentPartIsJudgedWhenTheWholeIsDaily() {
        for (int weeks : new int[] {59, 61}) {
            List<LocalDate> dates = weekdays(1000);
            LocalDate last = dates.get(dates.size() - 1);
            for (int i = 1; i <= weeks; i++) {
                dates.add(last.plusWeeks(i));
                if (i == weeks - 5) dates.add(last.plusWeeks(i).plusDays(2));
            }
            assertNull(PeriodicDates.lastRun(dates), "the stray date breaks the run");
            PeriodicDates.Part p = PeriodicDates.judged(dates);
            int total = dates.size();
            if (weeks == 59) assertNull(p, "59 weekly steps of the last 119: a median of 3 days");
            else assertEquals(new PeriodicDates.Part(PeriodicDates.of(100, 7), 120, total, dates.get(total - 120)), p);
        }
    }

    /** Weekdays, then quarterly or monthly closes (attack 15, L2): their run is judged, however few of the last 120 they are; 14 after the last daily close are too few. */
    @Test
    void theLastClosesAllPastTradingDaysApartAreJudgedFromTheLastDailyClose() {
        for (int months : new int[] {3, 1}) {
            for (int count : new int[] {14, 40}) {
                List<LocalDate> dates = weekdays(1000);
                LocalDate last = dates.get(dates.size() - 1);
                for (int i = 1; i <= count; i++) dates.add(last.plusMonths((long) months * i));
                PeriodicDates.Part p = PeriodicDates.judged(dates);
                if (count == 14) {
                    assertNull(p, count + " closes " + months + " months apart");
                    continue;
                }
                assertEquals(41, p.dates(), "the last daily close and the 40 after it");
                assertEquals(1040, p.total());
                assertEquals(last, p.from());
                assertEquals(months == 3 ? "quarterly" : "monthly", p.spacing().kind());
            }
        }
    }

    /** A stock trading one weekday in four ends no history of 1,000 closes with a run (the rule's false alarm, 1 in 30,000). */
    @Test
    void aOneDayInFourStockEndsInNoRun() {
        for (int seed = 0; seed < 200; seed++) {
            Random trades = new Random(seed);
            List<LocalDate> dates = new ArrayList<>();
            for (LocalDate d = LocalDate.of(2010, 1, 4); dates.size() < 1000; d = d.plusDays(1)) if (d.getDayOfWeek().getValue() <= 5 && trades.nextInt(4) == 0) dates.add(d);
            assertNull(PeriodicDates.lastRun(dates), "seed " + seed);
        }
    }

    private static List<LocalDate> weekdays(int count) {
        List<LocalDate> dates = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2000, 1, 3); dates.size() < count; d = d.plusDays(1)) if (d.getDayOfWeek().getValue() <= 5) dates.add(d);
        return dates;
    }

    /** A stock trading one weekday in three: no part of its history judged spaced (as the reads and the import see it). */
    @Test
    void aOneDayInThreeStockIsDailyWholeAndRecent() {
        for (int seed = 0; seed < 20; seed++) {
            Random trades = new Random(seed);
            List<LocalDate> dates = new ArrayList<>();
            for (LocalDate d = LocalDate.of(2010, 1, 4); dates.size() < 1000; d = d.plusDays(1)) if (d.getDayOfWeek().getValue() <= 5 && trades.nextInt(3) == 0) dates.add(d);
            assertNull(PeriodicDates.judged(dates), "seed " + seed);
        }
    }
}
