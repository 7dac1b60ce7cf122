package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiFunction;
import org.sextant.engine.data.PriceSeries;

/** Backtest rows for replay tests, one a symbol S0, S1, … of a daily random walk (1% a day, the same walks every time), and their closes. */
record ReplayRows(List<BacktestReplay.Row> list, Map<String, PriceSeries> series) {
    PriceSeries closes(ForecastBacktestRun.Computed b) { return series.get(b.symbol()); }

    /** {@code symbols} walks of {@code size} closes from 100, each with the backtest {@code backtest} makes of (symbol index, closes). */
    static ReplayRows of(int symbols, int size, BiFunction<Integer, PriceSeries, ForecastBacktestRun.Computed> backtest) {
        Random walk = new Random(3);
        List<BacktestReplay.Row> list = new ArrayList<>();
        Map<String, PriceSeries> series = new HashMap<>();
        for (int s = 0; s < symbols; s++) {
            List<LocalDate> dates = new ArrayList<>();
            double[] close = new double[size];
            for (int i = 0; i < size; i++) {
                dates.add(LocalDate.of(2020, 1, 1).plusDays(i));
                close[i] = i == 0 ? 100 : close[i - 1] * Math.exp(0.01 * walk.nextGaussian());
            }
            PriceSeries p = new PriceSeries("S" + s, dates.get(0), dates.get(size - 1), dates, close, close.clone());
            series.put(p.symbol(), p);
            list.add(new BacktestReplay.Row(backtest.apply(s, p), p.symbol() + ": "));
        }
        return new ReplayRows(list, series);
    }

    /** {@code honest}'s forecasts, each scaled by what {@code scale} makes of its history and forecast: a forger's model. */
    static Forecaster scaled(Forecaster honest, BiFunction<double[], Forecast, Double> scale) {
        return new Forecaster() {
            @Override public String name() { return honest.name(); }
            @Override public int minLength(int period) { return honest.minLength(period); }
            @Override public Forecast compute(double[] history, int period, int horizon, double[] levels) {
                Forecast f = honest.forecast(history, period, horizon, levels);
                double k = scale.apply(history, f);
                return f.map(honest.name(), v -> v * k);
            }
        };
    }
}
