-- Bars of any interval other than one day (1m, 5m, 15m, 30m, 1h, 4h, 1w, 1mo). Daily bars stay
-- in prices, where they were, so a store migrates with nothing moved and nothing lost; the view
-- price_bars shows both as one table. ts is the bar's open time in UTC (no zone conversion is
-- stored; sessions convert on read). Kept unique per (symbol, interval, ts) by the importer.
CREATE TABLE bars (
    symbol   VARCHAR   NOT NULL,
    interval VARCHAR   NOT NULL,
    ts       TIMESTAMP NOT NULL,
    open     DOUBLE,
    high     DOUBLE,
    low      DOUBLE,
    close    DOUBLE    NOT NULL,
    volume   DOUBLE,
    source   VARCHAR   NOT NULL
);
COMMENT ON TABLE bars IS 'Bars of intervals other than 1d (1m, 5m, 15m, 30m, 1h, 4h, 1w, 1mo): symbol, interval, ts = the bar''s open time in UTC, OHLC (open/high/low may be NULL for close-only series), volume, source. Daily bars are in prices; price_bars shows both; resample_bars(symbol, from, to) aggregates to a coarser interval along the symbol''s session.';
-- The trading session of a symbol (sessions: fx = 24x5, the trading day ends 17:00 New York and
-- the week opens Sunday 17:00; us_equity = 09:30-16:00 New York, Monday to Friday,
-- continuous = 24x7 on UTC days). A symbol without a row is continuous.
CREATE TABLE symbol_sessions (
    symbol  VARCHAR PRIMARY KEY,
    session VARCHAR NOT NULL
);
COMMENT ON TABLE symbol_sessions IS 'Trading session per symbol used by resampling: fx (24x5, day ends 17:00 New York, week opens Sunday 17:00), us_equity (09:30-16:00 New York, Mon-Fri) or continuous (24x7, UTC days; the default for a symbol without a row).';
CREATE VIEW price_bars AS
    SELECT symbol, '1d' AS interval, CAST(date AS TIMESTAMP) AS ts, open, high, low, close, volume, source FROM prices
    UNION ALL
    SELECT symbol, interval, ts, open, high, low, close, volume, source FROM bars;
-- resample_bars('USDCHF', '30m', '1d'): the bars of one symbol aggregated to a coarser interval
-- (open = first, high = max, low = min, close = last, volume = sum) along its session. Bars outside
-- the session (a weekend, after the equity close) belong to no bar. date is the trading day.
CREATE MACRO resample_bars(sym, from_interval, to_interval) AS TABLE
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
        CASE session WHEN 'continuous' THEN 'UTC' ELSE 'America/New_York' END AS tz,
        CASE session WHEN 'fx' THEN INTERVAL 7 HOUR ELSE INTERVAL 0 HOUR END AS shift,
        -- intraday buckets start at the session's open: 17:00 New York (fx, shifted to 00:00), 09:30 (us_equity)
        TIMESTAMP '2000-01-03 00:00' + CASE session WHEN 'us_equity' THEN INTERVAL 570 MINUTE ELSE INTERVAL 0 MINUTE END AS origin
    FROM request
), source AS (
    SELECT p.ts, coalesce(p.open, p.close) AS o, coalesce(p.high, p.close) AS h, coalesce(p.low, p.close) AS l, p.close AS c, p.volume AS v,
        r.session, r.tz, r.shift, r.origin, r.daily_source,
        CASE WHEN r.daily_source THEN p.ts ELSE timezone(r.tz, timezone('UTC', p.ts)) + r.shift END AS shifted
    FROM price_bars p, rule r
    WHERE p.symbol = sym AND p.interval = from_interval
), in_session AS (
    SELECT *, CAST(shifted AS DATE) AS trading_day FROM source
    WHERE session = 'continuous'
       OR (dayofweek(CAST(shifted AS DATE)) BETWEEN 1 AND 5
           AND (session <> 'us_equity' OR daily_source OR CAST(shifted AS TIME) BETWEEN TIME '09:30' AND TIME '15:59:59.999999'))
), bucketed AS (
    SELECT *, CASE to_interval
        WHEN '1d' THEN CAST(trading_day AS TIMESTAMP)
        WHEN '1w' THEN CAST(date_trunc('week', trading_day) AS TIMESTAMP)
        WHEN '1mo' THEN CAST(date_trunc('month', trading_day) AS TIMESTAMP)
        ELSE time_bucket(CASE to_interval WHEN '1m' THEN INTERVAL 1 MINUTE WHEN '5m' THEN INTERVAL 5 MINUTE
            WHEN '15m' THEN INTERVAL 15 MINUTE WHEN '30m' THEN INTERVAL 30 MINUTE WHEN '1h' THEN INTERVAL 1 HOUR
            ELSE INTERVAL 4 HOUR END, shifted, origin) END AS bucket
    FROM in_session
)
SELECT sym AS symbol, to_interval AS interval,
    CASE WHEN any_value(daily_source) THEN bucket ELSE timezone('UTC', timezone(any_value(tz), bucket - any_value(shift))) END AS ts,
    CAST(min(trading_day) AS DATE) AS date,
    arg_min(o, ts) AS open, max(h) AS high, min(l) AS low, arg_max(c, ts) AS close, sum(v) AS volume, count(*) AS bars
FROM bucketed
GROUP BY bucket
ORDER BY bucket;
