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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * The session an import gives a new symbol, from its bars' hours: files of March 2024 (New York changed its clocks on
 * 10 March, Berlin and London on 31 March) written in their exchange's wall time and imported with its zone.
 */
class SessionGuessTest {
    @TempDir Path tmp;

    /** 30-minute closes on weekdays from {@code first} to {@code last} (open times, wall clock) in March 2024, or every day when {@code weekends}. */
    private Path file(String symbol, LocalTime first, LocalTime last, boolean weekends) throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,close\n");
        int i = 0;
        for (LocalDate d = LocalDate.of(2024, 3, 4); !d.isAfter(LocalDate.of(2024, 4, 5)); d = d.plusDays(1)) {
            if (!weekends && (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY)) continue;
            for (LocalDateTime t = d.atTime(first); !t.isAfter(d.atTime(last)); t = t.plusMinutes(30)) {
                csv.append(t.toString().replace('T', ' ')).append(":00,").append(100 + (i++ % 9) * 0.5).append('\n');
            }
        }
        Path p = tmp.resolve(symbol + ".csv");
        Files.writeString(p, csv);
        return p;
    }

    private String imported(Store store, Path file, String zone) {
        return check(store, file, zone).session();
    }

    private ImportReport.BarCheck check(Store store, Path file, String zone) {
        ImportReport r = new PriceImporter(store, PriceRules.defaults(), ZoneId.of(zone)).importFiles(List.of(file));
        return r.files().get(0).bars().get(0);
    }

    /** Imports {@code file} read in UTC: its symbol gets {@code session}, and the note that says why. */
    private void guessedInUtc(Store store, Path file, String session, String note) {
        ImportReport.BarCheck b = check(store, file, "UTC");
        assertEquals(session, b.session(), b.notes().toString());
        assertTrue(b.notes().contains(note), b.notes().toString());
    }

    /** 30-minute closes from {@code open} to {@code lastOpen} (wall clock) on the weekdays of April to June 2025 but {@code closed}. */
    private Path venueFile(String symbol, LocalTime open, LocalTime lastOpen, List<String> closed) throws Exception {
        return weekdaysFile(symbol, LocalDate.of(2025, 4, 1), LocalDate.of(2025, 6, 30), open, lastOpen, closed, List.of());
    }

    /** 30-minute closes from {@code open} to {@code lastOpen} (wall clock) on the weekdays from {@code from} to {@code to} but {@code closed}, to the 13:30 bar on {@code halfDays}. */
    private Path weekdaysFile(String symbol, LocalDate from, LocalDate to, LocalTime open, LocalTime lastOpen, List<String> closed, List<String> halfDays)
            throws Exception {
        return weekdaysFile(symbol, from, to, open, lastOpen, closed, halfDays, LocalTime.of(13, 30));
    }

    /** As above, the half days to the {@code halfDayLast} bar. */
    private Path weekdaysFile(String symbol, LocalDate from, LocalDate to, LocalTime open, LocalTime lastOpen, List<String> closed, List<String> halfDays,
            LocalTime halfDayLast) throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,close\n");
        int i = 0;
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY || closed.contains(d.toString())) continue;
            LocalTime last = halfDays.contains(d.toString()) ? halfDayLast : lastOpen;
            for (LocalDateTime t = d.atTime(open); !t.isAfter(d.atTime(last)); t = t.plusMinutes(30)) {
                csv.append(t.toString().replace('T', ' ')).append(":00,").append(100 + (i++ % 9) * 0.5).append('\n');
            }
        }
        Path p = tmp.resolve(symbol + ".csv");
        Files.writeString(p, csv);
        return p;
    }

    /**
     * Xetra, SIX and London trade the same instant's hours, so the days a file lacks tell the venue (the published holidays of
     * spring 2025: Good Friday 18 April and Easter Monday 21 April everywhere; Xetra 1 May; SIX 1 May, Ascension 29 May and Whit
     * Monday 9 June; London 5 and 26 May, trading on 1 May). Days that tell none keep eu_equity and the note says how to set it.
     */
    @Test
    void theDaysABerlinZurichOrLondonFileLacksTellItsVenue() throws Exception {
        List<String> easter = List.of("2025-04-18", "2025-04-21");
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("v.duckdb"), tmp.resolve("staging"))) {
            ImportReport.BarCheck smi = check(store, venueFile("SMI", LocalTime.of(9, 0), LocalTime.of(17, 0),
                    List.of("2025-04-18", "2025-04-21", "2025-05-01", "2025-05-29", "2025-06-09")), "Europe/Zurich");
            assertEquals("six", smi.session());
            assertTrue(smi.notes().stream().anyMatch(n -> n.startsWith("session six guessed") && n.contains("2025-05-29, 2025-06-09")), smi.notes().toString());
            assertEquals("lse", imported(store, venueFile("FTSE", LocalTime.of(8, 0), LocalTime.of(16, 0),
                    List.of("2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26")), "Europe/London"));
            assertEquals("eu_equity", imported(store, venueFile("DAX", LocalTime.of(9, 0), LocalTime.of(17, 0),
                    List.of("2025-04-18", "2025-04-21", "2025-05-01")), "Europe/Berlin"));
            assertEquals("six", SampleUniverseTest.text(store, "SELECT session FROM symbol_sessions WHERE symbol = 'SMI'"));
            assertEquals("lse", SampleUniverseTest.text(store, "SELECT session FROM symbol_sessions WHERE symbol = 'FTSE'"));
            // a Zurich file of days every venue trades (and Easter, which all three close) tells no venue: eu_equity and how to set six
            ImportReport.BarCheck vague = check(store, venueFile("SMI.EASTER", LocalTime.of(9, 0), LocalTime.of(17, 0), easter), "Europe/Zurich");
            assertEquals("eu_equity", vague.session(), "1 May, Ascension and Whit Monday traded: not SIX's days, and not London's either");
        }
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("w.duckdb"), tmp.resolve("staging2"))) {
            ImportReport.BarCheck march = check(store, file("SMI", LocalTime.of(9, 0), LocalTime.of(17, 0), false), "Europe/Zurich");
            assertEquals("eu_equity", march.session());
            assertTrue(march.notes().contains("session eu_equity (Xetra's holidays) kept: the bars' days do not tell SIX from Xetra; if they are SIX's, "
                    + "set it with: sextant session SMI six (or the set_trading_session tool)"), march.notes().toString());
        }
    }

    /** A Paris-time file from 09:00 to the 17:00 bar, to 13:30 on {@code halfDays} (Euronext's 24 and 31 December close at 14:05). */
    private Path parisFile(String symbol, LocalDate from, LocalDate to, List<String> closed, List<String> halfDays) throws Exception {
        return weekdaysFile(symbol, from, to, LocalTime.of(9, 0), LocalTime.of(17, 0), closed, halfDays);
    }

    /**
     * Euronext trades Xetra's hours, so a Paris file's days tell it: the half days of 24 and 31 December (Xetra and SIX closed),
     * or Whit Monday 2019 (Xetra closed 2015-2021) with London's May bank holidays traded. Days that tell Euronext from nothing
     * but Xetra keep eu_equity with the note, as before.
     */
    @Test
    void aParisFilesHalfDaysOrWhitMondayTellEuronextFromXetra() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("e.duckdb"), tmp.resolve("staging"))) {
            // December 2024 to mid-January 2025: London trades these days too, so the file's zone settles it
            ImportReport.BarCheck december = check(store, parisFile("CAC", LocalDate.of(2024, 12, 2), LocalDate.of(2025, 1, 17),
                    List.of("2024-12-25", "2024-12-26", "2025-01-01"), List.of("2024-12-24", "2024-12-31")), "Europe/Paris");
            assertEquals("euronext", december.session());
            // Xetra is ruled out, so the command a reader needs if the zone misled is London's, the venue tied with Euronext
            assertTrue(december.notes().contains("session euronext guessed: the bars' days fit Euronext's holidays and the times were read in Europe/Paris "
                    + "(bars on Xetra's holidays 2024-12-24, 2024-12-31); if they are London's, change it with: sextant session CAC lse"), december.notes().toString());
            ImportReport.BarCheck whit = check(store, parisFile("AEX", LocalDate.of(2019, 4, 1), LocalDate.of(2019, 6, 28),
                    List.of("2019-04-19", "2019-04-22", "2019-05-01"), List.of()), "Europe/Amsterdam");
            assertEquals("euronext", whit.session());
            assertTrue(whit.notes().stream().anyMatch(n -> n.startsWith("session euronext guessed: the bars' days fit Euronext's holidays and no other venue's")
                    && n.contains("bars on Xetra's holidays 2019-06-10")), whit.notes().toString());
            assertEquals("euronext", SampleUniverseTest.text(store, "SELECT session FROM symbol_sessions WHERE symbol = 'CAC'"));
            // spring 2025: Euronext and Xetra close the same days (Whit Monday is traded by both again), so eu_equity and the note
            ImportReport.BarCheck spring = check(store, parisFile("CAC.SPRING", LocalDate.of(2025, 4, 1), LocalDate.of(2025, 6, 30),
                    List.of("2025-04-18", "2025-04-21", "2025-05-01"), List.of()), "Europe/Paris");
            assertEquals("eu_equity", spring.session());
            assertTrue(spring.notes().contains("session eu_equity (Xetra's holidays) kept: the bars' days do not tell Euronext from Xetra; if they are Euronext's, "
                    + "set it with: sextant session CAC.SPRING euronext (or the set_trading_session tool)"), spring.notes().toString());
            // a Berlin file of the same December days is no Xetra one, but London's and Euronext's days alike: eu_equity as before
            assertEquals("eu_equity", imported(store, parisFile("DEC.BERLIN", LocalDate.of(2024, 12, 2), LocalDate.of(2025, 1, 17),
                    List.of("2024-12-25", "2024-12-26", "2025-01-01"), List.of("2024-12-24", "2024-12-31")), "Europe/Berlin"));
            // the same days read in UTC (the default zone): no zone settles the tie, so the note names the days and both commands
            // (their last bar 12:30-13:00 UTC holds London's 12:30 close and reaches Euronext's 14:00 Paris: the half days tell neither)
            ImportReport.BarCheck utc = check(store, weekdaysFile("DEC.UTC", LocalDate.of(2024, 12, 2), LocalDate.of(2025, 1, 17), LocalTime.of(8, 0),
                    LocalTime.of(16, 0), List.of("2024-12-25", "2024-12-26", "2025-01-01"), List.of("2024-12-24", "2024-12-31"), LocalTime.of(12, 30)), "UTC");
            assertEquals("eu_equity", utc.session());
            assertTrue(utc.notes().contains("session eu_equity (Xetra's holidays) kept: the bars on Xetra's holidays 2024-12-24, 2024-12-31 are no Xetra's,"
                    + " but the days fit London's and Euronext's alike; if they are London's, set it with: sextant session DEC.UTC lse;"
                    + " if Euronext's: sextant session DEC.UTC euronext (or the set_trading_session tool)"), utc.notes().toString());
        }
    }

    /**
     * Session 46's note: the guess used the days only, so December's days read in UTC tied London and Euronext (both trade 24 and
     * 31 December). Their half days tell them apart: London's bars end at its 12:30 close, Euronext's go on to 14:00 Paris.
     */
    @Test
    void theHalfDaysLastBarTellsLondonFromEuronext() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("h.duckdb"), tmp.resolve("staging"))) {
            List<String> holidays = List.of("2024-12-25", "2024-12-26", "2025-01-01"), halfDays = List.of("2024-12-24", "2024-12-31");
            // London in winter is UTC: 08:00 to the 16:00 bar, the half days to the 12:00 bar (12:00-12:30, the close)
            guessedInUtc(store, weekdaysFile("UK.HALF", LocalDate.of(2024, 12, 2), LocalDate.of(2025, 1, 17), LocalTime.of(8, 0),
                    LocalTime.of(16, 0), holidays, halfDays, LocalTime.of(12, 0)), "lse", "session lse guessed: the bars' days fit London's holidays and their "
                    + "times no other venue's (half days ending at London's early close: 2024-12-24 at 12:30 London, 2024-12-31 at 12:30 London); change it with: "
                    + "sextant session UK.HALF eu_equity");
            // Euronext's: the half days to the 13:00 UTC bar (14:00 Paris, its closing auction), after London's close
            guessedInUtc(store, weekdaysFile("FR.HALF", LocalDate.of(2024, 12, 2), LocalDate.of(2025, 1, 17), LocalTime.of(8, 0),
                    LocalTime.of(16, 0), holidays, halfDays, LocalTime.of(13, 0)), "euronext", "session euronext guessed: the bars' days fit Euronext's holidays "
                    + "and their times no other venue's (bars after London's early close on 2024-12-24, 2024-12-31); change it with: sextant session FR.HALF eu_equity");
        }
    }

    /** Hourly closes from 10:00 to the 17:00 bar (wall clock) on the given days only. */
    private Path daysFile(String symbol, String... days) throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,close\n");
        for (String d : days) {
            for (int h = 10; h <= 17; h++) csv.append(d).append(String.format(" %02d:00:00,", h)).append(100 + h * 0.5).append('\n');
        }
        Path p = tmp.resolve(symbol + ".csv");
        Files.writeString(p, csv);
        return p;
    }

    /**
     * A sparse file's gaps are no skipped holidays: 4 days over 3 years (attack 33, F6) were guessed London's, whose bank
     * holidays were the most weekdays in them without bars, and bars past London's 24 December close were then dropped. A
     * holiday tells a venue only when the file has bars on the trading days around it; with none, the Paris file keeps
     * eu_equity, and the note says the days are too few and names Euronext's command first.
     */
    @Test
    void aSparseFilesGapsTellNoVenue() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("s.duckdb"), tmp.resolve("staging"))) {
            ImportReport.BarCheck december = check(store, daysFile("EUX", "1987-12-23", "1987-12-24", "1989-12-29", "1990-12-24"), "Europe/Paris");
            assertEquals("eu_equity", december.session(), december.notes().toString());
            assertTrue(december.notes().contains("session eu_equity (Xetra's holidays) kept: the bars on Xetra's holidays 1987-12-24, 1990-12-24 are no Xetra's,"
                    + " but the bars' 4 days (1987-12-23 to 1990-12-24) are too few to tell Euronext from London: no holiday of theirs falls between days"
                    + " with bars; if they are Euronext's, set it with: sextant session EUX euronext; if London's: sextant session EUX lse"
                    + " (or the set_trading_session tool)"), december.notes().toString());
            // ordinary days: every venue fits as well as Xetra, and the note says why the zone's venue was not taken
            ImportReport.BarCheck ordinary = check(store, daysFile("EUY", "2023-03-15", "2024-06-12", "2025-09-10"), "Europe/Paris");
            assertEquals("eu_equity", ordinary.session(), ordinary.notes().toString());
            assertTrue(ordinary.notes().contains("session eu_equity (Xetra's holidays) kept: the bars' 3 days (2023-03-15 to 2025-09-10) are too few to tell"
                    + " Euronext from Xetra: no holiday of theirs falls between days with bars; if they are Euronext's, set it with:"
                    + " sextant session EUY euronext (or the set_trading_session tool)"), ordinary.notes().toString());
            assertEquals("eu_equity", SampleUniverseTest.text(store, "SELECT session FROM symbol_sessions WHERE symbol = 'EUX'"));
        }
    }

    /**
     * A Paris file whose days fit London's holidays better (it lacks London's May bank holidays, between days with bars) is
     * guessed lse, and the note's command is the zone's venue, which the days still fit, not Xetra's.
     */
    @Test
    void aGuessAgainstTheZoneNamesTheZonesVenue() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("l.duckdb"), tmp.resolve("staging"))) {
            ImportReport.BarCheck london = check(store, parisFile("FR.LSE", LocalDate.of(2025, 4, 1), LocalDate.of(2025, 6, 30),
                    List.of("2025-04-18", "2025-04-21", "2025-05-01", "2025-05-05", "2025-05-26"), List.of()), "Europe/Paris");
            assertEquals("lse", london.session());
            assertTrue(london.notes().contains("session lse guessed: the bars' days fit London's holidays and no other venue's (2 of 3 days telling London from Xetra side"
                    + " with London: no bars on 2025-05-05, 2025-05-26);"
                    + " if they are Euronext's (the times were read in Europe/Paris), change it with: sextant session FR.LSE euronext"), london.notes().toString());
        }
    }

    @Test
    void berlinAndLondonHoursAreEuEquityNewYorkAndFxFilesAsBefore() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            assertEquals("eu_equity", imported(store, file("DAX", LocalTime.of(9, 0), LocalTime.of(17, 0), false), "Europe/Berlin"));
            // Xetra's closing auction at 17:30 counts as the session's edge, as 16:00 does for New York
            assertEquals("eu_equity", imported(store, file("SMI", LocalTime.of(9, 0), LocalTime.of(17, 30), false), "Europe/Zurich"));
            assertEquals("eu_equity", imported(store, file("FTSE", LocalTime.of(8, 0), LocalTime.of(16, 0), false), "Europe/London"));
            assertEquals("us_equity", imported(store, file("SPY", LocalTime.of(9, 30), LocalTime.of(15, 30), false), "America/New_York"));
            assertEquals("fx", imported(store, file("EURUSD", LocalTime.of(0, 0), LocalTime.of(23, 30), false), "UTC"));
            // Berlin's pre-market and late trading (08:00-22:00) is more than a session's edge: every bar is kept, as fx keeps them
            assertEquals("fx", imported(store, file("DAX.LATE", LocalTime.of(8, 0), LocalTime.of(21, 30), false), "Europe/Berlin"));
            assertEquals("continuous", imported(store, file("BTC", LocalTime.of(9, 0), LocalTime.of(17, 0), true), "Europe/Berlin"));
            assertEquals("eu_equity", SampleUniverseTest.text(store, "SELECT session FROM symbol_sessions WHERE symbol = 'DAX'"));
        }
    }

    /**
     * Session 47's note: the reading of half days covered Europe's venues only. The NYSE's close at 13:00 New York (the day after
     * Thanksgiving, 24 December): a UTC file whose half days end there is us_equity and says what its times told; one whose bars
     * go on after it keeps us_equity (those bars are read as outside the session) and the note says so with fx's command; a UTC
     * file of London's half days (12:30 London) is lse as before.
     */
    @Test
    void theNyseHalfDaysTellAUsFileInUtcFromAEuropeanOne() throws Exception {
        List<String> holidays = List.of("2024-11-28", "2024-12-25", "2025-01-01"), halfDays = List.of("2024-11-29", "2024-12-24");
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("n.duckdb"), tmp.resolve("staging"))) {
            // New York in winter is UTC-5: 14:30 to the 20:30 bar, the half days to the 17:30 bar (12:30-13:00 New York, the close)
            guessedInUtc(store, weekdaysFile("US.HALF", LocalDate.of(2024, 11, 18), LocalDate.of(2025, 1, 10), LocalTime.of(14, 30),
                    LocalTime.of(20, 30), holidays, halfDays, LocalTime.of(17, 30)), "us_equity", "session us_equity guessed: the bars keep New York's hours and "
                    + "their half days end at the NYSE's early close (2024-11-29 at 13:00 New York, 2024-12-24 at 13:00 New York); change it with: sextant session US.HALF fx");
            // the same hours traded in full on the half days: said, with the command for another calendar
            guessedInUtc(store, weekdaysFile("US.FULL", LocalDate.of(2024, 11, 18), LocalDate.of(2025, 1, 10), LocalTime.of(14, 30),
                    LocalTime.of(20, 30), holidays, List.of()), "us_equity", "session us_equity guessed by the bars' New York hours, but they go on after the NYSE's "
                    + "early close (13:00 New York) on 2024-11-29, 2024-12-24: those bars are stored and read as outside the session; if they trade on no NYSE or "
                    + "Nasdaq calendar, set it with: sextant session US.FULL fx (every bar read)");
            // London's half days in UTC (12:30 London): a European venue's, as before (theHalfDaysLastBarTellsLondonFromEuronext)
            assertEquals("lse", imported(store, weekdaysFile("UK.HALF", LocalDate.of(2024, 12, 2), LocalDate.of(2025, 1, 17), LocalTime.of(8, 0),
                    LocalTime.of(16, 0), List.of("2024-12-25", "2024-12-26", "2025-01-01"), List.of("2024-12-24", "2024-12-31"), LocalTime.of(12, 0)), "UTC"));
        }
    }
    /**
     * Session 48's note: the NYSE's full-day holidays did not rule out us_equity. A file of New York's hours read in UTC that trades
     * on Thanksgiving and Martin Luther King Day (a European listing's afternoon) is no NYSE listing's: fx, every weekday's bars read,
     * with the command for us_equity; the same hours closed on those days stay us_equity.
     */
    @Test
    void barsOnSeveralNyseHolidaysAreNoUsEquity() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("h.duckdb"), tmp.resolve("staging"))) {
            guessedInUtc(store, weekdaysFile("EU.ADR", LocalDate.of(2024, 11, 18), LocalDate.of(2025, 1, 24), LocalTime.of(14, 30),
                    LocalTime.of(20, 30), List.of("2024-12-25", "2025-01-01"), List.of()), "fx", "session fx guessed, not us_equity: the bars keep New York's "
                    + "hours but trade on 2 of the NYSE's holidays (2024-11-28, 2025-01-20), so every weekday's bars are read; if they are a NYSE or Nasdaq "
                    + "listing's, set it with: sextant session EU.ADR us_equity");
            assertEquals("us_equity", imported(store, weekdaysFile("US.CLOSED", LocalDate.of(2024, 11, 18), LocalDate.of(2025, 1, 24), LocalTime.of(14, 30),
                    LocalTime.of(20, 30), List.of("2024-11-28", "2024-12-25", "2025-01-01", "2025-01-20"), List.of()), "UTC"));
        }
    }
}
