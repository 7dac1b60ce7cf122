package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tick labels of a bar-index axis, from minutes to years. */
class SessionTicksTest {
    @Test
    void anIntradayViewLabelsTimesAndTheNewDay() {
        List<LocalDateTime> wall = IntradayBars.every(30, LocalDateTime.of(2001, 3, 26, 9, 0), LocalDateTime.of(2001, 3, 27, 12, 0));
        TimedBars bars = IntradayBars.closes(ChartInterval.M30, SessionClock.FX, wall, new double[wall.size()]);
        List<SessionTicks.Tick> ticks = SessionTicks.ticks(bars, 0, bars.size() - 1, 1000, 20);
        List<String> labels = ticks.stream().map(SessionTicks.Tick::label).toList();
        assertTrue(labels.contains("12:00"), labels.toString());
        assertTrue(labels.contains("Tue 27"), "fx's Tuesday opens Monday 17:00: " + labels);
        assertEquals(wall.indexOf(LocalDateTime.of(2001, 3, 26, 17, 0)), ticks.get(labels.indexOf("Tue 27")).bar(), "the day's label stands on its first bar");
        for (SessionTicks.Tick t : ticks) assertTrue(t.label().matches("\\d\\d:\\d\\d|\\w{3} \\d+"), t.label());
    }

    @Test
    void yearsOfDailyBarsLabelMonthsThenYears() {
        TimedBars minutes = IntradayBars.fx(60_000, 30, LocalDateTime.of(1998, 6, 1, 3, 0), 1);
        TimedBars days = new IntervalLadder(minutes).at(ChartInterval.D1);
        List<String> wide = SessionTicks.ticks(days, 0, 260, 1000, 20).stream().map(SessionTicks.Tick::label).toList();
        assertTrue(wide.contains("1999") && wide.contains("Mar"), "a year of days: months, and the year where it starts: " + wide);
        List<String> all = SessionTicks.ticks(days, 0, days.size() - 1, 300, 20).stream().map(SessionTicks.Tick::label).toList();
        assertTrue(all.stream().allMatch(l -> l.matches("\\d{4}")), "five years on 300 px: years only " + all);
    }
}
