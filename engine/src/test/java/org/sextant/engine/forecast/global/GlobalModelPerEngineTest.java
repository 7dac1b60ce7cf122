package org.sextant.engine.forecast.global;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.TestData;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/** Each engine's catalogue forecasts {@code global} with the model trained on its own store, however many engines a process opens. */
class GlobalModelPerEngineTest {
    @TempDir Path models;

    @Test
    void twoEnginesInOneProcessForecastWithTheirOwnTrainedModels(@TempSextant Store storeA, @TempSextant Store storeB) throws Exception {
        ForecastService a = engine(storeA, 0, models.resolve("a"));
        double[] aAlone = globalMedian(a);

        ForecastService b = engine(storeB, 10, models.resolve("b")); // trained after a, on other prices
        double[] bOwn = globalMedian(b);
        a.invalidate(); // forget a's in-memory forecast: the next one is computed again
        double[] aBeside = globalMedian(a);

        assertArrayEquals(aAlone, aBeside, 0.0, "a forecasts with its own model, not the one trained last");
        assertFalse(Arrays.equals(aAlone, bOwn), "the two engines' models differ");
    }

    /** A forecast service over four random walks (seeds from {@code seed}) with its global model trained. */
    private static ForecastService engine(Store store, long seed, Path dir) throws Exception {
        Map<String, double[]> closes = new LinkedHashMap<>();
        for (int s = 0; s < 4; s++) closes.put("S" + s, GlobalPriceModelsTest.walk(seed + s, 300));
        TestData.insertCloses(store, LocalDate.of(2000, 1, 3), closes);
        GlobalPriceModels trained = GlobalPriceModelsTest.small(dir,
                (GlobalPriceModels.TrainingCloses) choose -> StoredPrices.trainingCloses(store, choose), () -> StoredPrices.fingerprint(store));
        trained.train(20, GlobalPriceModelsTest.QUIET);
        return new ForecastService(store, new PriceRepository(store), trained);
    }

    private static double[] globalMedian(ForecastService engine) {
        return engine.forecast("S0", GlobalModels.NAME, 5, null, "model").forecast().median();
    }
}
