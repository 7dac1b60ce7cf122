package org.sextant.engine.forecast.model;

import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.TestSeries;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Fixed-order ARIMA fits against R. Series: src/test/resources/forecast/arima_sim.csv, made by
 * arima_sim.R there (set.seed(20261130); arima.sim with AR(1) φ=0.7 mean 10, MA(1) θ=0.5,
 * ARMA(1,1) φ=0.6 θ=0.4 mean 5, random walk with drift 0.5). Oracle: R 4.2.2, forecast 8.20,
 * script arima_oracle.R there: Arima(y, order = ..., include.mean/include.drift) then
 * forecast(fit, h = 3, level = 95).
 */
class ArimaFitterTest {
    static double[] sim(String column) {
        try (InputStream in = ArimaFitterTest.class.getResourceAsStream("/forecast/arima_sim.csv")) {
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            List<String> head = List.of(lines.get(0).replace("\"", "").split(","));
            int c = head.indexOf(column);
            List<Double> out = new ArrayList<>();
            for (String l : lines.subList(1, lines.size())) {
                String[] f = l.split(",", -1);
                if (!f[c].isEmpty()) out.add(Double.parseDouble(f[c]));
            }
            return out.stream().mapToDouble(Double::doubleValue).toArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void close(double[] expected, double[] actual, double tol, String what) {
        assertEquals(expected.length, actual.length, what);
        for (int i = 0; i < expected.length; i++) assertEquals(expected[i], actual[i], tol, what + " [" + i + "]");
    }

    @Test
    void ar1RecoversTheSimulatedParametersAndRsFit() {
        ArimaModel f = ArimaFitter.fit(sim("ar1"), ArimaSpec.of(1, 0, 0, true));
        // simulated with φ = 0.7, mean 10
        assertEquals(0.7, f.ar()[0], 0.06);
        assertEquals(10, f.intercept(), 0.3);
        // R: ar1=0.730019 intercept=9.885099 loglik -441.255866 aicc 888.592813 sigma2 1.1140256
        assertEquals(0.730019, f.ar()[0], 2e-4);
        assertEquals(9.885099, f.intercept(), 2e-3);
        assertEquals(-441.255866, f.logLik(), 1e-3);
        assertEquals(888.592813, f.aicc(), 2e-3);
        assertEquals(1.1140256, f.sigma2(), 1e-4);
        Forecast fc = f.forecast("arima", 3, new double[] {0.95});
        close(new double[] {10.743465, 10.511722, 10.342546}, fc.median(), 2e-3, "mean");
        close(new double[] {8.674774, 7.950446, 7.554077}, fc.band(0.95).lower(), 3e-3, "lo95");
    }

    @Test
    void ma1RecoversTheSimulatedParametersAndRsFit() {
        ArimaModel f = ArimaFitter.fit(sim("ma1"), ArimaSpec.of(0, 0, 1, true));
        assertEquals(0.5, f.ma()[0], 0.06); // simulated θ
        // R: ma1=0.517945 intercept=0.048082 loglik -436.315074 aicc 878.711228
        assertEquals(0.517945, f.ma()[0], 2e-4);
        assertEquals(0.048082, f.intercept(), 2e-3);
        assertEquals(878.711228, f.aicc(), 2e-3);
        Forecast fc = f.forecast("arima", 3, new double[] {0.95});
        close(new double[] {0.114815, 0.048082, 0.048082}, fc.median(), 2e-3, "mean");
        close(new double[] {-1.921608, -2.245284, -2.245284}, fc.band(0.95).lower(), 3e-3, "lo95");
    }

    @Test
    void arma11RecoversTheSimulatedParametersAndRsFit() {
        ArimaModel f = ArimaFitter.fit(sim("arma11"), ArimaSpec.of(1, 0, 1, true));
        assertEquals(0.6, f.ar()[0], 0.06); // simulated φ, θ
        assertEquals(0.4, f.ma()[0], 0.06);
        // R: ar1=0.578460 ma1=0.407792 intercept=5.102895 loglik -540.954673 aicc 1090.010611
        assertEquals(0.578460, f.ar()[0], 3e-4);
        assertEquals(0.407792, f.ma()[0], 3e-4);
        assertEquals(5.102895, f.intercept(), 2e-3);
        assertEquals(1090.010611, f.aicc(), 2e-3);
        Forecast fc = f.forecast("arima", 3, new double[] {0.95});
        close(new double[] {5.618606, 5.401214, 5.275461}, fc.median(), 2e-3, "mean");
        close(new double[] {3.780249, 2.819193, 2.488562}, fc.band(0.95).lower(), 3e-3, "lo95");
    }

    @Test
    void randomWalkWithDriftMatchesR() {
        ArimaModel f = ArimaFitter.fit(sim("rwdrift"), ArimaSpec.of(0, 1, 0, true));
        assertEquals(0.5, f.intercept(), 0.15); // simulated drift
        // R: drift=0.529044 loglik -292.555855 aicc 589.172934 sigma2 1.1134524
        assertEquals(0.529044, f.intercept(), 1e-4);
        assertEquals(589.172934, f.aicc(), 1e-3);
        assertEquals(1.1134524, f.sigma2(), 1e-4); // R keeps a trace of the diffuse first observation
        Forecast fc = f.forecast("arima", 3, new double[] {0.95});
        close(new double[] {205.808733, 206.337777, 206.866820}, fc.median(), 1e-3, "mean");
        close(new double[] {203.740574, 203.412958, 203.284664}, fc.band(0.95).lower(), 2e-3, "lo95");
    }

    @Test
    void airlineModelMatchesR() {
        ArimaModel f = ArimaFitter.fit(TestSeries.airPassengers(), new ArimaSpec(0, 1, 1, 0, 1, 1, 12, false));
        // R: Arima(AirPassengers, c(0,1,1), seasonal = c(0,1,1)): ma1=-0.308674 sma1=-0.107447 loglik -507.501443 aicc 1021.191863
        assertEquals(-0.308674, f.ma()[0], 1e-3);
        assertEquals(-0.107447, f.seasonalMa()[0], 1e-3);
        assertEquals(-507.501443, f.logLik(), 2e-3);
        assertEquals(1021.191863, f.aicc(), 4e-3);
        Forecast fc = f.forecast("arima", 3, new double[] {0.95});
        close(new double[] {447.053211, 421.877428, 453.526202}, fc.median(), 0.05, "mean");
        close(new double[] {424.068519, 393.934885, 421.381602}, fc.band(0.95).lower(), 0.1, "lo95");
    }
}
