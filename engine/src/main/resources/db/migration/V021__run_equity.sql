-- Research runs, second part (issue 4): what a run report needs beyond V020. The figures that
-- V020 did not keep (out-of-sample PSR, the Bonferroni and BHY haircuts, the verdict's reasons,
-- the compose warnings) and the configuration the researcher selected; NULL on older runs.
ALTER TABLE strategy_runs ADD COLUMN selected_configuration BIGINT;
ALTER TABLE strategy_runs ADD COLUMN psr_oos DOUBLE;
ALTER TABLE strategy_runs ADD COLUMN haircut_sharpe_bonferroni DOUBLE;
ALTER TABLE strategy_runs ADD COLUMN haircut_sharpe_bhy DOUBLE;
ALTER TABLE strategy_runs ADD COLUMN reasons_json VARCHAR;
ALTER TABLE strategy_runs ADD COLUMN warnings_json VARCHAR;
ALTER TABLE strategy_runs ADD COLUMN seconds DOUBLE;
-- Daily equity (growth of 1 after costs) and drawdown of the best in-sample configuration
-- (role 'best') and of the selected one (role 'selected'), whole range; bar >= oos index is
-- out of sample (strategy_runs.oos_start).
CREATE TABLE run_equity (
    run_id        VARCHAR NOT NULL,
    role          VARCHAR NOT NULL,
    configuration BIGINT  NOT NULL,
    bar           INTEGER NOT NULL,
    date          DATE    NOT NULL,
    equity        DOUBLE  NOT NULL,
    drawdown      DOUBLE  NOT NULL,
    PRIMARY KEY (run_id, role, bar)
);
