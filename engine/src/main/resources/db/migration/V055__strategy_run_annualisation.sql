-- The sentence a run's figures were annualised by, as its answer said it ("annualised with 252 bars a year (1d: AA, IBM
-- trade on weekdays)"): the week behind bars_per_year is read from the symbols' dates when the run is made and cannot be
-- told again later (the dates change with each import). NULL on runs stored before V055: they read "not recorded".
ALTER TABLE strategy_runs ADD COLUMN annualisation VARCHAR;
COMMENT ON COLUMN strategy_runs.annualisation IS 'The annualisation sentence of the run''s answer and verdict (BarAxis.annualisation): bars a year, interval, session or the week the symbols trade and any change of it. NULL: stored before V055, read back as not recorded, never rebuilt.';
