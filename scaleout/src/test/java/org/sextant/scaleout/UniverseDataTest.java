package org.sextant.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.sextant.engine.research.sweep.Universe;

/**
 * A sweep's tasks read the universe's axis as the driver built it, with the app's rule (Universe.onCommonDatesByWeek): they
 * rebuilt it from its bars a year and why, so weekday symbols lost plainDaily (a verdict the app reads plain stated 252).
 */
class UniverseDataTest {
    /** Flat closes on {@code days} of the week, 2019 to 2024, as a store gives them. */
    static TreeMap<LocalDate, double[]> on(Set<DayOfWeek> days) {
        TreeMap<LocalDate, double[]> rows = new TreeMap<>();
        for (LocalDate d = LocalDate.of(2019, 1, 5); !d.isAfter(LocalDate.of(2024, 12, 29)); d = d.plusDays(1)) {
            if (days.contains(d.getDayOfWeek())) rows.put(d, new double[] {Double.NaN, Double.NaN, Double.NaN, 100 + rows.size() % 5});
        }
        return rows;
    }

    static final Set<DayOfWeek> WEEKDAYS = EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY), WEEKEND = EnumSet.of(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY),
            SUN_THU = EnumSet.of(DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY);

    @Test
    void theTasksReadTheAxisTheDriverBuilt() {
        Universe weekdays = Universe.onCommonDatesByWeek(List.of("AA", "IBM"), List.of(on(WEEKDAYS), on(WEEKDAYS)), s -> false);
        assertTrue(weekdays.axis().plainDaily(), weekdays.axis().toString());
        assertEquals(weekdays.axis(), UniverseData.of(weekdays).universe().axis());

        // a weekend-only market beside one trading weekdays and Sunday: both read the Sundays they share, in the app and in the tasks
        Universe weekend = Universe.onCommonDatesByWeek(List.of("WKEND", "TASI"), List.of(on(WEEKEND), on(SUN_THU)), s -> false);
        assertEquals(53, weekend.barsPerYear(), weekend.axis().annualisation());
        assertEquals(weekend.axis(), UniverseData.of(weekend).universe().axis());
    }
}
