-- A stored forecast backtest says which closes it was run on: the chart kept showing a backtest's
-- origins and verdict after a re-import corrected the closes it had read. NULL on backtests stored
-- before: they are not shown (the user runs the backtest again), as live forecasts stored before V052.
ALTER TABLE forecast_backtests ADD COLUMN closes_digest VARCHAR;
ALTER TABLE forecast_backtests ADD COLUMN closes_from DATE;
ALTER TABLE forecast_backtests ADD COLUMN closes_to DATE;
COMMENT ON COLUMN forecast_backtests.closes_digest IS 'SHA-256 (32 hex digits) of the dates and closes the backtest read, and for global models the global model''s data fingerprint; shown only while the store holds the same closes from closes_from to closes_to. NULL: stored before V053, never shown.';
COMMENT ON COLUMN forecast_backtests.closes_from IS 'The first date the backtest read; with closes_to the span closes_digest covers (closes added outside it do not change what it measured).';
COMMENT ON COLUMN forecast_backtests.closes_to IS 'The last date the backtest read.';
