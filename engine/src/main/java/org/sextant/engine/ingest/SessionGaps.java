package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.ResampleWindow;
import org.sextant.engine.jobs.CancellableSql;

/**
 * The report's figures of every intraday symbol and interval of bar_detected from its stored bars resampled along its session,
 * in one query: the resample_bars macro's rules (ResampleWindow's rule, its early closes and buckets) partitioned by symbol and
 * interval. A query per symbol ({@link BarChecks#intradayChecks}, kept as the baseline) spent about 9 s of a 300-symbol import.
 */
final class SessionGaps {
    private SessionGaps() {}

    /** By "symbol\0interval", as {@link BarChecks#intradayChecks} gives one: count, first, last, gaps, largest gap, the bar before it, bars outside the session. */
    static Map<String, Object[]> of(Connection c) throws SQLException {
        StringBuilder intraday = new StringBuilder();
        for (BarInterval i : BarInterval.values()) {
            if (i.intraday()) intraday.append(intraday.length() == 0 ? "" : ", ").append("('").append(i.label).append("', ").append(i.minutes).append(')');
        }
        String sql = "WITH d AS (SELECT DISTINCT symbol, interval, minutes FROM bar_detected JOIN (VALUES " + intraday + ") m(interval, minutes) USING (interval)), "
                + "rule AS (SELECT *, " + ResampleWindow.ruleColumns() + " FROM (SELECT d.*, coalesce(s.session, 'continuous') AS session "
                + "FROM d LEFT JOIN symbol_sessions s USING (symbol))), "
                + "stored AS (SELECT symbol, interval, count(*) AS n, min(ts) AS first, max(ts) AS last FROM bars JOIN d USING (symbol, interval) GROUP BY ALL), "
                + "shifted AS (SELECT r.*, b.ts, timezone(r.tz, timezone('UTC', b.ts)) + r.shift AS shifted FROM bars b JOIN rule r USING (symbol, interval)), "
                // the day's auction and close: an early close's when the day has one, else the session's (the macro's dated)
                + "dated AS (SELECT s.* REPLACE (coalesce(e.auction_at, s.auction_at) AS auction_at, coalesce(e.close_at, s.close_at) AS close_at) "
                + "FROM shifted s LEFT JOIN session_early_closes e ON e.session = s.session AND e.day = CAST(s.shifted AS DATE)), "
                + "placed AS (SELECT symbol, interval, minutes, tz, shift, CAST(shifted AS DATE) AS trading_day, time_bucket(to_minutes(minutes), "
                + "CASE WHEN CAST(shifted AS TIME) >= auction_at THEN CAST(shifted AS DATE) + (auction_at - INTERVAL 1 MICROSECOND) ELSE shifted END, origin) AS bucket "
                + "FROM dated WHERE session = 'continuous' OR (dayofweek(CAST(shifted AS DATE)) BETWEEN 1 AND 5 "
                + "AND (open_at IS NULL OR CAST(shifted AS TIME) BETWEEN open_at AND close_at))), "
                + "resampled AS (SELECT symbol, interval, any_value(minutes) AS minutes, timezone('UTC', timezone(any_value(tz), bucket - any_value(shift))) AS ts, "
                + "min(trading_day) AS date, count(*) AS bars FROM placed GROUP BY symbol, interval, bucket), "
                + "r AS (SELECT *, date = lag(date) OVER w AS same_day, date_diff('minute', lag(ts) OVER w, ts) AS step FROM resampled "
                + "WINDOW w AS (PARTITION BY symbol, interval ORDER BY ts)), "
                + "g AS (SELECT symbol, interval, count(*) FILTER (WHERE same_day AND step > minutes) AS gaps, max(step - minutes) FILTER (WHERE same_day AND step > minutes) AS largest, "
                + "arg_max(ts, step - minutes) FILTER (WHERE same_day AND step > minutes) AS at, sum(bars) AS in_session FROM r GROUP BY ALL), "
                // the stored bar before the largest gap: its bucket's start is a grid time, not always a bar's
                + "before AS (SELECT b.symbol, b.interval, max(b.ts) AS ts FROM bars b JOIN g ON b.symbol = g.symbol AND b.interval = g.interval AND b.ts < g.at GROUP BY ALL) "
                + "SELECT s.symbol, s.interval, s.n, s.first, s.last, coalesce(g.gaps, 0), coalesce(g.largest, 0), before.ts, s.n - coalesce(g.in_session, 0) "
                + "FROM stored s LEFT JOIN g USING (symbol, interval) LEFT JOIN before USING (symbol, interval)";
        Map<String, Object[]> out = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet r = CancellableSql.run(st, () -> st.executeQuery(sql))) {
            while (r.next()) {
                out.put(r.getString(1) + "\u0000" + r.getString(2), new Object[] {r.getLong(3), BarChecks.iso(r.getTimestamp(4)), BarChecks.iso(r.getTimestamp(5)),
                        r.getLong(6), r.getLong(7), BarChecks.iso(r.getTimestamp(8)), r.getLong(9)});
            }
        }
        return out;
    }
}
