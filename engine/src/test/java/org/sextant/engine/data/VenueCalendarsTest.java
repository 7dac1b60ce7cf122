package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The European venues' calendars against the days each exchange publishes, typed as dates, not computed by the rules under
 * test, and the sessions' next bars along them: a forecast's bars after a holiday or an early close.
 */
public class VenueCalendarsTest {
    /** SIX, "Trading and settlement calendar" (six-group.com): the non-trading weekdays published for 2024-2026. */
    public static final List<String> SIX_PUBLISHED = List.of(
            "2024-01-01", "2024-01-02", "2024-03-29", "2024-04-01", "2024-05-01", "2024-05-09", "2024-05-20", "2024-08-01",
            "2024-12-24", "2024-12-25", "2024-12-26", "2024-12-31",
            "2025-01-01", "2025-01-02", "2025-04-18", "2025-04-21", "2025-05-01", "2025-05-29", "2025-06-09", "2025-08-01",
            "2025-12-24", "2025-12-25", "2025-12-26", "2025-12-31",
            "2026-01-01", "2026-01-02", "2026-04-03", "2026-04-06", "2026-05-01", "2026-05-14", "2026-05-25",
            "2026-12-24", "2026-12-25", "2026-12-31");

    /** London Stock Exchange, "Business days" (lseg.com): the non-trading weekdays published for 2024-2026 (28 December 2026 keeps Boxing Day). */
    public static final List<String> LSE_PUBLISHED = List.of(
            "2024-01-01", "2024-03-29", "2024-04-01", "2024-05-06", "2024-05-27", "2024-08-26", "2024-12-25", "2024-12-26",
            "2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26", "2025-08-25", "2025-12-25", "2025-12-26",
            "2026-01-01", "2026-04-03", "2026-04-06", "2026-05-04", "2026-05-25", "2026-08-31", "2026-12-25", "2026-12-28");

    /** The same page's half days (the closing process from 12:30 London). */
    static final List<String> LSE_HALF_DAYS = List.of("2024-12-24", "2024-12-31", "2025-12-24", "2025-12-31", "2026-12-24", "2026-12-31");

    /**
     * Euronext, "Trading calendar and trading hours" (euronext.com/en/trade/trading-hours-holidays) and its yearly holiday
     * announcements: the cash market's non-trading weekdays published for 2024-2026 (26 December 2026 is a Saturday).
     */
    public static final List<String> EURONEXT_PUBLISHED = List.of(
            "2024-01-01", "2024-03-29", "2024-04-01", "2024-05-01", "2024-12-25", "2024-12-26",
            "2025-01-01", "2025-04-18", "2025-04-21", "2025-05-01", "2025-12-25", "2025-12-26",
            "2026-01-01", "2026-04-03", "2026-04-06", "2026-05-01", "2026-12-25");

    /** The same calendar's half days: every instrument closes by 14:05 CET, continuous trading ending at 14:00. */
    static final List<String> EURONEXT_HALF_DAYS = List.of("2024-12-24", "2024-12-31", "2025-12-24", "2025-12-31", "2026-12-24", "2026-12-31");

