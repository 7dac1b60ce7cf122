-- Research (issue 4). The honesty ledger: every research session counts the runs made and the
-- configurations tried, because the Deflated Sharpe Ratio and the haircut use that count.
CREATE TABLE research_sessions (
    session_id     VARCHAR   PRIMARY KEY,
    created_at     TIMESTAMP NOT NULL DEFAULT current_timestamp,
    updated_at     TIMESTAMP NOT NULL DEFAULT current_timestamp,
    runs           BIGINT    NOT NULL DEFAULT 0,
    configurations BIGINT    NOT NULL DEFAULT 0
);
-- One row per strategy run (a sweep of a graph spec over a universe and date range).
CREATE TABLE strategy_runs (
    run_id                 VARCHAR   PRIMARY KEY,
    session_id             VARCHAR   NOT NULL,
    created_at             TIMESTAMP NOT NULL DEFAULT current_timestamp,
    name                   VARCHAR,
    spec_json              VARCHAR   NOT NULL,
    symbols                VARCHAR   NOT NULL,
    from_date              DATE      NOT NULL,
    to_date                DATE      NOT NULL,
    oos_start              DATE      NOT NULL,
    configurations         BIGINT    NOT NULL,
    session_configurations BIGINT    NOT NULL,
    chosen_configuration   BIGINT    NOT NULL,
    psr                    DOUBLE,
    dsr                    DOUBLE,
    pbo                    DOUBLE,
    haircut_sharpe         DOUBLE,
    placebo_p              DOUBLE,
    min_trl_years          DOUBLE,
    verdict                VARCHAR   NOT NULL,
    verdict_text           VARCHAR   NOT NULL
);
-- Metrics of every configuration of a run, in sample ('in') and out of sample ('out').
CREATE TABLE run_configurations (
    run_id        VARCHAR NOT NULL,
    configuration BIGINT  NOT NULL,
    sample        VARCHAR NOT NULL,
    params_json   VARCHAR NOT NULL,
    cagr          DOUBLE,
    volatility    DOUBLE,
    sharpe        DOUBLE,
    sortino       DOUBLE,
    max_drawdown  DOUBLE,
    turnover      DOUBLE,
    exposure      DOUBLE,
    hit_rate      DOUBLE,
    bars          INTEGER,
    PRIMARY KEY (run_id, configuration, sample)
);
