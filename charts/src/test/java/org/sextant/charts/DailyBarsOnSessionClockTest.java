package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Daily bars as the engine reads daily prices: each opening when its day opens on the session's clock (00:00 New York
 * for us_equity, 00:00 Berlin for eu_equity, 00:00 UTC for continuous, 17:00 New York the evening before for fx). The
 * chart dates each by its own day and resamples them to the weeks and months the store's resample_bars gives, opening
 * on the same clock, across February's and March's ends and both zones' March 2024 clock changes. Before, the chart
 * took a daily bar's UTC date as its day: an fx or Berlin day was the day before, and a week opened at 00:00 UTC.
 */
class DailyBarsOnSessionClockTest {
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York"), BERLIN = ZoneId.of("Europe/Berlin");
    private static final LocalDate SATURDAY = LocalDate.of(2024, 3, 9);

    /** When day {@code d} opens on {@code clock}, epoch seconds: worked out here, not by the chart. */
    private static long dayOpen(SessionClock clock, LocalDate d) {
        return switch (clock.name()) {
            case "fx" -> d.minusDays(1).atTime(17, 0).atZone(NEW_YORK).toEpochSecond();
            case "us_equity" -> d.atStartOfDay(NEW_YORK).toEpochSecond();
            case "eu_equity" -> d.atStartOfDay(BERLIN).toEpochSecond();
            default -> d.atStartOfDay().toEpochSecond(ZoneOffset.UTC);
        };
    }

    /** Weekdays from 19 February to 12 April 2024 and one Saturday. */
    private static List<LocalDate> days() {
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2024, 2, 19); !d.isAfter(LocalDate.of(2024, 4, 12)); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() <= 5 || d.equals(SATURDAY)) out.add(d);
        }
        return out;
    }

    private static TimedBars daily(SessionClock clock) {
        List<LocalDate> days = days();
        long[] t = new long[days.size()];
        double[] c = new double[days.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = dayOpen(clock, days.get(i));
            c[i] = 100 + i;
        }
        return new TimedBars("D", ChartInterval.D1, clock, t, null, null, null, c, null);
    }

    /** Per period start (a Monday, a 1st): its open on the clock and its first session day, by hand. */
    private static Map<Long, LocalDate> periods(SessionClock clock, Function<LocalDate, LocalDate> start) {
        Map<Long, LocalDate> out = new TreeMap<>();
        for (LocalDate d : days()) {
            if (clock.weekdays() && d.getDayOfWeek().getValue() > 5) continue;
            out.putIfAbsent(dayOpen(clock, start.apply(d)), d);
        }
        return out;
    }

    private static Map<Long, LocalDate> opens(TimedBars bars) {
        Map<Long, LocalDate> out = new TreeMap<>();
        for (int i = 0; i < bars.size(); i++) out.put(bars.seconds(i), bars.tradingDay(i));
        return out;
    }

    @Test
    void dailyBarsAreTheirOwnDaysAndMakeTheSessionsWeeksAndMonths() {
        for (String name : List.of("fx", "us_equity", "eu_equity", "continuous")) {
            SessionClock clock = SessionClock.of(name);
            TimedBars bars = daily(clock);
            List<LocalDate> days = days();
            for (int i = 0; i < bars.size(); i++) {
                assertEquals(days.get(i), bars.tradingDay(i), name + " bar " + i);
                assertEquals(days.get(i).toString(), bars.label(i), name + " bar " + i);
            }
            assertEquals(periods(clock, d -> d.with(DayOfWeek.MONDAY)), opens(BarResampler.resample(bars, ChartInterval.W1, true)), name + " weeks");
            assertEquals(periods(clock, d -> d.withDayOfMonth(1)), opens(BarResampler.resample(bars, ChartInterval.MO1, true)), name + " months");
        }
    }
}
