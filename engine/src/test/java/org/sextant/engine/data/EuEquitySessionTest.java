package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * The eu_equity session (09:00-17:30 Berlin and the closing auction to 17:35, weekdays) on 30-minute bars of 08:00-22:00 Berlin from 4 March to
 * 5 April 2024: New York moved its clocks on 10 March, Berlin on 31 March, so for three weeks the two zones are
 * five hours apart instead of six. The daily bars are worked out here from the fixture by Berlin wall time and
 * must come out of the store exactly, from a read and from the resample_bars macro; intraday buckets start at 09:00
 * Berlin on either side of both changes.
 */
class EuEquitySessionTest {
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final LocalTime OPEN = LocalTime.of(9, 0), CLOSE = LocalTime.of(17, 35);

    @TempDir Path tmp;

    /** One fixture bar: open time in Berlin and in UTC, and its values. */
    private record Bar(LocalDateTime berlin, LocalDateTime utc, double open, double high, double low, double close, double volume) {}

    /** 30-minute bars 08:00-21:30 Berlin on weekdays (pre-market and late trading included) and a few on Saturday 9 March. */
    private static List<Bar> fixture() {
        List<Bar> out = new ArrayList<>();
        int i = 0;
        for (LocalDate d = LocalDate.of(2024, 3, 4); !d.isAfter(LocalDate.of(2024, 4, 5)); d = d.plusDays(1)) {
            boolean saturday = d.getDayOfWeek() == DayOfWeek.SATURDAY;
            if (d.getDayOfWeek() == DayOfWeek.SUNDAY || saturday && !d.equals(LocalDate.of(2024, 3, 9))) continue;
            for (LocalTime t = LocalTime.of(8, 0); t.isBefore(LocalTime.of(22, 0)); t = t.plusMinutes(30), i++) {
                if (saturday && t.isAfter(LocalTime.of(10, 0))) break;
                LocalDateTime berlin = d.atTime(t);
                double close = 100 + 3 * Math.sin(i / 5.0) + i * 0.01;
                out.add(new Bar(berlin, berlin.atZone(BERLIN).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime(),
                        close - 0.25, close + 0.5 + (i % 7) * 0.1, close - 0.5 - (i % 5) * 0.1, close, 100 + i % 17));
            }
        }
        return out;
    }

    private static boolean inSession(Bar b) {
        DayOfWeek day = b.berlin().getDayOfWeek();
        return day != DayOfWeek.SATURDAY && day != DayOfWeek.SUNDAY && !b.berlin().toLocalTime().isBefore(OPEN) && b.berlin().toLocalTime().isBefore(CLOSE);
    }

    /** The daily bars by hand: each Berlin weekday's bars within 09:00-17:35 (the 17:30 bar is the closing auction's), first open, highest high, lowest low, last close, summed volume. */
    private static List<IntervalBar> dailyByHand(List<Bar> bars) {
        Map<LocalDate, List<Bar>> byDay = new TreeMap<>();
        for (Bar b : bars) if (inSession(b)) byDay.computeIfAbsent(b.berlin().toLocalDate(), d -> new ArrayList<>()).add(b);
        List<IntervalBar> out = new ArrayList<>();
        byDay.forEach((day, in) -> out.add(new IntervalBar(day.atStartOfDay(BERLIN).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime(), day,
                in.get(0).open(), in.stream().mapToDouble(Bar::high).max().orElseThrow(), in.stream().mapToDouble(Bar::low).min().orElseThrow(),
                in.get(in.size() - 1).close(), in.stream().mapToDouble(Bar::volume).sum())));
        return out;
    }

