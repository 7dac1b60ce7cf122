package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 11 M1: figures the returns cannot support were shown as numbers. A hold of a series that
 * is flat, jumps once and stays has one non-zero in-sample return (PSR 0.976 and MinTRL 0.76
 * years from it), no return below 0 (Sortino 0.0) and an out of sample that never varies (Sharpe
 * 0.0); three sizes of one position tie in every CSCV split (PBO 1.00, cited by the verdict).
 */
class UnsupportedStatisticsTest {
    @TempSextant private Sextant engine;

    /** Holds (enters below 1e12) at 0.5, 1 and 2 times the equity: one position scaled. */
    static String hold(double enterBelow) {
        return """
                {"version": 1, "name": "hold", "nodes": {
                  "close": {"type": "price", "params": {"field": "close"}},
                  "sig": {"type": "threshold", "inputs": {"series": "close"}, "params": {"enter_below": %s, "exit_above": 1e12}},
                  "size": {"type": "fixed_fraction", "inputs": {"signal": "sig"}, "params": {"fraction": [0.5, 1, 2]}},
                  "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"fill": "next_close"}}}}
                """.formatted(enterBelow);
    }

    /** 400 weekdays from 2010-01-04 at 100, then 200 from the 151st on. */
    static Path jump(Path dir) throws Exception {
        StringBuilder csv = new StringBuilder("Date,Close\n");
        LocalDate d = LocalDate.of(2010, 1, 4);
        for (int n = 0; n < 400; d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            csv.append(d).append(n < 150 ? ",100\n" : ",200\n");
            n++;
        }
        return Files.writeString(dir.resolve("JUMPX.csv"), csv);
    }

    @Test
    void oneJumpGivesNoPsrNoSortinoAndTiedSizesNoPbo(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(jump(dir)));
        StrategyRunSummary r = engine.backtest(new StrategyRunRequest("jump", hold(1e12), List.of("JUMPX"), null, null, null, 1));
        assertTrue(r.inSample().sharpe() > 0, "one +50% day among flat ones varies: a Sharpe, " + r.inSample());
        assertTrue(Double.isNaN(r.inSample().sortino()), "no return below 0: no Sortino, " + r.inSample());
        assertTrue(Double.isNaN(r.outOfSample().sharpe()) && Double.isNaN(r.outOfSample().sortino()), "out of sample never varies: " + r.outOfSample());
        for (double v : new double[]{r.psr(), r.dsr(), r.minTrackRecordYears(), r.psrOutOfSample(), r.pbo()}) assertTrue(Double.isNaN(v), r.toString());
        assertTrue(r.warnings().contains("PSR, DSR and MinTRL are n/a: the chosen configuration's in-sample returns have 1 non-zero value, and these"
                + " statistics need at least 24 (the shortest track record Bailey & López de Prado apply them to): from fewer, the skewness and"
                + " kurtosis they correct with describe a few events, not the strategy"), r.warnings().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("in-sample Sortino is n/a: no return was below 0 there")), r.warnings().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("PBO is n/a: configurations tie")), r.warnings().toString());
        assertTrue(r.reasons().stream().anyMatch(w -> w.startsWith("PBO not computed (configurations tie")), r.reasons().toString());
        assertTrue(r.reasons().stream().anyMatch(w -> w.startsWith("DSR undefined after 3 configurations (the chosen configuration's in-sample returns have 1 non-zero value")),
                r.reasons().toString());
        assertFalse(r.verdictText().contains("PBO 1") || r.verdictText().contains("DSR 0."), r.verdictText());
        assertEquals("not significant", r.verdict());
    }

    @Test
    void returnsThatNeverVaryHaveNoSharpeSortinoHaircutOrPbo() {
        StrategyRunSummary r = engine.backtest(new StrategyRunRequest("never", hold(-1), List.of("AA"), null, null, null, 1));
        for (var m : List.of(r.inSample(), r.outOfSample())) {
            assertTrue(Double.isNaN(m.sharpe()) && Double.isNaN(m.sortino()) && m.volatility() == 0, m.toString());
        }
        for (double v : new double[]{r.haircutSharpeBonferroni(), r.haircutSharpeHolm(), r.haircutSharpeBhy(), r.pbo(), r.psr(), r.dsr()}) {
            assertTrue(Double.isNaN(v), r.toString());
        }
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("in-sample Sharpe and Sortino (and the haircut Sharpe) are n/a: the chosen configuration's returns never vary")),
                r.warnings().toString());
        assertTrue(r.reasons().contains("haircut not computed (the chosen configuration's in-sample returns never vary: no Sharpe ratio to test)"), r.reasons().toString());
        assertFalse(r.verdictText().contains("PBO 1") || r.verdictText().contains("haircut p-value"), r.verdictText());
    }
}
