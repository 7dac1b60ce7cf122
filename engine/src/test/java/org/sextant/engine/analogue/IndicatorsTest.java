package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Indicator code against R's TTR package on real MSFT closes (msft_indicators.csv, TTR::SMA and TTR::RSI). */
class IndicatorsTest {

    private static double[][] msft() throws Exception {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                IndicatorsTest.class.getResourceAsStream("/analogue/msft_indicators.csv"), StandardCharsets.UTF_8))) {
            List<String> header = Arrays.asList(r.readLine().replace("\"", "").split(",", -1));
            int close = header.indexOf("close"), sma = header.indexOf("SMA"), rsi = header.indexOf("rsi");
            List<double[]> rows = new ArrayList<>();
            String line;
            while ((line = r.readLine()) != null) {
                String[] f = line.replace("\"", "").split(",", -1);
                rows.add(new double[]{Double.parseDouble(f[close]), f[sma].isEmpty() ? Double.NaN : Double.parseDouble(f[sma]),
                        f[rsi].isEmpty() ? Double.NaN : Double.parseDouble(f[rsi])});
            }
            double[][] out = new double[3][rows.size()];
            for (int i = 0; i < rows.size(); i++) for (int c = 0; c < 3; c++) out[c][i] = rows.get(i)[c];
            return out;
        }
    }

    @Test
    void rsiMatchesTtrWilderTo1e9() throws Exception {
        double[][] m = msft();
        double[] rsi = Indicators.rsiWilder(m[0], 14);
        int compared = 0;
        for (int i = 0; i < rsi.length; i++) {
            assertEquals(Double.isNaN(m[2][i]), Double.isNaN(rsi[i]), "definedness at row " + i);
            if (!Double.isNaN(m[2][i])) {
                assertEquals(m[2][i], rsi[i], 1e-9, "RSI14 row " + i);
                compared++;
            }
        }
        assertTrue(compared > 200);
    }

    @Test
    void smaMatchesTtrTo1e9() throws Exception {
        double[][] m = msft();
        double[] sma = Indicators.sma(m[0], 20);
        for (int i = 0; i < sma.length; i++) {
            assertEquals(Double.isNaN(m[1][i]), Double.isNaN(sma[i]), "definedness at row " + i);
            if (!Double.isNaN(m[1][i])) assertEquals(m[1][i], sma[i], 1e-9, "SMA20 row " + i);
        }
    }

    @Test
    void drawdownIsDistanceFromTheTrailingHigh() {
        double[] close = {10, 12, 11, 9, 13, 12};
        double[] dd = Indicators.drawdownFromHigh(close, 3);
        assertTrue(Double.isNaN(dd[1]));
        assertEquals(11.0 / 12 - 1, dd[2], 1e-12);
        assertEquals(9.0 / 12 - 1, dd[3], 1e-12);
        assertEquals(0.0, dd[4], 1e-12);
        assertEquals(12.0 / 13 - 1, dd[5], 1e-12);
    }

    @Test
    void realisedVolIsAnnualisedSampleStdevOfLogReturns() {
        double[] close = {100, 101, 99, 102, 100};
        double[] vol = Indicators.realisedVol(close, 4);
        double[] r = {Math.log(1.01), Math.log(99 / 101.0), Math.log(102 / 99.0), Math.log(100 / 102.0)};
        double mean = Arrays.stream(r).average().orElseThrow();
        double ss = Arrays.stream(r).map(x -> (x - mean) * (x - mean)).sum();
        assertEquals(Math.sqrt(ss / 3 * 252), vol[4], 1e-12);
        assertTrue(Double.isNaN(vol[3]));
    }
}
