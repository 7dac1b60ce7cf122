package org.sextant.app.render;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.sextant.charts.ForecastFan;
import org.sextant.charts.PriceBars;
import org.sextant.charts.PriceChart;

/** The chart of render_chart's background first picture ({@link ChartRenderer#warmUp}). */
final class WarmUpChart {
    private WarmUpChart() {}

    /**
     * A daily chart with a fan at the default size and days, as render_chart draws them (a smaller one left half the cold
     * cost to the first agent's picture), of made-up closes: the warm-up reads nothing from the store.
     */
    static PriceChart build() {
        int n = ChartRenderer.DEFAULT_DAYS, h = 20;
        LocalDate day = LocalDate.of(2024, 1, 1);
        List<LocalDate> dates = new ArrayList<>(), targets = new ArrayList<>();
        double[] close = new double[n], median = new double[h];
        for (int i = 0; i < n; i++) {
            dates.add(day.plusDays(i));
            close[i] = 100 + Math.sin(i / 5.0);
        }
        List<ForecastFan.Band> bands = new ArrayList<>();
        for (int i = 0; i < h; i++) {
            targets.add(day.plusDays(n + i));
            median[i] = close[n - 1];
        }
        for (double level : ChartRenderer.LEVELS) {
            double[] lower = new double[h], upper = new double[h];
            for (int i = 0; i < h; i++) {
                lower[i] = median[i] - level * (i + 1);
                upper[i] = median[i] + level * (i + 1);
            }
            bands.add(new ForecastFan.Band(level, lower, upper));
        }
        PriceChart c = new PriceChart();
        c.setForecastLevels(ChartRenderer.LEVELS);
        c.show(PriceBars.closes("WARMUP", dates, close));
        c.showForecast(new ForecastFan("WARMUP", dates.get(n - 1), close[n - 1], targets, median, bands));
        return c;
    }

}
