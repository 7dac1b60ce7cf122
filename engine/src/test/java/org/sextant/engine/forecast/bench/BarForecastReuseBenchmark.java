package org.sextant.engine.forecast.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * A bar forecast asked twice (the chart switching back to an interval; get_reward_risk after
 * get_forecast): the first ask fits and calibrates (what every ask cost before answers were
 * kept: the baseline), the second is the answer kept in memory. USD/CHF of the shipped sample at
 * 4h, horizon 20, default levels and calibration. Not a test: run it by hand (docs/benchmarks.md).
 */
public final class BarForecastReuseBenchmark {
    public static void main(String[] args) throws Exception {
        Path home = Files.createTempDirectory("sextant-barreuse");
        try (Sextant engine = Sextant.open(new SextantHome(home))) {
            System.out.printf(Locale.ROOT, "USDCHF at 4h: %d bars, cores %d, load %.1f%n", engine.getBars("USDCHF", "4h", null, null).size(),
                    Runtime.getRuntime().availableProcessors(), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            System.out.println("| model | first ask (fit; baseline) s | second ask s | faster |");
            System.out.println("|---|---:|---:|---:|");
            for (String model : List.of("naive", "theta", "ets")) {
                long t0 = System.nanoTime();
                engine.getForecast("USDCHF", "4h", model, 20, null, null);
                long t1 = System.nanoTime();
                engine.getForecast("USDCHF", "4h", model, 20, null, null);
                long t2 = System.nanoTime();
                System.out.printf(Locale.ROOT, "| %s | %.2f | %.4f | %,.0f× |%n", model, (t1 - t0) / 1e9, (t2 - t1) / 1e9, (double) (t1 - t0) / (t2 - t1));
            }
        }
    }
}
