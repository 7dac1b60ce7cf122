-- Each in-sample configuration's single-test p-value as its base-10 log, exact where the p-value is below what a double holds
-- (about 1e-308, a t of 42 over 5000 returns) and p_value keeps 0: Holm and BHY over a session's kept p-values order and
-- multiply by it, where two stored 0s tied and ranked before every other tiny p-value whatever their true order.
-- NULL on runs stored before V063 (read from p_value as before) and on out-of-sample and benchmark rows.
ALTER TABLE run_configurations ADD COLUMN log10_p_value DOUBLE;
COMMENT ON COLUMN run_configurations.log10_p_value IS 'In-sample rows: log10 of p_value (Haircut.log10ConfigurationPValue), exact below 1e-308 where p_value is 0; 0 for p = 1. NULL: out-of-sample or benchmark row, or stored before V063 (p_value is then read).';
