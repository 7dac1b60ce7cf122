-- ARIMA on prices now differences log closes at most once (docs/forecast.md, "ARIMA details"): the
-- forecasts and backtests stored by the earlier rule, whose second difference extrapolated a few
-- days' trend (IBM: a 99% band of 16 to 315 around 84.5), are dropped; they are computed again
-- when next asked for, as after new prices. Models with ARIMA inside (the combinations) too.
DELETE FROM forecast_steps WHERE forecast_id IN (SELECT forecast_id FROM forecasts
    WHERE model IN ('arima', 'arima_css', 'comb_mean', 'comb_median', 'comb_global'));
DELETE FROM forecast_bands WHERE forecast_id IN (SELECT forecast_id FROM forecasts
    WHERE model IN ('arima', 'arima_css', 'comb_mean', 'comb_median', 'comb_global'));
DELETE FROM forecasts WHERE model IN ('arima', 'arima_css', 'comb_mean', 'comb_median', 'comb_global');
DELETE FROM forecast_backtests WHERE model IN ('arima', 'arima_css', 'comb_mean', 'comb_median', 'comb_global');