    private static void store(Store store, List<Bar> bars) {
        store.inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO bars VALUES ('DAX.30M', '30m', ?, ?, ?, ?, ?, ?, 'test')")) {
                for (Bar b : bars) {
                    p.setTimestamp(1, Timestamp.valueOf(b.utc()));
                    p.setDouble(2, b.open());
                    p.setDouble(3, b.high());
                    p.setDouble(4, b.low());
                    p.setDouble(5, b.close());
                    p.setDouble(6, b.volume());
                    p.addBatch();
                }
                p.executeBatch();
            }
            try (java.sql.Statement st = c.createStatement()) {
                st.execute("INSERT INTO symbol_sessions VALUES ('DAX.30M', 'eu_equity')");
            }
            return null;
        });
    }

    @Test
    void dailyBarsAreBerlinSessionsAcrossBothClockChanges() {
        List<Bar> bars = fixture();
        List<IntervalBar> expected = dailyByHand(bars);
        assertEquals(25, expected.size(), "five weeks of weekdays, the Saturday in none");
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            store(store, bars);
            BarSeries daily = new BarReader(store).read("DAX.30M", BarInterval.D1, null, null);
            assertEquals("eu_equity", daily.session());
            assertEquals(expected, daily.bars());
            assertEquals(expected, macro(store, "1d"), "the store's resample_bars, as run_select runs it");
            assertEquals(opens(new BarReader(store).read("DAX.30M", BarInterval.H4, null, null), null), macro(store, "4h").stream().map(b -> b.ts().toString()).toList());
            // a page of a few days, read through the window, is the same bars
            assertEquals(expected.subList(5, 12), new BarReader(store).read("DAX.30M", BarInterval.D1, expected.get(5).date(), expected.get(11).date()).bars());
            assertEquals(expected.get(0).ts(), LocalDateTime.of(2024, 3, 3, 23, 0), "a day's bar opens at midnight Berlin");
        }
    }

    @Test
    void intradayBucketsStartAt0900BerlinBeforeAndAfterEachChange() {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            store(store, fixture());
            BarSeries fourHours = new BarReader(store).read("DAX.30M", BarInterval.H4, null, null);
            // 09:00, 13:00 and 17:00 Berlin (the last holds the 17:00 bar and the auction's at 17:30): 08/12/16 UTC in winter time, 07/11/15 from 31 March
            assertEquals(List.of("2024-03-08T08:00", "2024-03-08T12:00", "2024-03-08T16:00"), opens(fourHours, LocalDate.of(2024, 3, 8)), "before both changes");
            assertEquals(List.of("2024-03-11T08:00", "2024-03-11T12:00", "2024-03-11T16:00"), opens(fourHours, LocalDate.of(2024, 3, 11)), "New York on summer time, Berlin not");
            assertEquals(List.of("2024-04-02T07:00", "2024-04-02T11:00", "2024-04-02T15:00"), opens(fourHours, LocalDate.of(2024, 4, 2)), "both on summer time");
            IntervalBar last = fourHours.bars().stream().filter(b -> b.ts().equals(LocalDateTime.of(2024, 4, 2, 15, 0))).findFirst().orElseThrow();
            Bar at1700 = fixture().stream().filter(b -> b.berlin().equals(LocalDateTime.of(2024, 4, 2, 17, 0))).findFirst().orElseThrow();
            Bar at1730 = fixture().stream().filter(b -> b.berlin().equals(LocalDateTime.of(2024, 4, 2, 17, 30))).findFirst().orElseThrow();
            assertEquals(List.of(at1700.open(), Math.max(at1700.high(), at1730.high()), Math.min(at1700.low(), at1730.low()), at1730.close()),
                    List.of(last.open(), last.high(), last.low(), last.close()), "the 17:30 bar (the closing auction) closes the 17:00 bar; later ones belong to no bar");
            assertEquals(252.0 * 510 / 240, fourHours.barsPerYear(), 1e-9);
            assertEquals(9, new BarReader(store).read("DAX.30M", BarInterval.H1, LocalDate.of(2024, 3, 28), LocalDate.of(2024, 3, 28)).bars().size(),
                    "09:00 .. 17:00 Berlin");
        }
    }

    @Test
    void theCalendarContinuesAt0900BerlinAndAnnualisesAn8Point5HourDay() {
        TradingSession eu = TradingSession.named("eu_equity");
        assertEquals(ZoneId.of("Europe/Berlin"), eu.zone());
        assertEquals(4284.0, eu.barsPerYear(BarInterval.M30), 1e-9, "252 days x 510 minutes / 30");
        assertEquals(252.0, eu.barsPerYear(BarInterval.D1), 1e-9);
        // Friday 8 March 17:00 Berlin (16:00 UTC), then Monday 11 March 09:00 Berlin: 08:00 UTC, though New York moved on the Sunday
        assertEquals(List.of(LocalDateTime.of(2024, 3, 11, 8, 0), LocalDateTime.of(2024, 3, 11, 8, 30)),
                SessionCalendar.barsAfter(eu, BarInterval.M30, LocalDateTime.of(2024, 3, 8, 16, 0), 2));
        // 4h bars from Thursday 28 March 17:00 Berlin (16:00 UTC): Good Friday and Easter Monday are Xetra holidays, so Tuesday's
        // three from 09:00 CEST after Berlin's change (07:00 UTC), then Wednesday's first
        assertEquals(List.of(LocalDateTime.of(2024, 4, 2, 7, 0), LocalDateTime.of(2024, 4, 2, 11, 0), LocalDateTime.of(2024, 4, 2, 15, 0),
                LocalDateTime.of(2024, 4, 3, 7, 0)), SessionCalendar.barsAfter(eu, BarInterval.H4, LocalDateTime.of(2024, 3, 28, 16, 0), 4));
        assertEquals(LocalDate.of(2024, 4, 2), SessionCalendar.firstSessionDay(eu, LocalDate.of(2024, 3, 30)));
        assertEquals(LocalDate.of(2024, 3, 28), SessionCalendar.tradingDay(eu, LocalDateTime.of(2024, 3, 28, 7, 0)));
        assertEquals("2024-04-02T09:00+02:00", eu.onClock(LocalDateTime.of(2024, 4, 2, 7, 0)));
    }

    /** Open times (UTC) of the bars of {@code day}, or of every bar when it is null. */
    private static List<String> opens(BarSeries s, LocalDate day) {
        return s.bars().stream().filter(b -> day == null || b.date().equals(day)).map(b -> b.ts().toString()).toList();
    }

    private static List<IntervalBar> macro(Store store, String to) {
        return store.read(c -> {
            List<IntervalBar> out = new ArrayList<>();
            try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet r = st.executeQuery(
                    "SELECT ts, date, open, high, low, close, volume FROM resample_bars('DAX.30M', '30m', '" + to + "') ORDER BY ts")) {
                while (r.next()) {
                    out.add(new IntervalBar(r.getTimestamp(1).toLocalDateTime(), r.getDate(2).toLocalDate(), r.getDouble(3), r.getDouble(4), r.getDouble(5),
                            r.getDouble(6), r.getDouble(7)));
                }
            }
            return out;
        });
    }
}
