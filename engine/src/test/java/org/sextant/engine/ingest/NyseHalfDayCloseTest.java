package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.BarReader;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * The NYSE closes at 13:00 on its half days (the day after Thanksgiving, 3 July and 24 December when they trade: NYSE,
 * "Holidays and Trading Hours"). A us_equity bar from 13:00 on such a day is after the close, as a 16:00 bar is on a
 * regular day: in no bar of a read or of resample_bars, and counted and told as outside the session, not dropped.
 */
class NyseHalfDayCloseTest {
    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final LocalDate HALF_DAY = LocalDate.of(2025, 11, 28); // the day after Thanksgiving 2025
    private static final LocalDate REGULAR = LocalDate.of(2025, 11, 26);
    @TempDir Path tmp;

    /** 5-minute bars from 09:30 to {@code last} (New York), each closing at 100 + minute of the day / 1000, volume 100. */
    private static void day(StringBuilder csv, LocalDate day, LocalTime last) {
        for (LocalTime t = LocalTime.of(9, 30); !t.isAfter(last); t = t.plusMinutes(5)) {
            csv.append(day.atTime(t).toString().replace('T', ' ')).append(":00,").append(price(t)).append(",100\n");
        }
    }

    private static double price(LocalTime t) {
        return 100 + (t.getHour() * 60 + t.getMinute()) / 1000.0;
    }

    @Test
    void barsFrom1300OnAHalfDayAreAfterTheCloseAndTold() throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,close,volume\n");
        day(csv, REGULAR, LocalTime.of(16, 0)); // 09:30-15:55 and a 16:00 bar after the regular close
        day(csv, HALF_DAY, LocalTime.of(13, 55)); // 09:30-12:55 and twelve bars 13:00-13:55 after the half day's close
        Path file = Files.writeString(tmp.resolve("SPY.csv"), csv);
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("s.duckdb"), tmp.resolve("staging"))) {
            ImportReport report = new PriceImporter(store, PriceRules.defaults(), NEW_YORK).importFiles(List.of(file));
            ImportReport.BarCheck spy = report.files().get(0).bars().get(0);
            assertEquals("us_equity", spy.session());
            assertEquals(13, spy.outsideSession(), "the regular day's 16:00 bar and the half day's twelve from 13:00: stored, in no bar");
            assertTrue(String.join("\n", spy.notes()).contains("1 after the close, 12 after an early close (13:00 New York on the NYSE's half days: "
                    + "the day after Thanksgiving, 3 July and 24 December)"), spy.notes().toString());

            BarReader reader = new BarReader(store);
            List<IntervalBar> halfHours = reader.read("SPY", BarInterval.M30, HALF_DAY, HALF_DAY).bars();
            assertEquals(7, halfHours.size(), "09:30 to 12:30: the half day has no 13:00 or 13:30 bar");
            IntervalBar last = halfHours.get(6);
            assertEquals(HALF_DAY.atTime(12, 30).atZone(NEW_YORK).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime(), last.ts());
            assertEquals(price(LocalTime.of(12, 55)), last.close(), 1e-12, "the last bar closes with the 12:55 bar");
            IntervalBar daily = reader.read("SPY", BarInterval.D1, HALF_DAY, HALF_DAY).bars().get(0);
            assertEquals(price(LocalTime.of(12, 55)), daily.close(), 1e-12, "the day closes at 13:00, not with the 13:55 bar");
            assertEquals(42 * 100, daily.volume().doubleValue(), 1e-9, "42 bars of 09:30-12:55, none after the close");
            assertEquals(halfHours, VenueClosingAuctionTest.macro(store, "SPY", "30m", HALF_DAY), "resample_bars gives the read's bars");
            assertEquals(12, reader.outsideSession("SPY", BarInterval.M5, HALF_DAY, HALF_DAY), "a read of the half day counts them");
            assertEquals(78, reader.read("SPY", BarInterval.M5, REGULAR, REGULAR).bars().size(), "a regular day keeps 09:30-15:55");
        }
    }
}
