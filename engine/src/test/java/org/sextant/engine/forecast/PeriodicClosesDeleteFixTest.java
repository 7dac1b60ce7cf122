package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.ingest.PeriodicDates;

/**
 * The weekly warning's fix offers delete_prices (interval 1d) once the symbol also has its 1w bars, and only when every
 * daily close is weekly-spaced: of a history that turned weekly, the older daily rows are real days and must not go.
 */
class PeriodicClosesDeleteFixTest {
    private static final String DELETE = "or delete its daily rows (delete_prices with interval \"1d\", which keeps a CSV of them) so that every read uses the bars";

    private static List<LocalDate> weekdays(LocalDate from, int n) {
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = from; out.size() < n; d = d.plusDays(1)) if (d.getDayOfWeek().getValue() <= DayOfWeek.FRIDAY.getValue()) out.add(d);
        return out;
    }

    private static List<LocalDate> fridays(LocalDate from, int n) {
        List<LocalDate> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(from.plusWeeks(i));
        return out;
    }

    @Test
    void aWholeWeeklyHistoryWithItsBarsMayLoseItsDailyRows() {
        String w = PeriodicCloses.warning("WEEKX", fridays(LocalDate.of(2009, 1, 2), 150), s -> List.of("1d", "1w"));
        assertTrue(w.endsWith("WEEKX also has 1w bars: ask with interval \"1w\", which reads those bars, " + DELETE), w);
    }

    @Test
    void aHistoryThatTurnedWeeklyIsNotToldToDeleteItsDailyRows() {
        List<LocalDate> dates = new ArrayList<>(weekdays(LocalDate.of(2005, 1, 3), 1000));
        dates.addAll(fridays(dates.get(dates.size() - 1).with(java.time.temporal.TemporalAdjusters.next(DayOfWeek.FRIDAY)).plusWeeks(1), PeriodicDates.RECENT));
        String w = PeriodicCloses.warning("TURNX", dates, s -> List.of("1d", "1w"));
        assertTrue(w.contains("its last " + (PeriodicDates.RECENT + 1) + " daily closes"), w); // the last weekday and the Fridays after it
        assertTrue(w.endsWith("TURNX also has 1w bars: ask with interval \"1w\", which reads those bars"), w);
    }
}
