package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * A symbol too short for a model is refused naming the symbol, an argument the caller gave; the
 * refusal named "history", which get_forecast and get_backtest_error take no such argument as.
 */
class ShortHistoryTest {
    @TempSextant private Sextant engine;

    @Test
    void aSymbolTooShortForTheModelIsRefusedNamingTheSymbol(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(Files.writeString(dir.resolve("TINY.csv"), "Date,Close\n2020-01-02,10\n2020-01-03,10.5\n2020-01-06,10.2\n")));
        SextantException live = assertThrows(SextantException.class, () -> engine.getForecast("TINY", "ets", 5, null));
        assertEquals("symbol", live.field());
        assertTrue(live.getMessage().startsWith("TINY: model ") && live.getMessage().contains("needs at least"), live.getMessage());
        SextantException walk = assertThrows(SextantException.class, () -> engine.getBacktestError("TINY", "naive", 5, null, null, null));
        assertEquals("symbol", walk.field(), walk.getMessage());
        assertTrue(walk.getMessage().startsWith("TINY: "), walk.getMessage());
    }
}
