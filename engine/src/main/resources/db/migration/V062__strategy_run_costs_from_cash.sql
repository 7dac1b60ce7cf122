-- How a run's fills paid their costs (session 49): TRUE when from cash, by the positions each fill trades, so a position a fill
-- leaves untraded keeps its value. NULL on runs stored before: their fills took the costs from every position in proportion (an
-- untraded one too), their stored figures were made so and are never recomputed; get_run, the report and select_configuration say so.
ALTER TABLE strategy_runs ADD COLUMN costs_from_cash BOOLEAN;
COMMENT ON COLUMN strategy_runs.costs_from_cash IS 'TRUE: fills paid their costs from cash (session 49 on). NULL: stored before, costs taken from every position in proportion; read back with a warning, never rebuilt.';
