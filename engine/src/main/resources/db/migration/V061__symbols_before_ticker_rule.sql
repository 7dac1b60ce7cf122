-- The symbols stored before the ticker rule refused a symbol starting with = or - (attack 31 F1: =A1, -2-3, -5), which a
-- spreadsheet runs as a formula. Their kept files (delete_prices) write them '=A1, and such a cell imports back only for a
-- symbol listed here: recorded once, at this upgrade, from every table that stores a symbol, and kept when its prices are
-- deleted, so a kept file imports back while a new symbol written '=NEW is refused as no ticker.
CREATE TABLE symbols_before_ticker_rule (
    symbol VARCHAR PRIMARY KEY
);
COMMENT ON TABLE symbols_before_ticker_rule IS 'Symbols starting with = or - stored before the ticker rule refused them: a kept file writes them ''=A1, and such a cell imports back only for a symbol listed here.';
INSERT INTO symbols_before_ticker_rule
    SELECT symbol FROM prices WHERE left(symbol, 1) IN ('=', '-')
    UNION SELECT symbol FROM bars WHERE left(symbol, 1) IN ('=', '-')
    UNION SELECT symbol FROM symbols WHERE left(symbol, 1) IN ('=', '-');
