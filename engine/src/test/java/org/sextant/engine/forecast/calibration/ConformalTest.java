package org.sextant.engine.forecast.calibration;

import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.LiveCalibration;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.forecast.RewardRisk;
import org.sextant.engine.forecast.WalkForwardBacktest;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConformalTest {
    @Test
    void bandsUseConformalRanksOfLogResiduals() {
        Forecast f = new Forecast("m", new double[] {100}, List.of(new QuantileBand(0.8, new double[] {90}, new double[] {110})));
        double[] r = new double[19]; // −0.09 .. +0.09
        for (int i = 0; i < r.length; i++) r[i] = (i - 9) / 100.0;
        Forecast c = ConformalBands.calibrate(f, new double[][] {r}, new double[] {0.8});
        // k = 19: upper rank ceil(20·0.9) = 18 → +0.08; lower rank floor(20·0.1) = 2 → −0.08
        assertEquals(100 * Math.exp(0.08), c.band(0.8).upper(0), 1e-9);
        assertEquals(100 * Math.exp(-0.08), c.band(0.8).lower(0), 1e-9);
        assertEquals(100, c.median()[0], 0);
    }

    @Test
    void aBandNeverNarrowsFromOneStepToTheNext() {
        // step 2's residuals are half as wide as step 1's (the noise of a few residuals): the two steps
        // are pooled to their mean width (isotonic, so coverage is kept), step 3's wider residuals are kept
        double[] med = {100, 110, 120};
        Forecast f = new Forecast("m", med, List.of(new QuantileBand(0.8, med.clone(), med.clone())));
        double[][] r = new double[3][19];
        double[] spread = {0.10, 0.05, 0.20};
        for (int h = 0; h < 3; h++) for (int i = 0; i < 19; i++) r[h][i] = spread[h] * (i - 9) / 9.0;
        QuantileBand b = ConformalBands.calibrate(f, r, new double[] {0.8}).band(0.8);
        double pooled = (0.10 + 0.05) / 2 * 8 / 9; // rank 18 of 19 is the 8th of 9 steps above the median
        assertEquals(pooled, Math.log(b.upper(0) / 100), 1e-12);
        assertEquals(pooled, Math.log(b.upper(1) / 110), 1e-12, "step 2 is not narrower than step 1");
        assertEquals(-pooled, Math.log(b.lower(1) / 110), 1e-12);
        assertEquals(0.20 * 8 / 9, Math.log(b.upper(2) / 120), 1e-12, "a step in order keeps its own width");
        assertArrayEquals(new double[] {1, 2.5, 2.5, 4, 5, 5, 5}, ConformalBands.nonDecreasing(new double[] {1, 3, 2, 4, 6, 5, 4}), 1e-12);
    }

    @Test
    void adaptiveLevelRisesAfterMissesAndFallsAfterHits() {
        AdaptiveConformal a = new AdaptiveConformal(0.8, 0.05);
        assertEquals(0.8, a.workingLevel(), 1e-12);
        a.observe(false);
        assertEquals(0.8 + 0.05 * 0.8, a.workingLevel(), 1e-12);
        a.observe(true);
        a.observe(true);
        assertEquals(0.84 - 0.05 * 0.2 * 2, a.workingLevel(), 1e-12);
    }

    @Test
    void adaptiveLevelRecoversPromptlyAfterARunOfMissesTheBandCannotAnswer() {
        // 200 misses in a row: the band is already the widest the residuals give (0.999), so the
        // misses must not pile up a miscoverage debt (alpha_t would reach 0.05 − 200·0.00475 = −0.9
        // and take 3,800 hits to repay)
        AdaptiveConformal a = new AdaptiveConformal(0.95, 0.005);
        for (int i = 0; i < 200; i++) a.observe(false);
        assertEquals(0.999, a.workingLevel(), 1e-12);
        for (int i = 0; i < 196; i++) a.observe(true);
        assertEquals(0.95, a.workingLevel(), 1e-9);
    }

    /** Geometric Brownian motion: daily drift 0.0002, volatility 1.5%. */
    static double[] gbm(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] p = new double[n];
        double logp = Math.log(100);
        for (int t = 0; t < n; t++) {
            logp += 0.0002 + 0.015 * gaussian(r);
            p[t] = Math.exp(logp);
        }
        return p;
    }

    @Test
    void adaptive95And99BandsDifferWhereTheResidualsSupportBoth() {
        // 1,300 closes: the live origin has the full 250 residuals per step, enough for a 99% rank;
        // with these seeds the unbounded working miscoverage had made the 95% band the 99% band
        for (long seed : new long[] {1, 3, 5}) {
            Forecast ad = LiveCalibration.run(ForecastModels.BUILT_IN.forPrices("naive"), gbm(1300, seed), 20, new double[] {0.8, 0.95, 0.99}).adaptive();
            QuantileBand b95 = ad.band(0.95), b99 = ad.band(0.99);
            int differ = 0;
            for (int h = 0; h < 20; h++) if (b95.upper(h) < b99.upper(h) || b95.lower(h) > b99.lower(h)) differ++;
            assertTrue(differ >= 10, "seed " + seed + ": the 95% band is narrower than the 99% band at only " + differ + " of 20 steps");
        }
    }

    @Test
    void aLevelTooFewResidualsSupportKeepsTheModelsBandWidenedToTheExtremes() {
        // 600 closes: 116 residuals per step at the live origin; 99% needs 199 (rank 117 of 116)
        double[] lv = {0.8, 0.95, 0.99};
        LiveCalibration.Outcome o = LiveCalibration.run(ForecastModels.BUILT_IN.forPrices("naive"), gbm(600, 7), 20, lv);
        assertEquals(116, o.liveResiduals());
        for (Forecast f : new Forecast[] {o.conformal()}) {
            for (int h = 0; h < 20; h++) {
                assertTrue(f.band(0.99).lower(h) <= o.own().band(0.99).lower(h) && f.band(0.99).upper(h) >= o.own().band(0.99).upper(h),
                        f.model() + " 99% at step " + (h + 1) + " is narrower than the model's own band");
            }
        }
        // its walk-forward coverage: the largest residual alone covered 0.944 of outcomes at 99%
        assertTrue(o.coverage(org.sextant.engine.forecast.BandCalibration.CONFORMAL, lv).get(2).empirical() >= 0.98);
        // the answer says so
        org.sextant.engine.forecast.PriceForecast pf = org.sextant.engine.forecast.PriceForecast.calibrated(ForecastModels.BUILT_IN,
                weekdays("GBM", gbm(600, 7)), "naive", 20, lv, org.sextant.engine.forecast.BandCalibration.CONFORMAL);
        assertEquals("conformal", pf.calibration());
        assertEquals("116 residuals per step cannot support the 99.0% band (the extremes alone under-cover); "
                + "the model's own band is shown there, widened to at least the largest residuals", pf.calibrationNote());
        assertTrue(ConformalBands.supports(250, 0.99) && !ConformalBands.supports(197, 0.99) && ConformalBands.supports(39, 0.95));
    }

    /** 1,300 weekday closes (1% daily volatility); 200 weekdays are missing 250 closes before the end and the close jumps +44% across those 283 calendar days. */
    private static org.sextant.engine.data.PriceSeries gapSeries() {
        double[] y = gbm(1300, 5);
        for (int i = 0; i < y.length; i++) y[i] = 100 * Math.pow(y[i] / 100, 2 / 3.0) * (i >= 1050 ? 1.44 : 1);
        org.sextant.engine.data.PriceSeries full = weekdays("GAP", new double[1500]);
        List<java.time.LocalDate> dates = new java.util.ArrayList<>(full.dates().subList(0, 1050));
        dates.addAll(full.dates().subList(1250, 1500));
        return new org.sextant.engine.data.PriceSeries("GAP", dates.get(0), dates.get(1299), dates, y, y);
    }

    /** A scan row built from a forecast whose calibration left a gap out carries the same note as the single answer (scan_forecasts rows). */
    @Test
    void aScanRowOfAForecastWithAGapCarriesItsCalibrationNote() {
        org.sextant.engine.forecast.PriceForecast f = org.sextant.engine.forecast.PriceForecast.calibrated(ForecastModels.BUILT_IN, gapSeries(), "naive", 3,
                org.sextant.engine.forecast.ForecastScan.LEVELS, org.sextant.engine.forecast.BandCalibration.CONFORMAL);
        assertTrue(f.calibrationNote() != null && f.calibrationNote().startsWith("gap in the closes"), f.calibrationNote());
        tools.jackson.databind.JsonNode row = org.sextant.engine.Json.MAPPER.readTree(org.sextant.engine.Json.write(org.sextant.engine.forecast.ScanRow.of(f, 1300, null, null)));
        assertEquals(f.calibrationNote(), row.path("calibration_note").asString(null), row.toString());
        // without a gap (and at the model's own bands) there is nothing to say: the field is null, as on the single answer
        org.sextant.engine.forecast.PriceForecast plain = org.sextant.engine.forecast.PriceForecast.of(ForecastModels.BUILT_IN, weekdays("NOGAP", gbm(300, 7)), "naive", 3,
                org.sextant.engine.forecast.ForecastScan.LEVELS);
        tools.jackson.databind.JsonNode none = org.sextant.engine.Json.MAPPER.readTree(org.sextant.engine.Json.write(org.sextant.engine.forecast.ScanRow.of(plain, 300, null, null)));
        assertTrue(none.has("calibration_note") && none.get("calibration_note").isNull(), none.toString());
    }

    @Test
    void residualsSpanningAGapInTheClosesAreLeftOutOfTheCalibrationAndTheAnswerSaysSo() {
        // 1,300 weekday closes (1% daily volatility); 200 weekdays are missing 250 closes before the
        // end and the close jumps +44% across those 283 calendar days
        org.sextant.engine.data.PriceSeries p = gapSeries();
        List<java.time.LocalDate> dates = p.dates();
        assertEquals(283, java.time.temporal.ChronoUnit.DAYS.between(dates.get(1049), dates.get(1050)));
        org.sextant.engine.forecast.PriceForecast f = org.sextant.engine.forecast.PriceForecast.calibrated(ForecastModels.BUILT_IN, p, "naive", 3,
                new double[] {0.8, 0.95, 0.99}, org.sextant.engine.forecast.BandCalibration.CONFORMAL);
        for (int h = 0; h < 3; h++) {
            double up = f.forecast().band(0.99).upper(h) / f.forecast().median()[h], down = f.forecast().median()[h] / f.forecast().band(0.99).lower(h);
            assertTrue(up < 1.1 && down < 1.1, "99% band at step " + (h + 1) + ": +" + (up - 1) + " / −" + (1 - 1 / down) + " around the median");
        }
        assertEquals("gap in the closes, " + dates.get(1049) + " to " + dates.get(1050) + " (283 days): residuals spanning it are left out of the calibration",
                f.calibrationNote());
        // ordinary weekends and holidays are no gap
        assertEquals(0, org.sextant.engine.forecast.CalibrationNotes.gaps(weekdays("GAP", new double[1500]).dates()).length);
        // nor are monthly closes (bars at 1mo) a gap each
        List<java.time.LocalDate> months = new java.util.ArrayList<>();
        for (int m = 0; m < 120; m++) months.add(java.time.LocalDate.of(2015, 1, 30).plusMonths(m));
        assertEquals(0, org.sextant.engine.forecast.CalibrationNotes.gaps(months).length);
    }

    /** Closes on consecutive weekdays from Monday 2 January 2023. */
    static org.sextant.engine.data.PriceSeries weekdays(String symbol, double[] y) {
        List<java.time.LocalDate> dates = new java.util.ArrayList<>();
        java.time.LocalDate d = java.time.LocalDate.of(2023, 1, 2);
        while (dates.size() < y.length) {
            if (d.getDayOfWeek().getValue() <= 5) dates.add(d);
            d = d.plusDays(1);
        }
        return new org.sextant.engine.data.PriceSeries(symbol, dates.get(0), dates.get(dates.size() - 1), dates, y, y);
    }

    /** Log prices with fat-tailed (Student-t, 3 df) steps: Gaussian bands of the naive model misstate the tails. */
    private static double[] fatTailedPrices(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] p = new double[n];
        double logp = Math.log(50);
        for (int t = 0; t < n; t++) {
            double z = gaussian(r), chi = 0;
            for (int k = 0; k < 3; k++) { double g = gaussian(r); chi += g * g; }
            logp += 0.01 * z / Math.sqrt(chi / 3);
            p[t] = Math.exp(logp);
        }
        return p;
    }

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @Test
    void walkForwardScoresAndConformalCoverageIsNearNominal() {
        double[] prices = fatTailedPrices(6000, 11);
        WalkForwardBacktest.Result r = WalkForwardBacktest.run(ForecastModels.BUILT_IN.forPrices("naive"), prices, 1, 5, 5, 0.8,
                new double[] {0.8, 0.95}, 1);
        assertEquals(960, r.origins());
        assertTrue(r.malePerStep()[4] > r.malePerStep()[0], "error grows with the step");
        // conformal bands from past residuals: coverage within 2 points of nominal
        assertEquals(0.80, r.conformalCoverage()[0], 0.02);
        assertEquals(0.95, r.conformalCoverage()[1], 0.02);
        assertEquals(0.80, r.adaptiveCoverage()[0], 0.02);
        assertEquals(0.95, r.adaptiveCoverage()[1], 0.02);
    }

    @Test
    void rewardRiskComparesUpsideToDownsideFromTheLastClose() {
        Forecast f = new Forecast("m", new double[] {100}, List.of(new QuantileBand(0.8, new double[] {95}, new double[] {110})));
        RewardRisk rr = RewardRisk.of(f, 100, 0.8, 1);
        assertEquals(0.10, rr.upside(), 1e-12);
        assertEquals(0.05, rr.downside(), 1e-12);
        assertEquals(2.0, rr.ratio(), 1e-9);
    }

    /** A band whose lower edge is at or above the last close has no downside: the ratio is unbounded, and the answer says null with the reason, never "Infinity". */
    @Test
    void anUnboundedRewardRiskIsWrittenAsNullWithItsReason() {
        Forecast f = new Forecast("m", new double[] {105}, List.of(new QuantileBand(0.8, new double[] {101}, new double[] {110})));
        RewardRisk rr = RewardRisk.of(f, 100, 0.8, 1);
        assertEquals(Double.POSITIVE_INFINITY, rr.ratio());
        tools.jackson.databind.JsonNode json = org.sextant.engine.Json.MAPPER.readTree(org.sextant.engine.Json.write(rr));
        assertTrue(json.has("ratio") && json.get("ratio").isNull(), json.toString());
        assertEquals("no downside: the lower band edge is at or above the last close", json.path("ratio_note").asString(null), json.toString());
        // the CLI reads the app's answer back: still the unbounded ratio
        assertEquals(Double.POSITIVE_INFINITY, org.sextant.engine.Json.MAPPER.readValue(org.sextant.engine.Json.write(rr), RewardRisk.class).ratio());
        tools.jackson.databind.JsonNode bounded = org.sextant.engine.Json.MAPPER.readTree(org.sextant.engine.Json.write(RewardRisk.of(f, 102, 0.8, 1)));
        assertEquals(8.0 / 1.0, bounded.get("ratio").asDouble(), 1e-9);
        assertTrue(!bounded.has("ratio_note"), bounded.toString());
        // and a bounded one reads back as its number (the CLI printed "no downside" for every level)
        assertEquals(8.0, org.sextant.engine.Json.MAPPER.readValue(org.sextant.engine.Json.write(RewardRisk.of(f, 102, 0.8, 1)), RewardRisk.class).ratio(), 1e-9);
    }
}
