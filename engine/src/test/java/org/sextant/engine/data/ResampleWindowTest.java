package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * A read resampling only the stored bars of the days it may answer gives the bars the whole series' resample_bars
 * gives, bar for bar: pages from many starts (a Sunday, a month's last day, inside a week or month whose bar began
 * before), ranges, the newest bars, at every coarser interval, for fx (the USDCHF sample), us_equity, eu_equity, continuous bars
 * and daily prices resampled to weeks and months.
 */
class ResampleWindowTest {
    @TempDir Path tmp;

    @Test
    void windowedReadsEqualTheWholeSeriesResample() {
        try (Store store = SampleStoreCopy.openSample(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            store.inTransaction(c -> {
                try (Statement st = c.createStatement()) {
                    // 15-minute bars around the clock for 102 days (outside-session ones included; the middle day, where pages start,
                    // a Sunday; New York's and Berlin's spring clock changes and month ends inside; the fx sample's 62,000 bars are the
                    // long series), and hourly 24x7 bars
                    st.execute("INSERT INTO bars SELECT 'EQ', '15m', TIMESTAMP '2021-02-26 13:00' + i * INTERVAL 15 MINUTE, 10 + i * 1e-3, 10.5 + i * 1e-3, 9.5 + i * 1e-3, "
                            + "10 + sin(i / 7.0), i % 13, 'test' FROM range(9792) t(i)");
                    st.execute("INSERT INTO symbol_sessions VALUES ('EQ', 'us_equity')");
                    // the same bars on Berlin's session, whose clock changes on other days than New York's
                    st.execute("INSERT INTO bars SELECT 'EU', interval, ts, open, high, low, close, volume, source FROM bars WHERE symbol = 'EQ'");
                    st.execute("INSERT INTO symbol_sessions VALUES ('EU', 'eu_equity')");
                    st.execute("INSERT INTO bars SELECT 'CRY', '1h', TIMESTAMP '2021-03-27 22:00' + i * INTERVAL 1 HOUR, NULL, NULL, NULL, 100 + cos(i / 5.0), NULL, 'test' FROM range(6000) t(i)");
                }
                return null;
            });
            BarReader reader = new BarReader(store);
            String daily = reader.storedIntervals().entrySet().stream().filter(e -> e.getValue().equals(List.of("1d"))).findFirst().orElseThrow().getKey();
            int compared = 0;
            for (String symbol : List.of("USDCHF", "EQ", "EU", "CRY", daily)) {
                BarInterval finest = BarInterval.of("interval", reader.storedIntervals(symbol).get(0));
                List<IntervalBar> all = straight(store, symbol, finest, finest, null, null, 0, false);
                LocalDate first = all.get(0).date(), last = all.get(all.size() - 1).date();
                for (BarInterval at : BarInterval.values()) {
                    if (at.ordinal() < finest.ordinal() || (at == BarInterval.D1 && finest == BarInterval.D1)) continue;
                    String what = symbol + " at " + at.label;
                    List<IntervalBar> whole = straight(store, symbol, finest, at, null, null, 0, false); // the macro's answer; pages are cut from it here
                    assertEquals(whole, reader.read(symbol, at, null, null).bars(), what);
                    for (LocalDate from : starts(first, last)) {
                        for (int rows : new int[] {7, 1000}) {
                            assertEquals(cut(whole, from, null, rows + 1, false), reader.read(symbol, at, from, null, rows).bars(), what + " from " + from + ", " + rows + " rows");
                            compared++;
                        }
                        LocalDate to = from.plusDays(40);
                        assertEquals(cut(whole, from, to, 0, false), reader.read(symbol, at, from, to).bars(), what + " " + from + ".." + to);
                        assertEquals(cut(whole, null, from, 0, false), reader.read(symbol, at, null, from).bars(), what + " up to " + from);
                    }
                    for (int count : new int[] {1, 3, 250, 100_000}) {
                        assertEquals(cut(whole, null, null, count, true), reader.readNewest(symbol, at, count).bars(), what + ", newest " + count);
                    }
                    assertEquals(straight(store, symbol, finest, at, null, null, 250, true), reader.readNewest(symbol, at, 250).bars(), what + ", newest 250 from the store");
                }
            }
            assertTrue(compared > 200, "pages compared: " + compared);
        }
    }

    /** Days to start a page on: before and after the data, its first and last, and days inside weeks and months. */
    private static List<LocalDate> starts(LocalDate first, LocalDate last) {
        List<LocalDate> out = new ArrayList<>(List.of(first.minusDays(10), first, last, last.plusDays(3)));
        LocalDate mid = first.plusDays((last.toEpochDay() - first.toEpochDay()) / 2);
        for (int d = 0; d < 5; d++) out.add(mid.plusDays(d * 3)); // five weekdays, then a month's last day and its 1st
        out.add(mid.withDayOfMonth(1).minusDays(1));
        out.add(mid.withDayOfMonth(1));
        return out;
    }

    /** The bars of {@code whole} (in date order) dated within from..to, the first (or newestFirst the last) {@code limit} (0: all), oldest first. */
    private static List<IntervalBar> cut(List<IntervalBar> whole, LocalDate from, LocalDate to, int limit, boolean newestFirst) {
        List<IntervalBar> in = whole.stream().filter(b -> (from == null || !b.date().isBefore(from)) && (to == null || !b.date().isAfter(to))).toList();
        if (limit == 0 || in.size() <= limit) return in;
        return newestFirst ? in.subList(in.size() - limit, in.size()) : in.subList(0, limit);
    }

    /** The bars as the read gave them before any window: the whole series through the store's resample_bars macro. */
    private static List<IntervalBar> straight(Store store, String symbol, BarInterval stored, BarInterval at, LocalDate from, LocalDate to, int limit, boolean newestFirst) {
        String sql = "SELECT ts, date, open, high, low, close, volume FROM resample_bars(?, ?, ?) WHERE (? IS NULL OR date >= ?) AND (? IS NULL OR date <= ?) "
                + (newestFirst ? "ORDER BY date DESC, ts DESC" : "ORDER BY date, ts") + (limit > 0 ? " LIMIT " + limit : "");
        return store.read(c -> {
            List<IntervalBar> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement(sql)) {
                p.setString(1, symbol);
                p.setString(2, stored.label);
                p.setString(3, at.label);
                p.setObject(4, from);
                p.setObject(5, from);
                p.setObject(6, to);
                p.setObject(7, to);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new IntervalBar(r.getTimestamp(1).toLocalDateTime(), r.getDate(2).toLocalDate(), BarReader.nullable(r, 3), BarReader.nullable(r, 4),
                                BarReader.nullable(r, 5), r.getDouble(6), BarReader.nullable(r, 7)));
                    }
                }
            }
            if (newestFirst) java.util.Collections.reverse(out);
            return out;
        });
    }
}
