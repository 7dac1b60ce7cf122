package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
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
 * SIX's closing auction runs 17:20-17:30 Zurich, London's 16:30-16:35 and Euronext's 17:30-17:35 Paris: a day of 5-minute bars on the venue's clock whose
 * auction bars carry their own price reads, once set to six, lse or euronext, with the auction in the day's last bar, the day opening
 * at 00:00 on the venue's clock, and the store's resample_bars (run_select) giving what a read gives.
 */
class VenueClosingAuctionTest {
    private static final LocalDate DAY = LocalDate.of(2025, 3, 12);

    @TempDir Path tmp;

    /** 5-minute bars of {@code DAY} from {@code open} to {@code last} (wall clock); those from {@code auction} are the auction's, at 200. */
    private Path file(String symbol, LocalTime open, LocalTime auction, LocalTime last) throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,close,volume\n");
        for (LocalTime t = open; !t.isAfter(last); t = t.plusMinutes(5)) {
            boolean inAuction = !t.isBefore(auction);
            csv.append(DAY.atTime(t).toString().replace('T', ' ')).append(":00,").append(inAuction ? 200 : 100 + t.getMinute() * 0.01)
                    .append(',').append(inAuction ? 5000 : 100).append('\n');
        }
        Path p = tmp.resolve(symbol + ".csv");
        Files.writeString(p, csv);
        return p;
    }

    /** Sets {@code symbol}'s session as `sextant session` does. */
    static void setSession(Store store, String symbol, String session) {
        store.inTransaction(c -> {
            try (java.sql.Statement st = c.createStatement()) {
                st.execute("UPDATE symbol_sessions SET session = '" + session + "' WHERE symbol = '" + symbol + "'");
            }
            return null;
        });
    }

    private static void read(Store store, String symbol, String session, ZoneId zone, int fiveMinuteBars, LocalTime lastBar) {
        setSession(store, symbol, session);
        BarReader reader = new BarReader(store);
        List<IntervalBar> bars = reader.read(symbol, BarInterval.M5, DAY, DAY).bars();
        assertEquals(fiveMinuteBars, bars.size(), session + ": the auction's bars are in the day's last bar, not bars of their own");
        IntervalBar last = bars.get(bars.size() - 1);
        assertEquals(DAY.atTime(lastBar).atZone(zone).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime(), last.ts());
        assertEquals(200, last.close(), 1e-12, session + ": the last bar closes at the auction's price");
        assertEquals(bars, macro(store, symbol, "5m", DAY), session + ": resample_bars gives the read's bars");
        assertEquals(0, reader.outsideSession(symbol, BarInterval.M5, null, null), session + ": the auction is in the session");
        IntervalBar day = reader.read(symbol, BarInterval.D1, DAY, DAY).bars().get(0);
        assertEquals(DAY.atStartOfDay(zone).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime(), day.ts(), session + ": the day opens at 00:00 on its clock");
        assertEquals(200, day.close(), 1e-12);
    }

    @Test
    void sixAndLondonCloseInTheirOwnAuctions() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            ZoneId zurich = ZoneId.of("Europe/Zurich"), london = ZoneId.of("Europe/London");
            new PriceImporter(store, PriceRules.defaults(), zurich).importFiles(List.of(file("NESN", LocalTime.of(9, 0), LocalTime.of(17, 20), LocalTime.of(17, 25))));
            // 09:00-17:15 is 100 bars; the 17:20 and 17:25 auction bars fall in 17:15 (as eu_equity they would be bars of their own)
            read(store, "NESN", "six", zurich, 100, LocalTime.of(17, 15));
            new PriceImporter(store, PriceRules.defaults(), london).importFiles(List.of(file("VOD", LocalTime.of(8, 0), LocalTime.of(16, 30), LocalTime.of(16, 30))));
            read(store, "VOD", "lse", london, 102, LocalTime.of(16, 25));
        }
    }

    /** Euronext's auction runs 17:30-17:35 Paris: its bar falls in 17:25, the day opens at 00:00 Paris, in reads and in resample_bars (V058). */
    @Test
    void euronextClosesInItsAuctionOnParissClock() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("e.duckdb"), tmp.resolve("staging"))) {
            ZoneId paris = ZoneId.of("Europe/Paris");
            new PriceImporter(store, PriceRules.defaults(), paris).importFiles(List.of(file("AIR", LocalTime.of(9, 0), LocalTime.of(17, 30), LocalTime.of(17, 30))));
            read(store, "AIR", "euronext", paris, 102, LocalTime.of(17, 25));
        }
    }

    /** The store's resample_bars of {@code symbol}'s 5m bars to {@code to}, of trading day {@code day}. */
    static List<IntervalBar> macro(Store store, String symbol, String to, LocalDate day) {
        return store.read(c -> {
            List<IntervalBar> out = new ArrayList<>();
            try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet r = st.executeQuery("SELECT ts, date, open, high, low, close, volume FROM "
                    + "resample_bars('" + symbol + "', '5m', '" + to + "') WHERE date = DATE '" + day + "' ORDER BY ts")) {
                while (r.next()) {
                    out.add(new IntervalBar(r.getTimestamp(1).toLocalDateTime(), r.getDate(2).toLocalDate(), r.getDouble(3), r.getDouble(4), r.getDouble(5),
                            r.getDouble(6), r.getDouble(7)));
                }
            }
            return out;
        });
    }
}
