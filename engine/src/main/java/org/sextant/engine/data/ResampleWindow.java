package org.sextant.engine.data;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;

/**
 * The resample_bars macro (V059__early_close_auctions.sql, kept unchanged for run_select) with the stored bars read only within a
 * window of UTC open times: the macro groups the whole series before a trading day can be chosen, so a page of a few
 * days of a 2,000,000-bar series would sort and group every bar. Same rules, same columns; the window is chosen from
 * trading days by {@link #fromTs}/{@link #toTs} so that every bar dated within them has all its stored bars inside.
 */
public final class ResampleWindow {
    private ResampleWindow() {}

    /**
     * The query of {@code from} bars resampled to {@code to} (labels checked by the caller): columns ts, date, open,
     * high, low, close, volume, unordered. Parameters: the symbol twice, then the window (see {@link #bind}).
     */
    static String sql(BarInterval from, BarInterval to) {
        String bucket = switch (to) {
            case D1 -> "CAST(trading_day AS TIMESTAMP)";
            case W1 -> "CAST(date_trunc('week', trading_day) AS TIMESTAMP)";
            case MO1 -> "CAST(date_trunc('month', trading_day) AS TIMESTAMP)";
            default -> "time_bucket(INTERVAL " + to.minutes + " MINUTE, placed, origin)";
        };
        return sourced(from) + ", in_session AS (SELECT *, CAST(shifted AS DATE) AS trading_day, "
                // a European closing auction's bar (from the day's early close on a half day) is bucketed as the last instant before the auction: in the day's last bucket
                + "CASE WHEN NOT " + daily(from) + " AND CAST(shifted AS TIME) >= auction_at THEN CAST(shifted AS DATE) + (auction_at - INTERVAL 1 MICROSECOND) "
                + "ELSE shifted END AS placed FROM source WHERE " + inSession(from) + "), "
                + "bucketed AS (SELECT *, " + bucket + " AS bucket FROM in_session) "
                + "SELECT timezone('UTC', timezone(any_value(tz), bucket - any_value(shift))) AS ts, "
                + "CAST(min(trading_day) AS DATE) AS date, arg_min(o, ts) AS open, max(h) AS high, min(l) AS low, arg_max(c, ts) AS close, "
                + "sum(v) AS volume FROM bucketed GROUP BY bucket";
    }

    /**
     * The stored {@code from} bars the session leaves out (in no bar at any interval), with where each falls: columns ts
     * (UTC open) and place ("weekend", "before the open", "after an early close", "after the close"). Parameters as {@link #sql}'s.
     */
    static String outside(BarInterval from) {
        return sourced(from) + " SELECT ts, CASE WHEN dayofweek(CAST(shifted AS DATE)) NOT BETWEEN 1 AND 5 THEN 'weekend' "
                + "WHEN CAST(shifted AS TIME) < open_at THEN 'before the open' "
                // a bar a regular day would hold, after the day's early close (the NYSE's 13:00 half days, London's 12:30...)
                + "WHEN CAST(shifted AS TIME) <= regular_close_at THEN 'after an early close' ELSE 'after the close' END AS place FROM source WHERE NOT (" + inSession(from) + ")";
    }

    private static boolean daily(BarInterval from) {
        return from.ordinal() >= BarInterval.D1.ordinal();
    }

    /** Whether a source row belongs to a trading day of the session: the macro's in_session condition. */
    private static String inSession(BarInterval from) {
        return "(session = 'continuous' OR (dayofweek(CAST(shifted AS DATE)) BETWEEN 1 AND 5 AND (open_at IS NULL OR " + daily(from)
                + " OR CAST(shifted AS TIME) BETWEEN open_at AND close_at)))";
    }

    /** The macro's rule and source (the stored bars in the window, on the session's shifted clock), as the start of a WITH clause. */
    private static String sourced(BarInterval from) {
        // the rule and aggregation are the macro's, line for line (ResampleWindowTest compares the two)
        return "WITH rule AS (SELECT session, " + ruleColumns() + " "
                + "FROM (SELECT coalesce((SELECT any_value(session) FROM symbol_sessions WHERE symbol = ?), 'continuous') AS session)), "
                + "stored AS (SELECT p.ts, coalesce(p.open, p.close) AS o, coalesce(p.high, p.close) AS h, coalesce(p.low, p.close) AS l, p.close AS c, p.volume AS v, "
                + "r.session, r.tz, r.shift, r.origin, r.open_at, r.close_at, r.auction_at, "
                // daily prices are dated at their day's open on the session's clock (price_bars), stored weeks and months by UTC date
                + (daily(from) && from != BarInterval.D1 ? "p.ts" : "timezone(r.tz, timezone('UTC', p.ts)) + r.shift") + " AS shifted "
                + "FROM price_bars p, rule r WHERE p.symbol = ? AND p.interval = '" + from.label + "' "
                + "AND (CAST(? AS TIMESTAMP) IS NULL OR p.ts >= ?) AND (CAST(? AS TIMESTAMP) IS NULL OR p.ts < ?)), "
                // the day's auction and close: an early close's (V059's session_early_closes) when the day has one, else the session's
                + (daily(from) ? "source AS (SELECT *, close_at AS regular_close_at FROM stored)"
                        : "source AS (SELECT s.* REPLACE (coalesce(e.auction_at, s.auction_at) AS auction_at, coalesce(e.close_at, s.close_at) AS close_at), "
                        + "s.close_at AS regular_close_at "
                        + "FROM stored s LEFT JOIN session_early_closes e ON e.session = s.session AND e.day = CAST(s.shifted AS DATE))");
    }

