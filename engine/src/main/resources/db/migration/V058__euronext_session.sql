-- Euronext's session. euronext: Euronext's cash market (Paris, Amsterdam, Brussels, Lisbon), 09:00-17:30 Paris and the
-- closing auction 17:30-17:35 (its bars fall in the day's last bucket). Its holidays and its 14:00 close on 24 and 31 December
-- are the engine's calendar (EuronextCalendar); as before the macro keeps a stored bar of a holiday. Symbols stored as
-- eu_equity stay Xetra's. price_bars and resample_bars of V057 are replaced with the same rules plus euronext.
COMMENT ON TABLE symbol_sessions IS 'Trading session per symbol used by resampling: fx (24x5, day ends 17:00 New York, week opens Sunday 17:00), us_equity (09:30-16:00 New York, Mon-Fri), eu_equity (Xetra: 09:00-17:30 Berlin and the closing auction to 17:35, Mon-Fri), six (SIX Swiss Exchange: 09:00-17:20 Zurich and the closing auction to 17:30), lse (London Stock Exchange: 08:00-16:30 London and the closing auction to 16:35), euronext (Euronext Paris, Amsterdam, Brussels, Lisbon: 09:00-17:30 Paris and the closing auction to 17:35) or continuous (24x7, UTC days; the default for a symbol without a row).';
-- price_bars of V057 with euronext's zone: a daily price of a euronext symbol opens at 00:00 Paris.
CREATE OR REPLACE VIEW price_bars AS
    SELECT p.symbol, '1d' AS interval,
        timezone('UTC', timezone(coalesce(z.zone, 'UTC'), CAST(p.date AS TIMESTAMP) - to_hours(coalesce(z.shift, 0)))) AS ts,
        p.open, p.high, p.low, p.close, p.volume, p.source
    FROM prices p LEFT JOIN (
        SELECT symbol, CASE session WHEN 'eu_equity' THEN 'Europe/Berlin' WHEN 'six' THEN 'Europe/Zurich' WHEN 'lse' THEN 'Europe/London'
            WHEN 'euronext' THEN 'Europe/Paris' WHEN 'continuous' THEN 'UTC' ELSE 'America/New_York' END AS zone,
            CASE session WHEN 'fx' THEN 7 ELSE 0 END AS shift
        FROM symbol_sessions) z ON z.symbol = p.symbol
    UNION ALL
    SELECT symbol, interval, ts, open, high, low, close, volume, source FROM bars;
CREATE OR REPLACE MACRO resample_bars(sym, from_interval, to_interval) AS TABLE
WITH intervals AS (
    SELECT ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1mo'] AS names
), request AS (
    SELECT CASE
        WHEN list_position(names, from_interval) IS NULL THEN error('resample_bars: unknown interval ' || from_interval || '; use one of 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w, 1mo')
        WHEN list_position(names, to_interval) IS NULL THEN error('resample_bars: unknown interval ' || to_interval || '; use one of 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w, 1mo')
        WHEN list_position(names, to_interval) < list_position(names, from_interval) THEN error('resample_bars: ' || to_interval || ' is finer than ' || from_interval || '; resample only to a coarser interval')
        ELSE coalesce((SELECT any_value(session) FROM symbol_sessions WHERE symbol = sym), 'continuous') END AS session,
        list_position(names, from_interval) >= 7 AS daily_source
    FROM intervals
), rule AS (
    SELECT session, daily_source,
        CASE session WHEN 'continuous' THEN 'UTC' WHEN 'eu_equity' THEN 'Europe/Berlin' WHEN 'six' THEN 'Europe/Zurich' WHEN 'lse' THEN 'Europe/London' WHEN 'euronext' THEN 'Europe/Paris' ELSE 'America/New_York' END AS tz,
        CASE session WHEN 'fx' THEN INTERVAL 7 HOUR ELSE INTERVAL 0 HOUR END AS shift,
        -- intraday buckets start at the session's open: 17:00 New York (fx, shifted to 00:00), 09:30 (us_equity), 09:00 Berlin, Zurich or Paris, 08:00 London
        TIMESTAMP '2000-01-03 00:00' + CASE session WHEN 'us_equity' THEN INTERVAL 570 MINUTE WHEN 'eu_equity' THEN INTERVAL 540 MINUTE
            WHEN 'six' THEN INTERVAL 540 MINUTE WHEN 'lse' THEN INTERVAL 480 MINUTE WHEN 'euronext' THEN INTERVAL 540 MINUTE ELSE INTERVAL 0 MINUTE END AS origin,
        -- an equity session's intraday hours on its clock with its closing auction (NULL: every hour of a weekday)
        CASE session WHEN 'us_equity' THEN TIME '09:30' WHEN 'eu_equity' THEN TIME '09:00' WHEN 'six' THEN TIME '09:00' WHEN 'lse' THEN TIME '08:00' WHEN 'euronext' THEN TIME '09:00' END AS open_at,
        CASE session WHEN 'us_equity' THEN TIME '15:59:59.999999' WHEN 'eu_equity' THEN TIME '17:34:59.999999' WHEN 'six' THEN TIME '17:34:59.999999'
            WHEN 'lse' THEN TIME '16:34:59.999999' WHEN 'euronext' THEN TIME '17:34:59.999999' END AS close_at,
        -- where the closing auction starts: its bars are bucketed as the last instant before it
        CASE session WHEN 'eu_equity' THEN TIME '17:30' WHEN 'six' THEN TIME '17:20' WHEN 'lse' THEN TIME '16:30' WHEN 'euronext' THEN TIME '17:30' END AS auction_at
    FROM request
), source AS (
    SELECT p.ts, coalesce(p.open, p.close) AS o, coalesce(p.high, p.close) AS h, coalesce(p.low, p.close) AS l, p.close AS c, p.volume AS v,
        r.session, r.tz, r.shift, r.origin, r.open_at, r.close_at, r.auction_at, r.daily_source,
        CASE WHEN r.daily_source AND from_interval <> '1d' THEN p.ts ELSE timezone(r.tz, timezone('UTC', p.ts)) + r.shift END AS shifted
    FROM price_bars p, rule r
    WHERE p.symbol = sym AND p.interval = from_interval
), in_session AS (
    SELECT *, CAST(shifted AS DATE) AS trading_day,
        CASE WHEN NOT daily_source AND CAST(shifted AS TIME) >= auction_at
            THEN CAST(shifted AS DATE) + (auction_at - INTERVAL 1 MICROSECOND) ELSE shifted END AS placed
    FROM source
    WHERE session = 'continuous'
       OR (dayofweek(CAST(shifted AS DATE)) BETWEEN 1 AND 5
           AND (open_at IS NULL OR daily_source OR CAST(shifted AS TIME) BETWEEN open_at AND close_at))
), bucketed AS (
    SELECT *, CASE to_interval
        WHEN '1d' THEN CAST(trading_day AS TIMESTAMP)
        WHEN '1w' THEN CAST(date_trunc('week', trading_day) AS TIMESTAMP)
        WHEN '1mo' THEN CAST(date_trunc('month', trading_day) AS TIMESTAMP)
        ELSE time_bucket(CASE to_interval WHEN '1m' THEN INTERVAL 1 MINUTE WHEN '5m' THEN INTERVAL 5 MINUTE
            WHEN '15m' THEN INTERVAL 15 MINUTE WHEN '30m' THEN INTERVAL 30 MINUTE WHEN '1h' THEN INTERVAL 1 HOUR
            ELSE INTERVAL 4 HOUR END, placed, origin) END AS bucket
    FROM in_session
)
SELECT sym AS symbol, to_interval AS interval,
    timezone('UTC', timezone(any_value(tz), bucket - any_value(shift))) AS ts,
    CAST(min(trading_day) AS DATE) AS date,
    arg_min(o, ts) AS open, max(h) AS high, min(l) AS low, arg_max(c, ts) AS close, sum(v) AS volume, count(*) AS bars
FROM bucketed
GROUP BY bucket
ORDER BY bucket;
