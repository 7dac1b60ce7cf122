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
 * On an early close (London's 24 December at 12:30, Xetra's year-end day and Euronext's 24 December at 14:00) the closing
 * auction starts at the early close: its bar falls in the day's last 30-minute bar, as the regular day's auction does, in a
 * read and in the store's resample_bars (V059), and the day closes at the auction's price.
 */
class EarlyCloseAuctionTest {
    @TempDir Path tmp;

    /** 5-minute bars of {@code day} from {@code open} to {@code auction} (wall clock); the one at {@code auction} is the auction's: 200, volume 5000. */
    private Path file(String symbol, LocalDate day, LocalTime open, LocalTime auction, LocalTime... after) throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,close,volume\n");
        List<LocalTime> times = new ArrayList<>();
        for (LocalTime t = open; !t.isAfter(auction); t = t.plusMinutes(5)) times.add(t);
        times.addAll(List.of(after));
        for (LocalTime t : times) {
            boolean inAuction = !t.isBefore(auction);
            csv.append(day.atTime(t).toString().replace('T', ' ')).append(":00,").append(inAuction ? 200 : 100 + t.getMinute() * 0.01)
                    .append(',').append(inAuction ? 5000 : 100).append('\n');
        }
        Path p = tmp.resolve(symbol + ".csv");
        Files.writeString(p, csv);
        return p;
    }

    /** Reads the day at 30m as {@code session}: {@code halfHours} bars, the last opening at {@code lastBar} with the auction's price and volume. */
    private static void read(Store store, String symbol, String session, ZoneId zone, LocalDate day, int halfHours, LocalTime lastBar) {
        VenueClosingAuctionTest.setSession(store, symbol, session);
        BarReader reader = new BarReader(store);
        List<IntervalBar> bars = reader.read(symbol, BarInterval.M30, day, day).bars();
        assertEquals(halfHours, bars.size(), session + ": the early close's auction is in the day's last bar, not a bar of its own");
        IntervalBar last = bars.get(bars.size() - 1);
        assertEquals(day.atTime(lastBar).atZone(zone).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime(), last.ts());
        assertEquals(200, last.close(), 1e-12, session + ": the last bar closes at the auction's price");
        assertEquals(5000 + 6 * 100, last.volume().doubleValue(), 1e-9, session + ": the last bar holds the auction's volume");
        assertEquals(bars, VenueClosingAuctionTest.macro(store, symbol, "30m", day), session + ": resample_bars gives the read's bars");
        assertEquals(200, reader.read(symbol, BarInterval.D1, day, day).bars().get(0).close(), 1e-12);
    }

    @Test
    void londonsHalfDayAuctionAt1230JoinsThe1200Bar() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("l.duckdb"), tmp.resolve("staging"))) {
            ZoneId london = ZoneId.of("Europe/London");
            LocalDate day = LocalDate.of(2024, 12, 24);
            // 08:00-12:25 is 54 bars and the 12:30 auction's; a 12:40 print is after the auction's end (12:35): in no bar
            new PriceImporter(store, PriceRules.defaults(), london).importFiles(List.of(file("VOD", day, LocalTime.of(8, 0), LocalTime.of(12, 30), LocalTime.of(12, 40))));
            read(store, "VOD", "lse", london, day, 9, LocalTime.of(12, 0));
            assertEquals(1, new BarReader(store).outsideSession("VOD", BarInterval.M5, null, null), "lse: a bar after the half day's auction is after the close");
        }
    }

    @Test
    void xetrasYearEndAuctionAt1400JoinsThe1330Bar() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            ZoneId berlin = ZoneId.of("Europe/Berlin");
            LocalDate day = LocalDate.of(2024, 12, 30); // 31 December is a Xetra holiday: the 30th is the year's last trading day
            new PriceImporter(store, PriceRules.defaults(), berlin).importFiles(List.of(file("SAP", day, LocalTime.of(9, 0), LocalTime.of(14, 0))));
            read(store, "SAP", "eu_equity", berlin, day, 10, LocalTime.of(13, 30));
        }
    }

    @Test
    void euronextsHalfDayAuctionAt1400JoinsThe1330Bar() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("e.duckdb"), tmp.resolve("staging"))) {
            ZoneId paris = ZoneId.of("Europe/Paris");
            LocalDate day = LocalDate.of(2024, 12, 24);
            new PriceImporter(store, PriceRules.defaults(), paris).importFiles(List.of(file("AIR", day, LocalTime.of(9, 0), LocalTime.of(14, 0))));
            read(store, "AIR", "euronext", paris, day, 10, LocalTime.of(13, 30));
        }
    }
}
