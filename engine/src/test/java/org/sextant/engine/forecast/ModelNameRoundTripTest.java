package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/** A forecast names its model as fitted on log prices ("log_theta"); that name, passed back, asks for the same model. */
class ModelNameRoundTripTest {
    @TempSextant private Sextant engine;

    @Test
    void theModelNameAnAnswerGivesIsOneARequestTakes() {
        PriceForecast asked = engine.getForecast("IBM", "theta", 5, null);
        assertEquals("log_theta", asked.model());
        PriceForecast again = engine.getForecast("IBM", asked.model(), 5, null);
        assertEquals(asked.model(), again.model());
        assertArrayEquals(asked.forecast().median(), again.forecast().median(), 0);
        assertEquals("theta", ForecastBacktestRun.modelName(" LOG_Theta "));
        SextantException e = assertThrows(SextantException.class, () -> engine.getForecast("IBM", "log_nope", 5, null));
        assertEquals("model", e.field());
        assertTrue(e.getMessage().contains("unknown model 'log_nope'"), e.getMessage());
    }
}
