package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.BarReader;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * Attack 21 (M5): Xetra fixes its close in the 17:30-17:35 Berlin closing auction. Ten weekdays of 5-minute bars
 * 09:00-17:30 Berlin whose 17:30 bar is the auction (its own price, volume 5000): the day's close is the auction's and
 * its volume counts, at every interval the auction falls in the day's last bucket, and the store's resample_bars
 * (run_select) gives what a read gives.
 */
class ClosingAuctionTest {
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final LocalDate FIRST = LocalDate.of(2024, 3, 4);

    @TempDir Path tmp;

    /** The auction's price on {@code day}, unlike any continuous bar's. */
    private static double auction(LocalDate day) {
        return 200 + day.getDayOfMonth();
    }

    /** 5-minute bars of ten weekdays from 4 March 2024, Berlin wall time; {@code extra} wall times added (outside the session). */
    private Path file(List<LocalDateTime> extra) throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,open,high,low,close,volume\n");
        List<LocalDateTime> times = new ArrayList<>(extra);
        for (LocalDate d = FIRST; d.isBefore(FIRST.plusDays(14)); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            for (LocalTime t = LocalTime.of(9, 0); !t.isAfter(LocalTime.of(17, 30)); t = t.plusMinutes(5)) times.add(d.atTime(t));
        }
        times.sort(null);
        for (LocalDateTime t : times) {
            boolean auction = t.toLocalTime().equals(LocalTime.of(17, 30));
            double c = auction ? auction(t.toLocalDate()) : 100 + t.getMinute() / 5 * 0.1;
            csv.append(t.toString().replace('T', ' ')).append(":00,").append(c).append(',').append(c).append(',').append(c).append(',').append(c)
                    .append(',').append(auction ? 5000 : 100).append('\n');
        }
        Path p = tmp.resolve("XETRA.csv");
        Files.writeString(p, csv);
        return p;
    }

    private static ImportReport.BarCheck imported(Store store, Path file) {
        return new PriceImporter(store, PriceRules.defaults(), BERLIN).importFiles(List.of(file)).files().get(0).bars().get(0);
    }

    private static LocalDateTime utc(LocalDate day, int hour, int minute) {
        return day.atTime(hour, minute).atZone(BERLIN).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
    }

    @Test
    void theDaysCloseIsTheAuctionsAndItsVolumeCountsAtEveryInterval() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            ImportReport.BarCheck check = imported(store, file(List.of()));
            assertEquals("eu_equity", check.session(), "Berlin's hours with the auction are eu_equity");
            assertEquals(0, check.outsideSession(), "the auction is in the session");
            assertEquals(List.of(), check.notes());
            BarReader reader = new BarReader(store);
            assertEquals(0, reader.outsideSession("XETRA", BarInterval.M5, null, null));

            List<IntervalBar> days = reader.read("XETRA", BarInterval.D1, null, null).bars();
            assertEquals(10, days.size());
            for (IntervalBar d : days) {
                assertEquals(auction(d.date()), d.close(), 1e-12, d.date() + ": the official close");
                assertEquals(102 * 100 + 5000, d.volume(), 1e-9, d.date() + ": the auction's volume counts");
            }
            LocalDate day = LocalDate.of(2024, 3, 12);
            // the auction falls in the day's last bucket at every interval, never a bucket of its own
            for (Object[] c : new Object[][] {{BarInterval.M5, 102, 17, 25, 100}, {BarInterval.M30, 17, 17, 0, 600}, {BarInterval.H1, 9, 17, 0, 600},
                    {BarInterval.H4, 3, 17, 0, 600}}) {
                BarInterval at = (BarInterval) c[0];
                List<IntervalBar> bars = reader.read("XETRA", at, day, day).bars();
                assertEquals((int) c[1], bars.size(), at.label + " bars of a day");
                IntervalBar last = bars.get(bars.size() - 1);
                assertEquals(utc(day, (int) c[2], (int) c[3]), last.ts(), at.label + ": the last bucket opens as the continuous session's last");
                assertEquals(auction(day), last.close(), 1e-12, at.label + ": its close is the auction's");
                assertEquals((int) c[4] + 5000, last.volume(), 1e-9, at.label + ": its volume holds the auction's");
                assertEquals(bars, macro(store, at.label, day), at.label + ": run_select's resample_bars gives the same bars");
            }
            IntervalBar week = reader.read("XETRA", BarInterval.W1, null, null).bars().get(1);
            assertEquals(LocalDate.of(2024, 3, 11), week.date());
            assertEquals(auction(LocalDate.of(2024, 3, 15)), week.close(), 1e-12, "the week closes in Friday's auction");
            assertEquals(5 * (102 * 100 + 5000), week.volume(), 1e-9);
        }
    }

    @Test
    void barsOutsideTheSessionAreNamedByWhereTheyFall() throws Exception {
        List<LocalDateTime> extra = new ArrayList<>();
        for (LocalDate d = FIRST; d.isBefore(FIRST.plusDays(5)); d = d.plusDays(1)) {
            extra.add(d.atTime(8, 50));
            extra.add(d.atTime(8, 55));
            extra.add(d.atTime(17, 35)); // the auction is over
        }
        extra.add(LocalDate.of(2024, 3, 9).atTime(10, 0));
        extra.add(LocalDate.of(2024, 3, 9).atTime(10, 5));
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            ImportReport.BarCheck check = imported(store, file(extra));
            assertEquals("eu_equity", check.session());
            assertEquals(17, check.outsideSession());
            assertEquals(List.of("17 bars of XETRA 5m are outside the eu_equity session (09:00-17:30 Berlin and the closing auction to 17:35, Monday to Friday): "
                    + "10 before the open, 5 after the close, 2 on a weekend; they are stored but in no bar of a read"), check.notes());
            assertEquals(17, new BarReader(store).outsideSession("XETRA", BarInterval.H1, null, null), "a read counts the same bars");
        }
    }

    /** The store's macro, as run_select runs it, over the trading day {@code day}. */
    private static List<IntervalBar> macro(Store store, String to, LocalDate day) {
        return store.read(c -> {
            List<IntervalBar> out = new ArrayList<>();
            try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet r = st.executeQuery("SELECT ts, date, open, high, low, close, volume FROM "
                    + "resample_bars('XETRA', '5m', '" + to + "') WHERE date = DATE '" + day + "' ORDER BY ts")) {
                while (r.next()) {
                    out.add(new IntervalBar(r.getTimestamp(1).toLocalDateTime(), r.getDate(2).toLocalDate(), r.getDouble(3), r.getDouble(4), r.getDouble(5),
                            r.getDouble(6), r.getDouble(7)));
                }
            }
            return out;
        });
    }
}
