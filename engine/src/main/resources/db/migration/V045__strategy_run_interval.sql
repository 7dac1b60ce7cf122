-- Strategy runs on any bar interval (issue 19): the interval a run's bars had and the bars a year
-- its figures were annualised with. NULL on older runs, which ran on daily prices at 252 a year.
ALTER TABLE strategy_runs ADD COLUMN interval VARCHAR;
ALTER TABLE strategy_runs ADD COLUMN bars_per_year DOUBLE;