    /**
     * The macro's rule of a session (the column session in scope): tz, shift, origin, open_at, close_at, auction_at, as a
     * select list; the grouped report checks of an import (BarChecks) read many symbols' sessions with it.
     */
    public static String ruleColumns() {
        return "CASE session WHEN 'continuous' THEN 'UTC' WHEN 'eu_equity' THEN 'Europe/Berlin' WHEN 'six' THEN 'Europe/Zurich' "
                + "WHEN 'lse' THEN 'Europe/London' WHEN 'euronext' THEN 'Europe/Paris' ELSE 'America/New_York' END AS tz, "
                + "CASE session WHEN 'fx' THEN INTERVAL 7 HOUR ELSE INTERVAL 0 HOUR END AS shift, "
                + "TIMESTAMP '2000-01-03 00:00' + CASE session WHEN 'us_equity' THEN INTERVAL 570 MINUTE WHEN 'eu_equity' THEN INTERVAL 540 MINUTE "
                + "WHEN 'six' THEN INTERVAL 540 MINUTE WHEN 'lse' THEN INTERVAL 480 MINUTE WHEN 'euronext' THEN INTERVAL 540 MINUTE ELSE INTERVAL 0 MINUTE END AS origin, "
                + "CASE session WHEN 'us_equity' THEN TIME '09:30' WHEN 'eu_equity' THEN TIME '09:00' WHEN 'six' THEN TIME '09:00' WHEN 'lse' THEN TIME '08:00' WHEN 'euronext' THEN TIME '09:00' END AS open_at, "
                + "CASE session WHEN 'us_equity' THEN TIME '15:59:59.999999' WHEN 'eu_equity' THEN TIME '17:34:59.999999' WHEN 'six' THEN TIME '17:34:59.999999' "
                + "WHEN 'lse' THEN TIME '16:34:59.999999' WHEN 'euronext' THEN TIME '17:34:59.999999' END AS close_at, "
                + "CASE session WHEN 'eu_equity' THEN TIME '17:30' WHEN 'six' THEN TIME '17:20' WHEN 'lse' THEN TIME '16:30' WHEN 'euronext' THEN TIME '17:30' END AS auction_at";
    }

    /** Binds the symbol and the window [fromTs, toTs) (either null: unbounded) from parameter {@code at}; returns the next index. */
    static int bind(PreparedStatement p, int at, String symbol, LocalDate fromDay, LocalDate toDay, BarInterval to) throws SQLException {
        Timestamp lo = fromDay == null ? null : Timestamp.valueOf(fromTs(fromDay, to).atStartOfDay());
        Timestamp hi = toDay == null ? null : Timestamp.valueOf(toTs(toDay, to).atStartOfDay());
        p.setString(at, symbol);
        p.setString(at + 1, symbol);
        p.setTimestamp(at + 2, lo);
        p.setTimestamp(at + 3, lo);
        p.setTimestamp(at + 4, hi);
        p.setTimestamp(at + 5, hi);
        return at + 6;
    }

    /**
     * The first UTC day whose stored bars a read of trading days from {@code day} needs. A trading day is its bars' UTC
     * date or the day after (fx: New York + 7 h) or before (us_equity: New York; the European sessions' hours are within their UTC date), so one day back; a week or month bar
     * starting before {@code day} must be grouped whole to be dated (and left out) as it is, so from its period's start.
     */
    static LocalDate fromTs(LocalDate day, BarInterval to) {
        return periodStart(day, to).minusDays(1);
    }

    /** The UTC day (exclusive) up to which a read of trading days up to {@code day} needs stored bars: the last bar's period end, plus the day's margin. */
    static LocalDate toTs(LocalDate day, BarInterval to) {
        return periodEnd(day, to).plusDays(2);
    }

    private static LocalDate periodStart(LocalDate day, BarInterval to) {
        return switch (to) {
            case W1 -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            case MO1 -> day.withDayOfMonth(1);
            default -> day;
        };
    }

    private static LocalDate periodEnd(LocalDate day, BarInterval to) {
        return switch (to) {
            case W1 -> day.with(TemporalAdjusters.nextOrSame(DayOfWeek.SUNDAY));
            case MO1 -> day.with(TemporalAdjusters.lastDayOfMonth());
            default -> day;
        };
    }
}
