package org.sextant.charts;

import java.time.ZoneId;

/**
 * When a symbol trades, as the chart's resampling and time labels see it: the exchange's zone,
 * the shift that makes a trading day a calendar day (fx's day starts 17:00 New York, shifted by
 * 7 h to 00:00), where intraday buckets start, and which bars belong to no trading day. The same
 * rules as the store's resample_bars macro (V059__early_close_auctions.sql), so a chart resampled here draws the
 * bars the engine would return; the app's tests compare the two.
 *
 * @param name         the session's name in the store: fx, us_equity, eu_equity (Xetra), six, lse, euronext or continuous
 * @param zone         the exchange's zone: bars are bucketed and labelled in its wall time
 * @param shiftMinutes added to the wall time so that a trading day is a calendar day
 * @param originMinute minute of the (shifted) day intraday buckets start from
 * @param weekdays     whether Saturday and Sunday trading days hold no bar
 * @param openMinute   first minute of the (shifted) day with intraday bars in the session
 * @param closeMinute  first minute after them (eu_equity: after its closing auction, 17:35 Berlin)
 * @param auctionMinute first minute of the closing auction (eu_equity: 17:30 Berlin, six: 17:20 Zurich, lse: 16:30 London, euronext: 17:30 Paris; else closeMinute): its bars
 *                     fall in the day's last bucket at every interval, never a bucket of their own
 * @param earlyAuctions the trading days (epoch day of the shifted date) that close early, with the minute their auction starts (the early
 *                     close; it runs as long as a regular day's and the day has no bars after it): none unless {@link #withEarlyCloses} names them
 */
public record SessionClock(String name, ZoneId zone, int shiftMinutes, int originMinute, boolean weekdays, int openMinute, int closeMinute,
                           int auctionMinute, java.util.Map<Long, Integer> earlyAuctions) {
    public SessionClock(String name, ZoneId zone, int shiftMinutes, int originMinute, boolean weekdays, int openMinute, int closeMinute, int auctionMinute) {
        this(name, zone, shiftMinutes, originMinute, weekdays, openMinute, closeMinute, auctionMinute, java.util.Map.of());
    }

    public SessionClock {
        earlyAuctions = java.util.Map.copyOf(earlyAuctions);
    }

    /** This clock with the early closes of trading days (the exchange's calendar, as the store's session_early_closes holds them, V059). */
    public SessionClock withEarlyCloses(java.util.Map<java.time.LocalDate, java.time.LocalTime> closes) {
        java.util.Map<Long, Integer> byDay = new java.util.HashMap<>();
        closes.forEach((day, at) -> byDay.put(day.toEpochDay(), at.getHour() * 60 + at.getMinute()));
        return new SessionClock(name, zone, shiftMinutes, originMinute, weekdays, openMinute, closeMinute, auctionMinute, byDay);
    }

    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    /** FX 24x5: the trading day ends 17:00 New York, the week opens Sunday 17:00. */
    public static final SessionClock FX = new SessionClock("fx", NEW_YORK, 7 * 60, 0, true, 0, 1440, 1440);
    /** US equities: 09:30-16:00 New York, Monday to Friday. */
    public static final SessionClock US_EQUITY = new SessionClock("us_equity", NEW_YORK, 0, 570, true, 570, 960, 960);
    /** Xetra (stored as eu_equity): 09:00-17:30 Berlin and the closing auction to 17:35, Monday to Friday. */
    public static final SessionClock EU_EQUITY = new SessionClock("eu_equity", ZoneId.of("Europe/Berlin"), 0, 540, true, 540, 1055, 1050);
    /** SIX Swiss Exchange: 09:00-17:20 Zurich and the closing auction to 17:30 (its print's bars to 17:35), Monday to Friday. */
    public static final SessionClock SIX = new SessionClock("six", ZoneId.of("Europe/Zurich"), 0, 540, true, 540, 1055, 1040);
    /** London Stock Exchange: 08:00-16:30 London and the closing auction to 16:35, Monday to Friday. */
    public static final SessionClock LSE = new SessionClock("lse", ZoneId.of("Europe/London"), 0, 480, true, 480, 995, 990);
    /** Euronext (Paris, Amsterdam, Brussels, Lisbon): 09:00-17:30 Paris and the closing auction to 17:35, Monday to Friday. */
    public static final SessionClock EURONEXT = new SessionClock("euronext", ZoneId.of("Europe/Paris"), 0, 540, true, 540, 1055, 1050);
    /** 24x7 on UTC days (crypto, a symbol with no session recorded). */
    public static final SessionClock CONTINUOUS = new SessionClock("continuous", ZoneId.of("UTC"), 0, 0, false, 0, 1440, 1440);

    /** The clock of a session named as the store names it; anything else (null too) is continuous, as in the store. */
    public static SessionClock of(String session) {
        if (FX.name.equals(session)) return FX;
        if (US_EQUITY.name.equals(session)) return US_EQUITY;
        if (EU_EQUITY.name.equals(session)) return EU_EQUITY;
        if (SIX.name.equals(session)) return SIX;
        if (LSE.name.equals(session)) return LSE;
        if (EURONEXT.name.equals(session)) return EURONEXT;
        return CONTINUOUS;
    }

    /** "New York", "UTC": the zone intraday times are written in, as a title names it. */
    public String zoneName() {
        String id = zone.getId();
        return id.contains("/") ? id.substring(id.indexOf('/') + 1).replace('_', ' ') : id;
    }

    /**
     * Whether a bar at this shifted wall minute belongs to a trading day: a weekday, and for an
     * intraday bar of a session with hours, inside them. Daily bars keep their date whatever the hour.
     */
    boolean inSession(long shiftedMinute, boolean daily) {
        if (!weekdays) return true;
        long day = Math.floorDiv(shiftedMinute, 1440);
        if (Math.floorMod(day + 3, 7) > 4) return false; // epoch day 0 was a Thursday: 0 = Monday .. 6 = Sunday
        long minute = Math.floorMod(shiftedMinute, 1440);
        return daily || (minute >= openMinute && minute < closeOn(day));
    }

    /** The shifted minute an intraday bar is bucketed at: a closing auction's bar as the minute before the auction, in the day's last bucket. */
    long placed(long shiftedMinute) {
        long day = Math.floorDiv(shiftedMinute, 1440);
        long minute = Math.floorMod(shiftedMinute, 1440);
        int auction = auctionOn(day);
        return minute >= auction && minute < closeOn(day) ? shiftedMinute - minute + auction - 1 : shiftedMinute;
    }

    /** The minute the closing auction starts on a (shifted) epoch day: the early close on such a day. */
    private int auctionOn(long day) {
        return earlyAuctions.getOrDefault(day, auctionMinute);
    }

    /** The first minute after a (shifted) epoch day's bars: its auction's end. */
    private int closeOn(long day) {
        return auctionOn(day) + closeMinute - auctionMinute;
    }
}
