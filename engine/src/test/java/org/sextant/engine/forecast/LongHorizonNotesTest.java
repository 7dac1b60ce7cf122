package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * Horizons long against the history, on the sample universe: the answers say what their numbers
 * rest on, and the numbers stay what they were. A walk-forward of MSFT.OHLCV (249 closes) at a
 * horizon of 260 scores only the steps up to its last close, and KO's 120 monthly closes
 * forecast 100 months ahead (a horizon past the history is refused: ShortHistoryForecastTest).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LongHorizonNotesTest {
    @TempSextant private Sextant engine;

    @Test
    void aBacktestErrorSaysWhichStepsAndHowManyOriginsWereScored() {
        WalkForwardBacktest.Result r = engine.getBacktestError("MSFT.OHLCV", "naive", 260, null, null, null);
        int scored = r.scoredSteps();
        assertTrue(scored > 0 && scored < 260, "scored steps " + scored);
        assertTrue(Double.isNaN(r.malePerStep()[scored]) && !Double.isNaN(r.malePerStep()[scored - 1]), "the scored steps lead");
        assertTrue(r.note().startsWith("only steps 1.." + scored + " of the horizon 260 have a score"), r.note());
        assertTrue(r.origins() < WalkForwardBacktest.Result.FEW_ORIGINS, "about 100 evaluated closes hold a few monthly origins: " + r.origins());
        assertTrue(r.note().contains("only " + r.origins() + " origin(s) scored"), r.note());
        JsonNode wire = Json.MAPPER.readTree(Json.write(r));
        assertEquals(scored, wire.path("scored_steps").asInt(), wire.toString());
        assertEquals(r.note(), wire.path("note").asString(null));

        // a short horizon on a long history scores every step at many origins: nothing to note
        WalkForwardBacktest.Result ko = engine.getBacktestError("KO", "naive", 20, null, null, null);
        assertEquals(20, ko.scoredSteps());
        assertNull(ko.note());
        assertFalse(Json.MAPPER.readTree(Json.write(ko)).has("note"));
    }

    @Test
    void aForecastFurtherAheadThanHalfItsHistoryCarriesANote() {
        int months = engine.getBars("KO", "1mo", null, null).size();
        BarForecast monthly = engine.getForecast("KO", "1mo", "naive", 100, null, null);
        String note = monthly.forecast().calibrationNote();
        assertTrue(note != null && note.contains("horizon 100 steps is more than half the " + months + " closes the model was fitted on"), note);

        // the numbers are the forecast's own: the same model's bands from one fit on those closes
        PriceForecast own = PriceForecast.of(ForecastModels.BUILT_IN, BarForecast.closesOf(engine.getBars("KO", "1mo", null, null)), "naive", 100,
                ForecastScan.LEVELS);
        assertTrue(own.calibrationNote().startsWith("horizon 100 steps"), own.calibrationNote());
        assertEquals(own.forecast().median()[99], monthly.forecast().forecast().median()[99], 0.0);

        // KO's thousands of daily closes at the same horizon: no such note
        PriceForecast daily = engine.getForecast("KO", "naive", 260, null);
        assertTrue(daily.calibrationNote() == null || !daily.calibrationNote().contains("horizon"), daily.calibrationNote());
    }
}
