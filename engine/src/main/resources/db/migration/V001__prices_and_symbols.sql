-- Daily prices, one row per symbol and date. Re-importing a row replaces it.
-- (symbol, date) is unique, kept so by the importer (the only writer of prices), which checks
-- every batch and deletes the rows it replaces. No PRIMARY KEY on purpose: DuckDB's ART index
-- made a 10-million-row import several times slower (docs/benchmarks.md, "Import").
CREATE TABLE prices (
    symbol    VARCHAR NOT NULL,
    date      DATE    NOT NULL,
    open      DOUBLE,
    high      DOUBLE,
    low       DOUBLE,
    close     DOUBLE  NOT NULL,
    adj_close DOUBLE,
    volume    DOUBLE,
    source    VARCHAR NOT NULL
);
-- One row per instrument; first_date/last_date/rows are kept in step by every import.
CREATE TABLE symbols (
    symbol     VARCHAR PRIMARY KEY,
    name       VARCHAR,
    currency   VARCHAR,
    exchange   VARCHAR,
    first_date DATE,
    last_date  DATE,
    rows       BIGINT NOT NULL DEFAULT 0,
    source     VARCHAR
);
