package org.sextant.engine.research.indicator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.engine.research.ResearchData;

/**
 * Oracle: values computed by R's TTR package (SMA, EMA, RSI, MACD, BBands, ATR) on TTR::ttrc
 * (5550 days) and timeSeries::MSFT (249 days). Every defined value must match to 1e-9 and every
 * NA must be NaN here, so warm-up lengths match too.
 */
class TtrIndicatorsTest {
    private static final double TOL = 1e-9;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"ttrc_indicators.csv, sma20, ema20, rsi14", "msft_indicators.csv, SMA, EMA, rsi"})
    void allIndicatorsMatchTtr(String file, String smaCol, String emaCol, String rsiCol) {
        Map<String, double[]> d = ResearchData.columns(file);
        double[] h = d.get("high"), l = d.get("low"), c = d.get("close");

        same(file, smaCol, d.get(smaCol), MovingAverage.sma(c, 20));
        same(file, emaCol, d.get(emaCol), MovingAverage.ema(c, 20));
        same(file, rsiCol, d.get(rsiCol), Rsi.of(c, 14));

        Macd m = Macd.of(c, 12, 26, 9, false);
        same(file, "macd", d.get("macd"), m.macd());
        same(file, "macd_signal", d.get("macd_signal"), m.signal());
        same(file, "macd_hist", d.get("macd_hist"), m.histogram());
        Macd mp = Macd.of(c, 12, 26, 9, true);
        same(file, "macd_pct", d.get("macd_pct"), mp.macd());
        same(file, "macd_pct_signal", d.get("macd_pct_signal"), mp.signal());

        BollingerBands bb = BollingerBands.of(c, 20, 2);
        same(file, "bb_dn", d.get("bb_dn"), bb.lower());
        same(file, "bb_mavg", d.get("bb_mavg"), bb.middle());
        same(file, "bb_up", d.get("bb_up"), bb.upper());
        same(file, "bb_pctb", d.get("bb_pctb"), bb.percentB());
        BollingerBands tp = BollingerBands.of(BollingerBands.typicalPrice(h, l, c), 20, 2);
        same(file, "bbtp_dn", d.get("bbtp_dn"), tp.lower());
        same(file, "bbtp_mavg", d.get("bbtp_mavg"), tp.middle());
        same(file, "bbtp_up", d.get("bbtp_up"), tp.upper());
        same(file, "bbtp_pctb", d.get("bbtp_pctb"), tp.percentB());

        same(file, "tr", d.get("tr"), TrueRange.of(h, l, c));
        same(file, "atr14", d.get("atr14"), TrueRange.atr(h, l, c, 14));
    }

    private static void same(String file, String col, double[] expected, double[] actual) {
        assertTrue(expected != null, file + " has no column " + col);
        assertEquals(expected.length, actual.length, col);
        int defined = 0;
        for (int i = 0; i < expected.length; i++) {
            if (Double.isNaN(expected[i])) {
                assertTrue(Double.isNaN(actual[i]), file + " " + col + " row " + i + ": TTR gives NA, we give " + actual[i]);
            } else {
                assertEquals(expected[i], actual[i], TOL, file + " " + col + " row " + i);
                defined++;
            }
        }
        assertTrue(defined > expected.length / 2, col + " should be mostly defined");
    }
}
