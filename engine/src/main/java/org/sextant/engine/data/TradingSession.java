package org.sextant.engine.data;

import java.util.Locale;

/**
 * When a symbol trades, as resampling sees it (the resample_bars macro of V059__early_close_auctions.sql and its windowed
 * copy in ResampleWindow hold the same rules in SQL): which time is a trading day's and how many bars a
 * year holds, for annualising.
 */
public enum TradingSession {
    /** 24x5: the trading day ends 17:00 New York, the week opens Sunday 17:00; 52 x 5 days. */
    FX(260, 24 * 60, "24x5, the trading day ends 17:00 New York"),
    /** 09:30-16:00 New York, Monday to Friday; about 252 trading days. */
    US_EQUITY(252, 390, "09:30-16:00 New York, Monday to Friday"),
    /**
     * Xetra (also named xetra): 09:00-17:30 Berlin and the closing auction to 17:35, Monday to Friday but Xetra's holidays, to 14:00 on a
     * year's last trading day; about 252 trading days of 510 minutes: the auction's bars fall in the day's last bar, not bars of their own.
     * Its name stayed eu_equity (stored rows read as before); Euronext keeps the same hours on its own days ({@link #EURONEXT}).
     */
    EU_EQUITY(252, 510, "09:00-17:30 Berlin and the closing auction to 17:35, Monday to Friday"),
    /** SIX Swiss Exchange: 09:00-17:20 Zurich and the closing auction to 17:30 (its bars in the day's last bar), Monday to Friday but SIX's holidays. */
    SIX(250, 500, "09:00-17:20 Zurich and the closing auction to 17:30, Monday to Friday"),
    /** London Stock Exchange: 08:00-16:30 London and the closing auction to 16:35, Monday to Friday but UK bank holidays, to 12:30 on 24 and 31 December. */
    LSE(252, 510, "08:00-16:30 London and the closing auction to 16:35, Monday to Friday"),
    /**
     * Euronext's cash market (Paris, Amsterdam, Brussels, Lisbon): 09:00-17:30 Paris and the closing auction to 17:35, Monday to
     * Friday but Euronext's holidays (six a year, some on weekends: about 255 trading days), to 14:00 and its auction to 14:05 on 24 and 31 December.
     */
    EURONEXT(255, 510, "09:00-17:30 Paris and the closing auction to 17:35, Monday to Friday"),
    /** 24x7 on UTC days (crypto, a symbol with no session recorded). */
    CONTINUOUS(365, 24 * 60, "24x7 on UTC days");

    public final int tradingDaysPerYear;
    public final int minutesPerDay;
    private final String hours;

    TradingSession(int tradingDaysPerYear, int minutesPerDay, String hours) {
        this.tradingDaysPerYear = tradingDaysPerYear;
        this.minutesPerDay = minutesPerDay;
        this.hours = hours;
    }

    /** When it trades, as a reader is told ("24x5, the trading day ends 17:00 New York"). */
    public String hours() { return hours; }

    /** Another name a user may give a session by: Xetra's session is stored as eu_equity. */
    public static final String XETRA = "xetra";

    /** The sessions' stored names, as a command shows its choices: "fx|us_equity|eu_equity|six|lse|euronext|continuous". */
    public static String labels() {
        return String.join("|", java.util.Arrays.stream(values()).map(TradingSession::label).toList());
    }

    /** The session named {@code label} exactly (xetra: eu_equity), or null when no session has that name (of() falls back to continuous). */
    public static TradingSession named(String label) {
        if (XETRA.equals(label)) return EU_EQUITY;
        for (TradingSession s : values()) if (s.label().equals(label)) return s;
        return null;
    }

    /** The zone a session's clock runs in, where its bars are shown: New York for fx and us_equity, Berlin, Zurich, London, Paris for the European venues, UTC for continuous. */
    public java.time.ZoneId zone() {
        return java.time.ZoneId.of(switch (this) {
            case CONTINUOUS -> "UTC";
            case EU_EQUITY -> "Europe/Berlin";
            case SIX -> "Europe/Zurich";
            case LSE -> "Europe/London";
            case EURONEXT -> "Europe/Paris";
            case FX, US_EQUITY -> "America/New_York";
        });
    }

    /** Whether the session has no trading day on {@code day} (its clock's date): a weekend or the venue's holiday; continuous never. */
    public boolean closed(java.time.LocalDate day) {
        return switch (this) {
            case CONTINUOUS -> false;
            case FX -> day.getDayOfWeek().getValue() > 5;
            case US_EQUITY -> NyseCalendar.closed(day);
            case EU_EQUITY -> XetraCalendar.closed(day);
            case SIX -> SixCalendar.closed(day);
            case LSE -> LseCalendar.closed(day);
            case EURONEXT -> EuronextCalendar.closed(day);
        };
    }

