package org.sextant.engine.data;

import java.util.Locale;

/**
 * When a symbol trades, as resampling sees it (the resample_bars macro of V050__eu_equity_closing_auction.sql and its windowed
 * copy in ResampleWindow hold the same rules in SQL): which time is a trading day's and how many bars a
 * year holds, for annualising.
 */
public enum TradingSession {
    /** 24x5: the trading day ends 17:00 New York, the week opens Sunday 17:00; 52 x 5 days. */
    FX(260, 24 * 60, "24x5, the trading day ends 17:00 New York"),
    /** 09:30-16:00 New York, Monday to Friday; about 252 trading days. */
    US_EQUITY(252, 390, "09:30-16:00 New York, Monday to Friday"),
    /**
     * 09:00-17:30 Berlin and the closing auction to 17:35, Monday to Friday (Xetra, SIX, Euronext; London's 08:00-16:35 is
     * the same instant); about 252 trading days of 510 minutes: the auction's bars fall in the day's last bar, not bars of their own.
     */
    EU_EQUITY(252, 510, "09:00-17:30 Berlin and the closing auction to 17:35, Monday to Friday"),
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

    /** The sessions' stored names, as a command shows its choices: "fx|us_equity|eu_equity|continuous". */
    public static String labels() {
        return String.join("|", java.util.Arrays.stream(values()).map(TradingSession::label).toList());
    }

    /** The session named {@code label} exactly, or null when no session has that name (of() falls back to continuous). */
    public static TradingSession named(String label) {
        for (TradingSession s : values()) if (s.label().equals(label)) return s;
        return null;
    }

    /** The zone a session's clock runs in, where its bars are shown: New York for fx and us_equity, Berlin for eu_equity, UTC for continuous. */
    public java.time.ZoneId zone() {
        return java.time.ZoneId.of(switch (this) {
            case CONTINUOUS -> "UTC";
            case EU_EQUITY -> "Europe/Berlin";
            default -> "America/New_York";
        });
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
