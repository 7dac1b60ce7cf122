-- User signal definitions (the builtin dimensions are defined in code: analog.SignalRegistry).
CREATE TABLE signal_definitions (
    name          VARCHAR PRIMARY KEY,
    kind          VARCHAR NOT NULL,
    bins          VARCHAR,
    levels        VARCHAR,
    default_trust DOUBLE  NOT NULL,
    description   VARCHAR,
    imported_at   TIMESTAMP NOT NULL DEFAULT current_timestamp
);
-- One value per user signal and date; provenance is 'live' (observed that day) or 'backfill'.
CREATE TABLE signal_values (
    name       VARCHAR NOT NULL,
    date       DATE    NOT NULL,
    value      DOUBLE,
    label      VARCHAR,
    provenance VARCHAR NOT NULL,
    PRIMARY KEY (name, date)
);
-- The builtin daily signals of a benchmark, materialised for SQL readers by
-- AnalogueService.refreshDailySignals (the matcher itself works from memory).
CREATE TABLE daily_signals (
    benchmark    VARCHAR NOT NULL,
    date         DATE    NOT NULL,
    ret_1d       DOUBLE,
    ret_5d       DOUBLE,
    ret_20d      DOUBLE,
    vol_20d      DOUBLE,
    dist_sma50   DOUBLE,
    dist_sma200  DOUBLE,
    rsi_14       DOUBLE,
    drawdown_252 DOUBLE,
    breadth_50   DOUBLE,
    vol_regime   VARCHAR,
    regime       VARCHAR,
    fwd_1d       DOUBLE,
    fwd_3d       DOUBLE,
    fwd_5d       DOUBLE,
    backfill     BOOLEAN NOT NULL,
    PRIMARY KEY (benchmark, date)
);
