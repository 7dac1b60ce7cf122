package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * Daily prices read as bars under a session are the session's days: the price of date D is the bar of trading day D,
 * opening when that day opens on the session's clock (00:00 New York for us_equity, 00:00 Berlin for eu_equity, 00:00
 * UTC for continuous, 17:00 New York the evening before for fx), as a day resampled from intraday bars opens. Before,
 * they opened at 00:00 UTC: a us_equity month showed as the evening before it (attack 20 L4). Weeks and months hold
 * exactly their session days; the fixture spans February's and March's ends, New York's clock change (10 March 2024)
 * and Berlin's (31 March), and a Saturday price, which only continuous keeps.
 */
class DailyPricesOnSessionClockTest {
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York"), BERLIN = ZoneId.of("Europe/Berlin");
    private static final LocalDate FIRST = LocalDate.of(2024, 2, 19), LAST = LocalDate.of(2024, 4, 12), SATURDAY = LocalDate.of(2024, 3, 9);

    @TempDir Path tmp;

    /** The stored days: weekdays and one Saturday. */
    private static List<LocalDate> days() {
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = FIRST; !d.isAfter(LAST); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() <= 5 || d.equals(SATURDAY)) out.add(d);
        }
        return out;
    }

    private static double close(LocalDate d) {
        return 100 + d.toEpochDay() % 1000 * 0.25;
    }

    /** When trading day {@code d} opens on {@code session}'s clock, in UTC: worked out here, not by the code under test. */
    private static LocalDateTime dayOpen(TradingSession session, LocalDate d) {
        return switch (session) {
            case FX -> d.minusDays(1).atTime(17, 0).atZone(NEW_YORK).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
            case US_EQUITY -> d.atStartOfDay(NEW_YORK).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
            case EU_EQUITY -> d.atStartOfDay(BERLIN).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
            case SIX -> d.atStartOfDay(java.time.ZoneId.of("Europe/Zurich")).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
            case LSE -> d.atStartOfDay(java.time.ZoneId.of("Europe/London")).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
            case EURONEXT -> d.atStartOfDay(java.time.ZoneId.of("Europe/Paris")).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
            case CONTINUOUS -> d.atStartOfDay();
        };
    }

    private static String symbol(TradingSession s) {
        return "D_" + s.label().toUpperCase(java.util.Locale.ROOT);
    }

    private static void store(Store store) {
        store.inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO prices VALUES (?, ?, ?, ?, ?, ?, NULL, ?, 'test')");
                 PreparedStatement s = c.prepareStatement("INSERT INTO symbol_sessions VALUES (?, ?)")) {
                for (TradingSession session : TradingSession.values()) {
                    for (LocalDate d : days()) {
                        p.setString(1, symbol(session));
                        p.setDate(2, java.sql.Date.valueOf(d));
                        p.setDouble(3, close(d) - 0.5);
                        p.setDouble(4, close(d) + 1);
                        p.setDouble(5, close(d) - 1);
                        p.setDouble(6, close(d));
                        p.setDouble(7, d.getDayOfMonth());
                        p.addBatch();
                    }
                    if (session != TradingSession.CONTINUOUS) {
                        s.setString(1, symbol(session));
                        s.setString(2, session.label());
                        s.addBatch();
                    }
                }
                p.executeBatch();
                s.executeBatch();
            }
            return null;
        });
    }

    /** The bars of the stored days that are session days, grouped by {@code period} (a day's own date, its Monday, its 1st), by hand. */
    private static List<IntervalBar> byHand(TradingSession session, Function<LocalDate, LocalDate> period) {
        Map<LocalDate, List<LocalDate>> groups = new TreeMap<>();
        for (LocalDate d : days()) {
            if (session != TradingSession.CONTINUOUS && d.getDayOfWeek().getValue() > 5) continue;
            groups.computeIfAbsent(period.apply(d), k -> new ArrayList<>()).add(d);
        }
        List<IntervalBar> out = new ArrayList<>();
        groups.forEach((start, in) -> out.add(new IntervalBar(dayOpen(session, start), in.get(0), close(in.get(0)) - 0.5,
                in.stream().mapToDouble(d -> close(d) + 1).max().orElseThrow(), in.stream().mapToDouble(d -> close(d) - 1).min().orElseThrow(),
                close(in.get(in.size() - 1)), in.stream().mapToDouble(LocalDate::getDayOfMonth).sum())));
        return out;
    }

    private static List<IntervalBar> macro(Store store, String sym, String to) {
        return store.read(c -> {
            List<IntervalBar> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT ts, date, open, high, low, close, volume FROM resample_bars(?, '1d', ?) ORDER BY ts")) {
                p.setString(1, sym);
                p.setString(2, to);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new IntervalBar(r.getTimestamp(1).toLocalDateTime(), r.getDate(2).toLocalDate(), r.getDouble(3), r.getDouble(4), r.getDouble(5),
                                r.getDouble(6), r.getDouble(7)));
                    }
                }
            }
            return out;
        });
    }

    private static List<String> onClock(TradingSession session, List<IntervalBar> bars) {
        return bars.stream().map(b -> session.onClock(b.ts())).toList();
    }

    @Test
    void aDailyPriceOpensItsDayOnTheSessionsClock() {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            store(store);
            BarReader reader = new BarReader(store);
            for (TradingSession session : TradingSession.values()) {
                String sym = symbol(session);
                List<IntervalBar> read = reader.read(sym, BarInterval.D1, null, null).bars();
                List<IntervalBar> expected = new ArrayList<>();
                for (LocalDate d : days()) expected.add(new IntervalBar(dayOpen(session, d), d, close(d) - 0.5, close(d) + 1, close(d) - 1, close(d), (double) d.getDayOfMonth()));
                assertEquals(expected, read, sym + " at 1d: every stored day, read as stored, opening on the session's clock");
                List<LocalDateTime> view = store.read(c -> {
                    List<LocalDateTime> out = new ArrayList<>();
                    try (PreparedStatement p = c.prepareStatement("SELECT ts FROM price_bars WHERE symbol = ? AND interval = '1d' ORDER BY ts")) {
                        p.setString(1, sym);
                        try (ResultSet r = p.executeQuery()) {
                            while (r.next()) out.add(r.getTimestamp(1).toLocalDateTime());
                        }
                    }
                    return out;
                });
                assertEquals(expected.stream().map(IntervalBar::ts).toList(), view, sym + ": price_bars dates them as the reads do");
                assertEquals(byHand(session, d -> d), macro(store, sym, "1d"), sym + ": resample_bars to 1d keeps the session days");
                // a Saturday price is in no bar of an equity or fx session, and counted as outside it on its own date
                assertEquals(session == TradingSession.CONTINUOUS ? 0 : 1, reader.outsideSession(sym, BarInterval.D1, SATURDAY, SATURDAY), sym);
                assertEquals(0, reader.outsideSession(sym, BarInterval.D1, SATURDAY.minusDays(1), SATURDAY.minusDays(1)), sym);
            }
            TradingSession us = TradingSession.US_EQUITY;
            List<IntervalBar> usDays = reader.read(symbol(us), BarInterval.D1, LocalDate.of(2024, 3, 8), LocalDate.of(2024, 3, 11)).bars();
            assertEquals(List.of("2024-03-08T00:00-05:00", "2024-03-09T00:00-05:00", "2024-03-11T00:00-04:00"), onClock(us, usDays),
                    "each day at its own midnight in New York, either side of the clock change");
            List<IntervalBar> fxDays = reader.read(symbol(TradingSession.FX), BarInterval.D1, LocalDate.of(2024, 3, 11), LocalDate.of(2024, 3, 11)).bars();
            assertEquals(List.of("2024-03-10T17:00-04:00"), onClock(TradingSession.FX, fxDays), "an fx day opens 17:00 New York the evening before");
        }
    }

    @Test
    void weeksAndMonthsOfDailyPricesHoldTheirSessionDays() {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            store(store);
            BarReader reader = new BarReader(store);
            for (TradingSession session : TradingSession.values()) {
                String sym = symbol(session);
                List<IntervalBar> weeks = byHand(session, d -> d.with(DayOfWeek.MONDAY));
                List<IntervalBar> months = byHand(session, d -> d.withDayOfMonth(1));
                assertEquals(weeks, reader.read(sym, BarInterval.W1, null, null).bars(), sym + " at 1w");
                assertEquals(months, reader.read(sym, BarInterval.MO1, null, null).bars(), sym + " at 1mo");
                assertEquals(weeks, macro(store, sym, "1w"), sym + ": resample_bars to 1w");
                assertEquals(months, macro(store, sym, "1mo"), sym + ": resample_bars to 1mo");
                // pages through the read's window and the newest bars are the same bars
                assertEquals(months.subList(1, 2), reader.read(sym, BarInterval.MO1, LocalDate.of(2024, 3, 1), LocalDate.of(2024, 3, 31)).bars(), sym + " March");
                assertEquals(weeks.subList(weeks.size() - 3, weeks.size()), reader.readNewest(sym, BarInterval.W1, 3).bars(), sym + " newest weeks");
            }
            List<IntervalBar> usMonths = reader.read(symbol(TradingSession.US_EQUITY), BarInterval.MO1, null, null).bars();
            assertEquals(List.of("2024-02-01T00:00-05:00", "2024-03-01T00:00-05:00", "2024-04-01T00:00-04:00"), onClock(TradingSession.US_EQUITY, usMonths),
                    "a us_equity month opens at its 1st's midnight in New York, not the evening before");
            List<IntervalBar> euMonths = reader.read(symbol(TradingSession.EU_EQUITY), BarInterval.MO1, null, null).bars();
            assertEquals(List.of("2024-02-01T00:00+01:00", "2024-03-01T00:00+01:00", "2024-04-01T00:00+02:00"), onClock(TradingSession.EU_EQUITY, euMonths));
            List<IntervalBar> fxMonths = reader.read(symbol(TradingSession.FX), BarInterval.MO1, null, null).bars();
            assertEquals(List.of("2024-01-31T17:00-05:00", "2024-02-29T17:00-05:00", "2024-03-31T17:00-04:00"), onClock(TradingSession.FX, fxMonths),
                    "an fx month opens at 17:00 New York on the last evening of the month before, as one resampled from intraday bars");
            List<IntervalBar> continuousMonths = reader.read(symbol(TradingSession.CONTINUOUS), BarInterval.MO1, null, null).bars();
            assertEquals(List.of("2024-02-01T00:00Z", "2024-03-01T00:00Z", "2024-04-01T00:00Z"), onClock(TradingSession.CONTINUOUS, continuousMonths));
        }
    }
}