    @Test
    void euronextClosesOnItsPublishedDaysAndTradesHalfDaysWhereXetraCloses() {
        assertEquals(EURONEXT_PUBLISHED, XetraCalendarTest.weekdaysWhere(2024, 2026, EuronextCalendar::holiday));
        assertEquals(EURONEXT_HALF_DAYS, XetraCalendarTest.weekdaysWhere(2024, 2026,
                d -> !EuronextCalendar.closed(d) && EuronextCalendar.close(d).equals(LocalTime.of(14, 0))));
        for (String d : EURONEXT_HALF_DAYS) assertTrue(XetraCalendar.closed(LocalDate.parse(d)), "Xetra is closed on " + d);
        // Whit Monday and German Unity Day, closed by Xetra in 2015-2021, were Euronext trading days
        for (String d : List.of("2019-06-10", "2019-10-03", "2025-06-09")) assertFalse(EuronextCalendar.closed(LocalDate.parse(d)), d);
        assertTrue(XetraCalendar.closed(LocalDate.of(2019, 6, 10)));
        assertEquals(LocalTime.of(17, 30), EuronextCalendar.close(LocalDate.of(2025, 12, 23)));
        // 24 December 2027 is a Friday: a half day; 31 December 2022 a Saturday: no trading, Friday 30 December a full day
        assertEquals(LocalTime.of(14, 0), TradingSession.EURONEXT.close(LocalDate.of(2027, 12, 24)));
        assertEquals(LocalTime.of(17, 30), TradingSession.EURONEXT.close(LocalDate.of(2022, 12, 30)));
    }

    @Test
    void sixClosesOnItsPublishedDaysWhereXetraTrades() {
        assertEquals(SIX_PUBLISHED, XetraCalendarTest.weekdaysWhere(2024, 2026, SixCalendar::holiday));
        // Berchtoldstag, Ascension, Whit Monday and National Day are Swiss: Xetra trades on them
        for (String d : List.of("2025-01-02", "2025-05-29", "2025-06-09", "2025-08-01")) assertFalse(XetraCalendar.closed(LocalDate.parse(d)), d);
        assertTrue(SixCalendar.closed(LocalDate.of(2026, 8, 1)), "a Saturday National Day");
        assertFalse(SixCalendar.closed(LocalDate.of(2026, 8, 3)), "is not kept on Monday");
    }

    @Test
    void londonClosesOnBankHolidaysWithTheirSubstitutesAndTradesHalfDaysAtChristmas() {
        assertEquals(LSE_PUBLISHED, XetraCalendarTest.weekdaysWhere(2024, 2026, LseCalendar::holiday));
        List<String> half = XetraCalendarTest.weekdaysWhere(2024, 2026, d -> !LseCalendar.closed(d) && LseCalendar.close(d).equals(LocalTime.of(12, 30)));
        assertEquals(LSE_HALF_DAYS, half);
        // proclaimed days and weekend Christmases of earlier years (gov.uk bank holidays; LSE notices)
        for (String d : List.of("2020-05-08", "2022-06-02", "2022-06-03", "2022-09-19", "2022-12-27", "2023-05-08", "2021-12-27", "2021-12-28")) {
            assertTrue(LseCalendar.closed(LocalDate.parse(d)), d);
        }
        for (String d : List.of("2020-05-04", "2022-05-30", "2025-01-02")) assertFalse(LseCalendar.closed(LocalDate.parse(d)), d);
        // a weekend Christmas Eve or New Year's Eve makes the Friday before the half day (22 and 29 December 2023)
        assertEquals(LocalTime.of(12, 30), LseCalendar.close(LocalDate.of(2023, 12, 22)));
        assertEquals(LocalTime.of(12, 30), LseCalendar.close(LocalDate.of(2023, 12, 29)));
        assertEquals(LocalTime.of(16, 30), LseCalendar.close(LocalDate.of(2023, 12, 28)));
    }

    @Test
    void xetraEndsTheYearsLastTradingDayAt14() {
        for (int y = 2024; y <= 2026; y++) {
            assertEquals(LocalTime.of(14, 0), XetraCalendar.close(LocalDate.of(y, 12, 30)), y + "-12-30 is the last trading day");
            assertEquals(LocalTime.of(17, 30), XetraCalendar.close(LocalDate.of(y, 12, 23)));
        }
        // 31 December 2027 is a Friday and closed: Thursday 30 December is the last day
        assertEquals(LocalTime.of(14, 0), XetraCalendar.close(LocalDate.of(2027, 12, 30)));
    }

