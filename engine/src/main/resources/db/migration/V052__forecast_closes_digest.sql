-- A stored live forecast says which closes it was made from (attack 22, H3): it was reused while the row
-- count and last close matched, so a re-import correcting older closes kept showing the forecast of the
-- wrong ones. NULL on forecasts stored before: those are never reused, the next forecast replaces them.
ALTER TABLE forecasts ADD COLUMN closes_digest VARCHAR;
COMMENT ON COLUMN forecasts.closes_digest IS 'Live forecasts: SHA-256 (32 hex digits) of the dates and closes fitted, and for global models the global model''s data fingerprint; reused only while equal. NULL: backtest origins and live forecasts stored before V052.';
