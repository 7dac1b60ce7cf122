package org.sextant.engine.forecast.global;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.TestData;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.BandCalibration;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.store.ForecastStore;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.jobs.JobContext;
import org.sextant.engine.forecast.store.StoredForecastBacktest;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A stored forecast or backtest of {@code global} is shown only while the trained model that made it is the one that
 * forecasts now: it was keyed by the digest of the prices the model trains on, so after a model of a smaller horizon was
 * trained on the same prices, or the model's file was replaced by another training, the stored answer of the model
 * before was shown as current (in memory the answer was already keyed by the model's file and checksum).
 */
class StoredGlobalModelVersionTest {
    @TempDir Path tmp;

    @Test
    void aStoredForecastIsNotShownOnceASmallerHorizonIsTrained(@TempSextant Store store) throws Exception {
        GlobalPriceModels models = models(withPrices(store), tmp.resolve("models"), 1);
        models.train(20, GlobalPriceModelsTest.QUIET);
        PriceForecast stored = storedByAJob(store, models);

        models.train(5, GlobalPriceModelsTest.QUIET); // current(5) is now this one
        PriceForecast now = fresh(store, models).forecast("S0", GlobalModels.NAME, 5, null, null);
        assertFalse(Arrays.equals(stored.forecast().median(), now.forecast().median()), "the stored forecast of the horizon-20 model was shown");
        assertArrayEquals(ofTheModelNow(store, models).forecast().median(), now.forecast().median(), 0.0);
    }

    @Test
    void aStoredForecastIsNotShownOnceTheModelFileIsReplaced(@TempSextant Store store) throws Exception {
        GlobalPriceModels models = models(withPrices(store), tmp.resolve("models"), 1);
        models.train(20, GlobalPriceModelsTest.QUIET);
        PriceForecast stored = storedByAJob(store, models);

        replaceWithAnotherTraining(store, models);
        PriceForecast now = fresh(store, models).forecast("S0", GlobalModels.NAME, 5, null, null);
        assertFalse(Arrays.equals(stored.forecast().median(), now.forecast().median()), "the stored forecast of the file before was shown");
        assertArrayEquals(ofTheModelNow(store, models).forecast().median(), now.forecast().median(), 0.0);
    }

    @Test
    void aStoredBacktestIsNotShownOnceAnotherModelForecasts(@TempSextant Store store) throws Exception {
        GlobalPriceModels models = models(withPrices(store), tmp.resolve("models"), 1);
        models.train(20, GlobalPriceModelsTest.QUIET);
        ForecastService service = fresh(store, models);
        service.forecastJob(service.forecastJobRequest(List.of("S0"), GlobalModels.NAME, 5, true, null), GlobalPriceModelsTest.QUIET);
        StoredForecastBacktest shown = fresh(store, models).backtestOverlays("S0", GlobalModels.NAME, 5, null, null);
        assertNotNull(shown.result(), "the backtest the job stored is shown: " + shown.staleNote());

        models.train(5, GlobalPriceModelsTest.QUIET);
        StoredForecastBacktest after = fresh(store, models).backtestOverlays("S0", GlobalModels.NAME, 5, null, null);
        assertNull(after.result(), "the backtest of the horizon-20 model was shown as the current model's");
        assertTrue(after.staleNote().contains("is not the one that forecasts now"), after.staleNote());
        assertTrue(after.forecasts().isEmpty());
    }

    /**
     * A training that replaces the model file while a forecast job backtests S0 with {@code global}: the backtest fits every
     * origin with the model of its first fit (before, the fits after the replacement were the new file's, stored under the
     * first one's name), and is stored as made by that one.
     */
    @Test
    void aBacktestFitsOneModelWhileATrainingReplacesIt(@TempSextant Store store) throws Exception {
        GlobalPriceModels models = models(withPrices(store), tmp.resolve("models"), 1);
        models.train(20, GlobalPriceModelsTest.QUIET);
        models(store, tmp.resolve("other"), 2).train(20, GlobalPriceModelsTest.QUIET);
        String before = models.version(5);
        PriceSeries s0 = new PriceRepository(store).closes("S0", null, null);
        ForecastBacktestRun.Computed first = ForecastBacktestRun.run(new ForecastModels(models::current), s0, GlobalModels.NAME, 5, null, null, null, null, null);

        ForecastService service = fresh(store, models);
        boolean[] backtesting = {false};
        JobContext job = new JobContext() {
            @Override public void progress(double fraction, String message) {
                backtesting[0] |= message.startsWith("backtesting");
            }

            @Override public boolean cancelled() {
                return false;
            }
        };
        int[] fits = {0};
        // the walk-forward looks for a cancel before each fit: the 10th fit of the backtest (of its calibration origins) replaces the file
        Cancellation.watching(() -> {
            if (backtesting[0] && ++fits[0] == 10) {
                try {
                    replaceWithAnotherTraining(store, models);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
            return false;
        }, () -> service.forecastJob(service.forecastJobRequest(List.of("S0"), GlobalModels.NAME, 5, true, null), job));
        assertTrue(fits[0] > 10, "fits after the replacement: " + (fits[0] - 10));
        assertNotEquals(before, models.version(5), "the file was replaced during the backtest");
        ForecastBacktestRun.Computed after = ForecastBacktestRun.run(new ForecastModels(models::current), s0, GlobalModels.NAME, 5, null, null, null, null, null);
        assertNotEquals(medians(first.rows()), medians(after.rows()), "the two models forecast differently");

        ForecastStore stored = new ForecastStore(store);
        assertEquals(medians(first.rows()), medians(stored.find("S0", GlobalModels.NAME, 5, StoredForecast.BACKTEST, null, null, null)),
                "every origin of the stored backtest is the first model's");
        String key = stored.backtest("S0", GlobalModels.NAME, 5).madeFrom().digest();
        assertTrue(key.endsWith("+global@" + before), key);
    }

    /** Each forecast's origin, calibration and median, in that order. */
    private static List<String> medians(List<StoredForecast> rows) {
        return rows.stream().map(f -> f.origin() + " " + f.calibration() + " " + Arrays.toString(f.forecast().median())).sorted().toList();
    }

    /** S0's live forecast at horizon 5 stored by a forecast job, then shown from the store by a service that kept nothing. */
    private static PriceForecast storedByAJob(Store store, GlobalPriceModels models) {
        ForecastService service = fresh(store, models);
        service.forecastJob(service.forecastJobRequest(List.of("S0"), GlobalModels.NAME, 5, false, null), GlobalPriceModelsTest.QUIET);
        PriceForecast shown = fresh(store, models).forecast("S0", GlobalModels.NAME, 5, null, null);
        assertArrayEquals(service.forecast("S0", GlobalModels.NAME, 5, null, null).forecast().median(), shown.forecast().median(), 0.0,
                "the stored forecast is shown while its model forecasts");
        return shown;
    }

    /** The model file of horizon 20 replaced by one of another seed trained on the same prices (the same name), seen as changed. */
    private void replaceWithAnotherTraining(Store store, GlobalPriceModels models) throws Exception {
        GlobalPriceModels other = models(store, tmp.resolve("other"), 2);
        if (!other.trained(20)) other.train(20, GlobalPriceModelsTest.QUIET);
        String name = "global-h20-" + models.dataFingerprint() + ".sxgm";
        Path file = tmp.resolve("models").resolve(name);
        Files.copy(tmp.resolve("other").resolve(name), file, StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() + 5000));
    }

    /** S0's forecast at horizon 5 fitted now by the model that forecasts now, not through the store or a cache. */
    private static PriceForecast ofTheModelNow(Store store, GlobalPriceModels models) {
        return PriceForecast.calibrated(new ForecastModels(models::current), new PriceRepository(store).closes("S0", null, null), GlobalModels.NAME, 5,
                ForecastBacktestRun.DEFAULT_LEVELS, BandCalibration.parse(null));
    }

    /** {@code store} with four series (daily, the last a Sunday: a week's end). */
    private static Store withPrices(Store store) {
        Map<String, double[]> closes = new LinkedHashMap<>();
        for (int s = 0; s < 4; s++) closes.put("S" + s, GlobalPriceModelsTest.walk(s, 301));
        TestData.insertCloses(store, LocalDate.of(2000, 1, 3), closes);
        return store;
    }

    /** Small global models of the stored prices kept in {@code dir}, trained with {@code seed}. */
    private static GlobalPriceModels models(Store store, Path dir, long seed) {
        return new GlobalPriceModels(dir, choose -> StoredPrices.trainingCloses(store, choose), () -> StoredPrices.fingerprint(store),
                h -> GlobalConfig.forHorizon(h, seed).withLookbacks(10).withMembers(1).withHidden(16).withSteps(30).withRecentOrigins(1000));
    }

    private static ForecastService fresh(Store store, GlobalPriceModels models) {
        return new ForecastService(store, new PriceRepository(store), models);
    }
}
