package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.data.TradingSession;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * How much the days must say before an import sets a venue other than Xetra: one weekday without bars that SIX closes and
 * Xetra trades (1 August) may be a gap in a Xetra stock's file; the real SPI's days of 2006-2007 skip four such days. Times are
 * read in Berlin, whose zone names no venue, so only the days tell.
 */
class VenueEvidenceTest {
    @TempDir Path tmp;

    /** Hourly closes 09:00-17:00 Berlin on each of {@code days}. */
    private Path file(String name, List<LocalDate> days) throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,close\n");
        int i = 0;
        for (LocalDate d : days) {
            for (int h = 9; h <= 17; h++) csv.append(d).append(String.format(" %02d:00:00,", h)).append(100 + (i++ % 7) * 0.25).append('\n');
        }
        Path p = tmp.resolve(name + ".csv");
        Files.writeString(p, csv);
        return p;
    }

    private ImportReport.BarCheck imported(Store store, Path file) {
        return new PriceImporter(store, PriceRules.defaults(), ZoneId.of("Europe/Berlin")).importFiles(List.of(file)).files().get(0).bars().get(0);
    }

    /** The weekdays {@code venue} trades from {@code from} to {@code to}, less {@code missing}. */
    private static List<LocalDate> tradingDays(TradingSession venue, LocalDate from, LocalDate to, List<String> missing) {
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) if (!venue.closed(d) && !missing.contains(d.toString())) out.add(d);
        return out;
    }

    @Test
    void aXetraStockMissingFirstAugustStaysXetrasAndTheNoteSaysOneDayIsTooFew() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("v.duckdb"), tmp.resolve("staging"))) {
            // July to September 2025: Xetra, SIX, London (25 August) and Euronext trade alike but on 1 August (SIX) and London's bank holiday
            ImportReport.BarCheck sap = imported(store, file("SAP", tradingDays(TradingSession.EU_EQUITY, LocalDate.of(2025, 7, 1), LocalDate.of(2025, 9, 30),
                    List.of("2025-08-01"))));
            assertEquals("eu_equity", sap.session(), sap.notes().toString());
            assertTrue(sap.notes().contains("session eu_equity (Xetra's holidays) kept: only 1 day tells SIX from Xetra (no bars on 2025-08-01), too few to decide: "
                    + "a weekday without bars may be a gap in the file; if they are SIX's, set it with: sextant session SAP six (or the set_trading_session tool)"),
                    sap.notes().toString());
            // October's bars, imported later: the stored eu_equity is not told to switch on that one day either
            ImportReport.BarCheck october = imported(store, file("SAP", tradingDays(TradingSession.EU_EQUITY, LocalDate.of(2025, 10, 1),
                    LocalDate.of(2025, 10, 31), List.of())));
            assertTrue(october.notes().stream().noneMatch(n -> n.contains("is read on Xetra's calendar")), october.notes().toString());
        }
    }

    /** The weekdays the real SPI moved on (fBasics::SWXLP, the sample): it stands at the last level on SIX's holidays. */
    private static List<LocalDate> spiDays(LocalDate from) throws Exception {
        List<LocalDate> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(VenueEvidenceTest.class.getResourceAsStream("/sample/swxlp.csv"), StandardCharsets.UTF_8))) {
            in.readLine();
            String previous = null;
            for (String line; (line = in.readLine()) != null; ) {
                String spi = line.split(",")[2];
                LocalDate d = LocalDate.parse(line.substring(1, 11));
                if (!spi.equals(previous) && !d.isBefore(from)) out.add(d);
                previous = spi;
            }
        }
        return out;
    }

    @Test
    void theRealSpisDaysAreSixsAndTheNoteCountsTheDaysThatToldIt() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("v.duckdb"), tmp.resolve("staging"))) {
            ImportReport.BarCheck spi = imported(store, file("SPI.H", spiDays(LocalDate.of(2006, 1, 3))));
            assertEquals("six", spi.session(), spi.notes().toString());
            // a full 29 December 2006 rules Xetra out (it closes at 14:00 that day); Euronext fits next
            assertTrue(spi.notes().contains("session six guessed: the bars' days fit SIX's holidays and no other venue's (4 days tell SIX from Euronext: no bars on "
                    + "2006-05-25, 2006-06-05, 2006-08-01, 2007-01-02); change it with: sextant session SPI.H eu_equity"), spi.notes().toString());
        }
    }

    @Test
    void laterBarsOnSixsHolidaysThatXetraTradesSuggestSwitchingBack() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("v.duckdb"), tmp.resolve("staging"))) {
            // April to June 2025 without Ascension and Whit Monday: SIX's, guessed six
            Path spring = file("NOVN", tradingDays(TradingSession.SIX, LocalDate.of(2025, 4, 1), LocalDate.of(2025, 6, 30), List.of()));
            assertEquals("six", imported(store, spring).session());
            // then July to September, 1 August traded: a SIX holiday Xetra, London and Euronext trade on
            ImportReport.BarCheck summer = imported(store, file("NOVN", tradingDays(TradingSession.EU_EQUITY, LocalDate.of(2025, 7, 1), LocalDate.of(2025, 9, 30),
                    List.of())));
            assertEquals("six", summer.session(), "a stored session is not guessed again");
            assertTrue(summer.notes().contains("9 bars of NOVN 1h are on SIX holidays: 2025-08-01; SIX was closed, so they are no ordinary day's bars, but they are "
                    + "kept and read (Xetra trades on all of them: if they are Xetra's, switch with: sextant session NOVN eu_equity; if London's: sextant session NOVN lse; "
                    + "if Euronext's: sextant session NOVN euronext (or the set_trading_session tool))"), summer.notes().toString());
        }
    }
}
