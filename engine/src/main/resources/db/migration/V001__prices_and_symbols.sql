-- Daily prices, one row per symbol and date. Re-importing a row updates it.
CREATE TABLE prices (
    symbol    VARCHAR NOT NULL,
    date      DATE    NOT NULL,
    open      DOUBLE,
    high      DOUBLE,
    low       DOUBLE,
    close     DOUBLE  NOT NULL,
    adj_close DOUBLE,
    volume    DOUBLE,
    source    VARCHAR NOT NULL,
    PRIMARY KEY (symbol, date)
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
