-- The name, currency and exchange of a symbol with bars but no daily prices (the USD/CHF sample's
-- 30-minute bars): symbols holds one row per symbol with daily prices only, so a bars-only
-- symbol's description is kept here. A symbols row's own field wins where it has one (an import
-- of daily prices keeps what was named here); naming a symbol with daily prices drops its row.
CREATE TABLE bars_only_names (
    symbol   VARCHAR PRIMARY KEY,
    name     VARCHAR,
    currency VARCHAR,
    exchange VARCHAR
);
COMMENT ON TABLE bars_only_names IS 'Name, currency and exchange of symbols with bars but no daily prices (symbols holds those of symbols with daily prices, and its own fields win where it has one).';