    /** When an equity session's continuous trading opens on its clock; null for fx and continuous (every hour of a trading day). */
    public java.time.LocalTime open() {
        return switch (this) {
            case US_EQUITY -> java.time.LocalTime.of(9, 30);
            case EU_EQUITY, SIX, EURONEXT -> java.time.LocalTime.of(9, 0);
            case LSE -> java.time.LocalTime.of(8, 0);
            case FX, CONTINUOUS -> null;
        };
    }

    /** When continuous trading ends on trading day {@code day} (its clock), early closes included; null for fx and continuous. */
    public java.time.LocalTime close(java.time.LocalDate day) {
        return switch (this) {
            case US_EQUITY -> NyseCalendar.close(day);
            case EU_EQUITY -> XetraCalendar.close(day);
            case SIX -> java.time.LocalTime.of(17, 20);
            case LSE -> LseCalendar.close(day);
            case EURONEXT -> EuronextCalendar.close(day);
            case FX, CONTINUOUS -> null;
        };
    }

    /** The trading days from {@code from} to {@code to} (its clock) that close before the session's regular close, with that close; none for fx and continuous. */
    public java.util.SortedMap<java.time.LocalDate, java.time.LocalTime> earlyCloses(java.time.LocalDate from, java.time.LocalDate to) {
        java.util.SortedMap<java.time.LocalDate, java.time.LocalTime> early = new java.util.TreeMap<>();
        java.time.LocalTime regular = switch (this) {
            case US_EQUITY -> java.time.LocalTime.of(16, 0);
            case EU_EQUITY -> XetraCalendar.CLOSE;
            case SIX -> java.time.LocalTime.of(17, 20);
            case LSE -> LseCalendar.CLOSE;
            case EURONEXT -> EuronextCalendar.CLOSE;
            case FX, CONTINUOUS -> null;
        };
        if (regular == null) return early;
        for (java.time.LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            if (!closed(d) && close(d).isBefore(regular)) early.put(d, close(d));
        }
        return early;
    }

    /**
     * The session's early closes as a reader is told them ("13:00 New York on the NYSE's half days: the day after Thanksgiving,
     * 3 July and 24 December"); null when it has none (six, fx, continuous). {@link #close} applies them.
     */
    public String earlyCloseRule() {
        return switch (this) {
            case US_EQUITY -> "13:00 New York on the NYSE's half days: the day after Thanksgiving, 3 July and 24 December";
            case EU_EQUITY -> "14:00 Berlin on Xetra's last trading day of a year";
            case LSE -> "12:30 London on the last weekdays before 25 December and 1 January";
            case EURONEXT -> "14:00 Paris on 24 and 31 December";
            case SIX, FX, CONTINUOUS -> null;
        };
    }

    /** Hours added to the session's clock to make a trading day a calendar day: 7 for fx (its day starts 17:00 New York), else 0. */
    public int shiftHours() {
        return this == FX ? 7 : 0;
    }

    /** When trading day {@code day} opens, in UTC: 00:00 of it on the session's clock less the shift (fx: 17:00 New York the evening before). */
    public java.time.LocalDateTime dayOpen(java.time.LocalDate day) {
        return day.atStartOfDay().minusHours(shiftHours()).atZone(zone()).withZoneSameInstant(java.time.ZoneOffset.UTC).toLocalDateTime();
    }

    /** SQL of the trading day of a UTC time {@code utc} (a column or expression), as {@link SessionCalendar#tradingDay} computes it. */
    public String tradingDaySql(String utc) {
        return "CAST(timezone('" + zone().getId() + "', timezone('UTC', " + utc + ")) + INTERVAL " + shiftHours() + " HOUR AS DATE)";
    }

    /** A UTC time on this session's clock with its offset ("2001-03-30T16:30-05:00"): how answers show bar times. */
    public String onClock(java.time.LocalDateTime utc) {
        return utc.atOffset(java.time.ZoneOffset.UTC).atZoneSameInstant(zone()).toOffsetDateTime().toString();
    }

    /** The name stored in symbol_sessions ("fx"). */
    public String label() { return name().toLowerCase(Locale.ROOT); }

    public static TradingSession of(String label) {
        TradingSession s = label == null ? null : named(label);
        return s == null ? CONTINUOUS : s;
    }

    /** Bars of this interval in a year of this session: the annualisation factor of per-bar statistics. */
    public double barsPerYear(BarInterval interval) {
        return switch (interval) {
            case D1 -> tradingDaysPerYear;
            case W1 -> 52;
            case MO1 -> 12;
            default -> (double) tradingDaysPerYear * minutesPerDay / interval.minutes;
        };
    }
}
