package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.sextant.engine.data.PriceSeries;

/**
 * A stored backtest's adaptive coverage is checked from both sides: its nested bands bound it from above, and where a stored
 * band is certainly the job's own (not widened to nest) from below, so a coverage tampered down is refused as one tampered up.
 */
class AdaptiveCoverageRecountTest {
    @Test
    void anAdaptiveCoverageTamperedTooLowIsRefused() {
        ReplayRows rows = ReplayRows.of(1, 300, (s, p) -> ForecastBacktestRun.run("naive", ForecastModels.BUILT_IN.forPrices("naive"), p, 3, "1",
                null, null, null, null));
        ForecastBacktestRun.Computed honest = rows.list().get(0).job();
        PriceSeries closes = rows.closes(honest);
        WalkForwardBacktest.Result r = honest.result();
        assertTrue(r.calibratedOrigins() > 0, "the backtest has calibrated origins: " + r);
        assertNull(BacktestRecount.of(honest, closes).problem(), "the honest backtest recounts");

        double[] low = r.adaptiveCoverage().clone();
        low[0] -= 0.05;                                   // five points under what the job's own bands covered
        BacktestRecount.Recount tampered = BacktestRecount.of(withAdaptiveCoverage(honest, low), closes);
        assertEquals("result_json", tampered.column());
        assertTrue(tampered.problem().startsWith("has an adaptive_coverage below what its adaptive bands certainly cover"), tampered.problem());

        double[] high = r.adaptiveCoverage().clone();
        high[0] = Math.min(1, high[0] + 0.05);
        if (high[0] > r.adaptiveCoverage()[0]) {
            assertTrue(BacktestRecount.of(withAdaptiveCoverage(honest, high), closes).problem().startsWith("has an adaptive_coverage above"));
        }
    }

    private static ForecastBacktestRun.Computed withAdaptiveCoverage(ForecastBacktestRun.Computed b, double[] adaptive) {
        WalkForwardBacktest.Result r = b.result();
        WalkForwardBacktest.Result forged = new WalkForwardBacktest.Result(r.model(), r.origins(), r.male(), r.malePerStep(), r.levels(), r.coverage(),
                r.pinball(), r.conformalCoverage(), r.conformalPinball(), Arrays.copyOf(adaptive, adaptive.length), r.calibratedOrigins());
        return new ForecastBacktestRun.Computed(b.symbol(), b.model(), b.horizon(), b.originsRule(), forged, b.rows(), b.closesDigest(), b.closesFrom(),
                b.closesTo());
    }
}
