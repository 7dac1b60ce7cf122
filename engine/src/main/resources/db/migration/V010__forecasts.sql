-- Stored forecasts (docs/forecast.md, "Stored forecasts"). One header row per forecast: a
-- symbol, model and horizon from one origin (the last observed date), of a kind (live: from
-- the end of the history; backtest: a walk-forward origin) and a band calibration (model: the
-- model's own bands; conformal: walk-forward residual bands; adaptive: adaptive conformal).
-- A re-run replaces the rows of the same symbol, model, horizon, kind, calibration and origin.
CREATE SEQUENCE forecast_ids START 1;
CREATE TABLE forecasts (
    forecast_id  BIGINT PRIMARY KEY,
    symbol       VARCHAR NOT NULL,
    model        VARCHAR NOT NULL,
    kind         VARCHAR NOT NULL,
    calibration  VARCHAR NOT NULL,
    origin       DATE    NOT NULL,
    horizon      INTEGER NOT NULL,
    last_close   DOUBLE  NOT NULL,
    history_rows INTEGER NOT NULL,
    coverage     VARCHAR,
    created_at   TIMESTAMP NOT NULL DEFAULT current_timestamp
);
COMMENT ON TABLE forecasts IS 'One stored forecast: symbol, model, kind (live|backtest), band calibration (model|conformal|adaptive), origin date (last observed close), horizon, last close; coverage is JSON [{level, empirical, origins}] for live forecasts. Steps in forecast_steps, bands in forecast_bands.';
-- The median path: one row per horizon step (1-based) with its target business day.
CREATE TABLE forecast_steps (
    forecast_id BIGINT  NOT NULL,
    step        INTEGER NOT NULL,
    target_date DATE    NOT NULL,
    median      DOUBLE  NOT NULL
);
COMMENT ON TABLE forecast_steps IS 'Median price of a stored forecast per horizon step (1-based) and target business day; join forecasts on forecast_id.';
-- The bands, long form: one row per step and level; lower/upper are the (1-L)/2 and (1+L)/2 quantiles.
CREATE TABLE forecast_bands (
    forecast_id BIGINT  NOT NULL,
    step        INTEGER NOT NULL,
    level       DOUBLE  NOT NULL,
    lower       DOUBLE  NOT NULL,
    upper       DOUBLE  NOT NULL
);
COMMENT ON TABLE forecast_bands IS 'Quantile band of a stored forecast per step and level: lower = quantile (1-level)/2, upper = (1+level)/2 of the price; join forecasts on forecast_id.';
-- The error summary of the latest walk-forward backtest per symbol, model and horizon.
CREATE TABLE forecast_backtests (
    symbol     VARCHAR NOT NULL,
    model      VARCHAR NOT NULL,
    horizon    INTEGER NOT NULL,
    origins    VARCHAR NOT NULL,
    result     VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL DEFAULT current_timestamp
);
COMMENT ON TABLE forecast_backtests IS 'Latest walk-forward backtest per symbol, model and horizon: origins rule (monthly|weekly|every N) and the result as JSON (origins, male, male_per_step, levels, coverage, pinball, conformal_*, adaptive_coverage).';
