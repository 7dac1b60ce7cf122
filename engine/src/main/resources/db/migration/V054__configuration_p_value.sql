-- Each configuration's single-test p-value, so Holm and BHY adjust a session's later runs with the p-values of every
-- configuration it tried: without them the earlier ones counted as p = 1, which for the winner is Bonferroni's N.
-- NULL on runs stored before V054 (they still count as p = 1, and the verdict says how many) and on out-of-sample rows.
ALTER TABLE run_configurations ADD COLUMN p_value DOUBLE;
COMMENT ON COLUMN run_configurations.p_value IS 'In-sample rows: the two-sided t-test p-value of the configuration''s in-sample Sharpe ratio as ranked (Haircut.configurationPValue: serial correlation 0, 1 with no returns, above 1 for a negative Sharpe). NULL: out-of-sample or benchmark row, or stored before V054.';
