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

    /** Weekdays, then 60 weeks: the whole is daily, the last 120 dates are weekly; 59 weeks are not enough. */
    @Test
    void theRecentPartIsJudgedWhenTheWholeIsDaily() {
        for (int weeks : new int[] {59, 60}) {
            List<LocalDate> dates = new ArrayList<>();
            for (LocalDate d = LocalDate.of(2000, 1, 3); dates.size() < 1000; d = d.plusDays(1)) if (d.getDayOfWeek().getValue() <= 5) dates.add(d);
            LocalDate last = dates.get(dates.size() - 1);
            for (int i = 1; i <= weeks; i++) dates.add(last.plusWeeks(i));
            PeriodicDates.Part p = PeriodicDates.judged(dates);
            if (weeks == 59) assertNull(p, "59 weekly steps of the last 119: a median of 1 day");
            else assertEquals(new PeriodicDates.Part(PeriodicDates.of(100, 7), 120, 1060, dates.get(940)), p);
        }
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
