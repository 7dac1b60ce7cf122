package org.sextant.engine.forecast.global;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.TestData;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A stored forecast of {@code global} is reused only while the prices the global model trains on are unchanged: after
 * another symbol's closes changed, the model of the current prices is not trained, and the stored forecast of the old
 * model was shown as current instead of saying so (attack 22, H3).
 */
class StoredGlobalForecastTest {
    @TempDir Path models;

    @Test
    void aStoredGlobalForecastIsNotReusedOnceTheTrainingPricesChanged(@TempSextant Store store) throws Exception {
        Map<String, double[]> closes = new LinkedHashMap<>();
        for (int s = 0; s < 4; s++) closes.put("S" + s, GlobalPriceModelsTest.walk(s, 301)); // daily, the last a Sunday: the week's end
        TestData.insertCloses(store, LocalDate.of(2000, 1, 3), closes);
        GlobalPriceModels trained = GlobalPriceModelsTest.small(models,
                (GlobalPriceModels.TrainingCloses) choose -> StoredPrices.trainingCloses(store, choose), () -> StoredPrices.fingerprint(store));
        trained.train(20, GlobalPriceModelsTest.QUIET);
        ForecastService service = new ForecastService(store, new PriceRepository(store), trained);
        service.forecastJob(service.forecastJobRequest(List.of("S0"), GlobalModels.NAME, 5, false, null), GlobalPriceModelsTest.QUIET);
        assertEquals(LocalDate.of(2000, 10, 29), service.forecast("S0", GlobalModels.NAME, 5, null, null).origin(), "stored and shown");

        store.inTransaction(c -> {
            try (Statement st = c.createStatement()) {
                st.execute("UPDATE prices SET close = close * 1.2, adj_close = adj_close * 1.2 WHERE symbol = 'S1'");
            }
            return null;
        });
        service.invalidate(); // what the engine does on every change of the prices

        SextantException e = assertThrows(SextantException.class, () -> service.forecast("S0", GlobalModels.NAME, 5, null, null));
        assertEquals("model", e.field());
        assertTrue(e.getMessage().contains("not been trained on the current prices"), e.getMessage());
    }
}