    @Test
    void eachSessionsNextBarsSkipItsVenuesHolidaysAndEarlyCloses() {
        // hourly after Wednesday 28 May 2025 16:00 Zurich: Ascension on Thursday, so Friday 09:00 follows 17:00
        assertEquals(List.of(at(TradingSession.SIX, "2025-05-28T17:00"), at(TradingSession.SIX, "2025-05-30T09:00")),
                SessionCalendar.barsAfter(TradingSession.SIX, BarInterval.H1, at(TradingSession.SIX, "2025-05-28T16:00"), 2));
        // Xetra trades on Ascension
        assertEquals(at(TradingSession.EU_EQUITY, "2025-05-29T09:00"),
                SessionCalendar.barsAfter(TradingSession.EU_EQUITY, BarInterval.H1, at(TradingSession.EU_EQUITY, "2025-05-28T17:00"), 1).get(0));
        // London on Christmas Eve 2025: the last 30-minute bar opens 12:00, then Monday 29 December 08:00
        assertEquals(List.of(at(TradingSession.LSE, "2025-12-24T12:00"), at(TradingSession.LSE, "2025-12-29T08:00")),
                SessionCalendar.barsAfter(TradingSession.LSE, BarInterval.M30, at(TradingSession.LSE, "2025-12-24T11:30"), 2));
        // Xetra's last day of 2025 ends at 14:00; 2026 opens on Friday 2 January
        assertEquals(List.of(at(TradingSession.EU_EQUITY, "2025-12-30T13:30"), at(TradingSession.EU_EQUITY, "2026-01-02T09:00")),
                SessionCalendar.barsAfter(TradingSession.EU_EQUITY, BarInterval.M30, at(TradingSession.EU_EQUITY, "2025-12-30T13:00"), 2));
        assertEquals(LocalDate.of(2026, 1, 5), SessionCalendar.firstSessionDay(TradingSession.SIX, LocalDate.of(2026, 1, 1)));
        // Euronext on Christmas Eve 2025: the last 30-minute bar opens 13:30 Paris, then Monday 29 December 09:00 (25 and 26 closed)
        assertEquals(List.of(at(TradingSession.EURONEXT, "2025-12-24T13:30"), at(TradingSession.EURONEXT, "2025-12-29T09:00")),
                SessionCalendar.barsAfter(TradingSession.EURONEXT, BarInterval.M30, at(TradingSession.EURONEXT, "2025-12-24T13:00"), 2));
        // and on New Year's Eve, then Friday 2 January; daily bars step over 1 January only
        assertEquals(List.of(at(TradingSession.EURONEXT, "2025-12-31T13:30"), at(TradingSession.EURONEXT, "2026-01-02T09:00")),
                SessionCalendar.barsAfter(TradingSession.EURONEXT, BarInterval.M30, at(TradingSession.EURONEXT, "2025-12-31T13:00"), 2));
        assertEquals(List.of(at(TradingSession.EURONEXT, "2025-12-31T00:00"), at(TradingSession.EURONEXT, "2026-01-02T00:00")),
                SessionCalendar.barsAfter(TradingSession.EURONEXT, BarInterval.D1, at(TradingSession.EURONEXT, "2025-12-30T00:00"), 2));
    }

    @Test
    void xetraIsAnotherNameOfTheStoredEuEquitySession() {
        assertEquals(TradingSession.EU_EQUITY, TradingSession.named("xetra"));
        assertEquals("eu_equity", TradingSession.named("xetra").label());
        assertEquals(TradingSession.SIX, TradingSession.of("six"));
        assertEquals(TradingSession.LSE, TradingSession.of("lse"));
        assertEquals(TradingSession.EURONEXT, TradingSession.of("euronext"));
        assertEquals("Europe/Paris", TradingSession.EURONEXT.zone().getId());
    }

    /** A wall time on the session's clock as the UTC open time bars carry. */
    private static LocalDateTime at(TradingSession s, String local) {
        return LocalDateTime.parse(local).atZone(s.zone()).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
    }
}
