package org.sextant.engine.forecast.global;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.TestData;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A live forecast of {@code global} kept in memory is the one of the model that forecasts now: after a model of a smaller
 * horizon was trained on the same prices, or the model's file was replaced by another training, the kept answer of the
 * model before was shown again (the prices being unchanged, nothing cleared it).
 */
class GlobalForecastCacheTest {
    @TempDir Path tmp;

    @Test
    void aSmallerHorizonTrainedSinceForecastsAgain(@TempSextant Store store) throws Exception {
        GlobalPriceModels models = stored(store, tmp.resolve("models"), 1);
        ForecastService service = fresh(store, models);
        PriceForecast ofH20 = keptOfH20(service, models);

        models.train(5, GlobalPriceModelsTest.QUIET); // current(5) is now this one
        PriceForecast now = service.forecast("S0", GlobalModels.NAME, 5, null, null);
        assertFalse(Arrays.equals(ofH20.forecast().median(), now.forecast().median()), "the horizon-5 model forecasts otherwise");
        assertSameForecast(fresh(store, models).forecast("S0", GlobalModels.NAME, 5, null, null), now);
    }

    @Test
    void aModelFileReplacedByAnotherTrainingForecastsAgain(@TempSextant Store store) throws Exception {
        GlobalPriceModels models = stored(store, tmp.resolve("models"), 1);
        ForecastService service = fresh(store, models);
        PriceForecast before = keptOfH20(service, models);

        GlobalPriceModels other = stored(store, tmp.resolve("other"), 2); // another seed, the same prices: the same file name
        other.train(20, GlobalPriceModelsTest.QUIET);
        String name = "global-h20-" + models.dataFingerprint() + ".sxgm";
        Files.copy(tmp.resolve("other").resolve(name), tmp.resolve("models").resolve(name), StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(tmp.resolve("models").resolve(name), java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5000));

        PriceForecast now = service.forecast("S0", GlobalModels.NAME, 5, null, null);
        assertFalse(Arrays.equals(before.forecast().median(), now.forecast().median()), "the other training forecasts otherwise");
        assertSameForecast(fresh(store, other).forecast("S0", GlobalModels.NAME, 5, null, null), now);
    }

    /** Four series stored, and small global models of them kept in {@code dir}, trained with {@code seed}. */
    private static GlobalPriceModels stored(Store store, Path dir, long seed) {
        if (!hasPrices(store)) {
            Map<String, double[]> closes = new LinkedHashMap<>();
            for (int s = 0; s < 4; s++) closes.put("S" + s, GlobalPriceModelsTest.walk(s, 301));
            TestData.insertCloses(store, LocalDate.of(2000, 1, 3), closes);
        }
        return new GlobalPriceModels(dir, choose -> StoredPrices.trainingCloses(store, choose), () -> StoredPrices.fingerprint(store),
                h -> GlobalConfig.forHorizon(h, seed).withLookbacks(10).withMembers(1).withHidden(16).withSteps(30).withRecentOrigins(1000));
    }

    private static boolean hasPrices(Store store) {
        return store.read(c -> {
            try (var r = c.createStatement().executeQuery("SELECT count(*) FROM prices WHERE symbol = 'S0'")) {
                r.next();
                return r.getLong(1) > 0;
            }
        });
    }

    /** S0's forecast at horizon 5 by the model of horizon 20, trained first: {@code service} keeps it. */
    private static PriceForecast keptOfH20(ForecastService service, GlobalPriceModels models) throws Exception {
        models.train(20, GlobalPriceModelsTest.QUIET);
        return service.forecast("S0", GlobalModels.NAME, 5, null, null);
    }

    /** A service that has kept nothing yet. */
    private static ForecastService fresh(Store store, GlobalPriceModels models) {
        return new ForecastService(store, new PriceRepository(store), models);
    }

    private static void assertSameForecast(PriceForecast expected, PriceForecast actual) {
        assertArrayEquals(expected.forecast().median(), actual.forecast().median(), 0.0);
        assertArrayEquals(expected.forecast().bands().get(0).upper(), actual.forecast().bands().get(0).upper(), 0.0);
    }
}
