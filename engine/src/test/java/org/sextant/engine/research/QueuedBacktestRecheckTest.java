package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * A start_backtest job runs the request its submission checked, but the data may change while it is queued:
 * when it starts it checks the symbols' history again and fails with the same clear refusal a new request gets.
 */
public class QueuedBacktestRecheckTest {
    @TempSextant private Sextant engine;

    /** Always long, half or all of the equity: a run whose figures are the closes' own (BacktestDataWarningRoutesTest's too). */
    public static final String SPEC = """
            {"version": 1, "name": "long", "nodes": {
              "close": {"type": "price"},
              "long": {"type": "threshold", "inputs": {"series": "close"}, "params": {"enter_below": 1000, "exit_above": 1000}},
              "size": {"type": "fixed_fraction", "inputs": {"signal": "long"}, "params": {"fraction": [0.5, 1]}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}}}}
            """;

    @Test
    void aQueuedJobChecksTheHistoryAgainWhenItStarts(@TempDir Path dir) throws Exception {
        StringBuilder csv = new StringBuilder("datetime,close\n");
        for (int h = 0; h < 40; h++) {
            csv.append(String.format("2020-01-%02dT%d:00:00Z,%.3f%n", 6 + h / 5, 10 + h % 5, 1.1 + (h % 7) / 100.0));
        }
        engine.importPrices(List.of(Files.writeString(dir.resolve("QUEUEDX.csv"), csv)));
        ResearchService research = new ResearchService(engine.store());
        StrategyRunRequest split = research.withDefaultSplit(new StrategyRunRequest("queued", SPEC, List.of("QUEUEDX"), null, null, null, 1, null, "1h"));
        // while the job waits, the history shrinks below what a run needs (rows deleted by hand: a store edited outside the app)
        engine.store().inTransaction(c -> c.createStatement().executeUpdate("DELETE FROM bars WHERE symbol = 'QUEUEDX' AND ts >= TIMESTAMP '2020-01-08 10:00:00'"));
        SextantException e = assertThrows(SextantException.class, () -> research.backtestJob(split).run(null));
        assertEquals("symbols", e.field(), e.getMessage());
        assertEquals("QUEUEDX has only 10 1h bars (2020-01-06 10:00 to 2020-01-07 14:00); a strategy run needs at least 33 common bars"
                + " (the overfitting statistics cut their returns into 16 blocks of 2 or more)", e.getMessage());
        assertEquals("import a longer history of QUEUEDX, or leave it out", e.fix());
        assertEquals(0, engine.getSessionRegistry("queued").runs(), "nothing run or counted");
    }
}
