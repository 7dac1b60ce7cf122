package org.sextant.app.gui;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.sextant.charts.ForecastFan;
import org.sextant.charts.PriceBars;
import org.sextant.engine.data.PriceBar;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.forecast.store.StoredForecast;

/** The engine's results in the charts module's own types: the charts depend on no engine class. */
public final class ChartInputs {
    private ChartInputs() {}

    /** Close-only bars of a series (null stays null). */
    public static PriceBars closes(PriceSeries s) {
        return s == null ? null : PriceBars.closes(s.symbol(), s.dates(), s.close());
    }

    /**
     * The stored bars of {@code symbol}, closes as in {@code series}: open, high and low when at
     * least one day has all three (a day without them is NaN), volume when at least one day has it.
     */
    public static PriceBars bars(PriceSeries series, List<PriceBar> bars) {
        int n = bars.size();
        double[] open = new double[n];
        double[] high = new double[n];
        double[] low = new double[n];
        double[] volume = new double[n];
        boolean ohlc = false;
        boolean anyVolume = false;
        for (int i = 0; i < n; i++) {
            PriceBar b = bars.get(i);
            boolean whole = b.open() != null && b.high() != null && b.low() != null;
            ohlc |= whole;
            open[i] = whole ? b.open() : Double.NaN;
            high[i] = whole ? b.high() : Double.NaN;
            low[i] = whole ? b.low() : Double.NaN;
            anyVolume |= b.volume() != null;
            volume[i] = b.volume() == null ? Double.NaN : b.volume();
        }
        return new PriceBars(series.symbol(), series.dates(), ohlc ? open : null, ohlc ? high : null, ohlc ? low : null,
                series.close(), anyVolume ? volume : null);
    }

    public static ForecastFan fan(PriceForecast f) {
        return f == null ? null : fan(f.symbol(), f.origin(), f.lastClose(), f.targetDates(), f.forecast());
    }

    public static ForecastFan fan(StoredForecast f) {
        return fan(f.symbol(), f.origin(), f.lastClose(), f.targetDates(), f.forecast());
    }

    /** Each stored walk-forward origin as a fan (null stays null). */
    public static List<ForecastFan> fans(List<StoredForecast> forecasts) {
        if (forecasts == null) return null;
        List<ForecastFan> out = new ArrayList<>(forecasts.size());
        for (StoredForecast f : forecasts) out.add(fan(f));
        return out;
    }

    private static ForecastFan fan(String symbol, LocalDate origin, double lastClose, List<LocalDate> targets, Forecast f) {
        List<ForecastFan.Band> bands = new ArrayList<>();
        for (QuantileBand b : f.bands()) bands.add(new ForecastFan.Band(b.level(), b.lower(), b.upper()));
        return new ForecastFan(symbol, origin, lastClose, targets, f.median(), bands);
    }
}
