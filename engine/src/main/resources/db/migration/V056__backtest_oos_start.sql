-- Where a stored forecast backtest's scored origins start: a scale-out job's --oos-start cut the first origins off, and
-- its import read as a backtest started later. NULL on backtests stored before, and on those imported from a job output
-- written before the job recorded it: they read "not recorded".
ALTER TABLE forecast_backtests ADD COLUMN oos_start VARCHAR;
COMMENT ON COLUMN forecast_backtests.oos_start IS 'The out-of-sample start the backtest was run with: an ISO date (the job''s --oos-start) or ''last N%'' (none given: the last N% of the closes). NULL: not recorded (stored before V056, or imported from a job output written before the column).';
