-- User signal definitions (the builtin dimensions are defined in code: analog.SignalRegistry).
CREATE TABLE signal_definitions (
    name          VARCHAR PRIMARY KEY,
    kind          VARCHAR NOT NULL,
    bins          VARCHAR,
    levels        VARCHAR,
    default_trust DOUBLE  NOT NULL,
    description   VARCHAR,
    imported_at   TIMESTAMP NOT NULL DEFAULT current_timestamp
);
-- One value per user signal and date; provenance is 'live' (observed that day) or 'backfill'.
CREATE TABLE signal_values (
    name       VARCHAR NOT NULL,
    date       DATE    NOT NULL,
    value      DOUBLE,
    label      VARCHAR,
    provenance VARCHAR NOT NULL,
    PRIMARY KEY (name, date)
);
