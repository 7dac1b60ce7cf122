package org.sextant.app.gui;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.sextant.charts.ChartInterval;
import org.sextant.charts.ForecastFan;
import org.sextant.charts.PriceBars;
import org.sextant.charts.SessionClock;
import org.sextant.charts.TimedBars;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.data.PriceBar;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.forecast.store.StoredForecast;

/** The engine's results in the charts module's own types: the charts depend on no engine class. */
public final class ChartInputs {
    private ChartInputs() {}

    /** Close-only bars of a series (null stays null), on the scale its forecasts are fitted on (see {@link #bars}). */
    public static PriceBars closes(PriceSeries s) {
        return s == null ? null : PriceBars.closes(s.symbol(), s.dates(), s.size() == 0 ? s.close() : PriceForecast.closes(s));
    }

    /** What the price axis names: "adjusted close" when the series' stored adjusted closes are drawn ({@link #adjusted}), else "close". */
    public static String priceName(PriceSeries series) {
        return adjusted(series) ? "adjusted close" : "close";
    }

    /**
     * The stored bars of {@code symbol} on the scale its forecasts are fitted on (PriceForecast.closes): the adjusted
     * close where stored, else the close, and each day's open, high and low times that day's adjusted/close ratio, so a
     * split or dividend moves the candles as it moves the line (volume as stored). Open, high and low when at least one
     * day has all three (a day without them is NaN), volume when at least one day has it.
     */
    public static PriceBars bars(PriceSeries series, List<PriceBar> bars) {
        OptionalColumns c = new OptionalColumns(bars.size());
        for (int i = 0; i < bars.size(); i++) {
            PriceBar b = bars.get(i);
            double ratio = b.adjClose() == null || b.close() == 0 ? 1 : b.adjClose() / b.close();
            c.put(i, times(b.open(), ratio), times(b.high(), ratio), times(b.low(), ratio), b.volume());
        }
        return new PriceBars(series.symbol(), series.dates(), c.open(), c.high(), c.low(), closes(series).close(), c.volume());
    }

    /** Whether any stored adjusted close of {@code series} differs from its close: the chart then draws adjusted prices. */
    public static boolean adjusted(PriceSeries series) {
        return series != null && series.adjusted();
    }

    private static Double times(Double price, double ratio) {
        if (price == null || ratio == 1) return price; // a missing open stays missing
        return price * ratio;
    }

    /**
     * Bars of any interval for the chart's bar-index axis: each at its UTC open time, in its
     * session's clock; open, high and low when at least one bar has all three, volume when one has it.
     */
    public static TimedBars timed(BarSeries series) {
        int n = series.size();
        long[] seconds = new long[n];
        double[] close = new double[n];
        OptionalColumns c = new OptionalColumns(n);
        for (int i = 0; i < n; i++) {
            IntervalBar b = series.bars().get(i);
            seconds[i] = b.ts().toEpochSecond(java.time.ZoneOffset.UTC);
            close[i] = b.close();
            c.put(i, b.open(), b.high(), b.low(), b.volume());
        }
        return new TimedBars(series.symbol(), ChartInterval.of(series.interval()), clock(series), seconds,
                c.open(), c.high(), c.low(), close, c.volume());
    }

    /** The series' session clock with the exchange's early closes over its days: their auctions start early (as resample_bars's, V059), the NYSE's days end at 13:00 (V060). */
    static SessionClock clock(BarSeries series) {
        SessionClock clock = SessionClock.of(series.session());
        org.sextant.engine.data.TradingSession session = org.sextant.engine.data.TradingSession.named(series.session());
        if (series.size() == 0 || session == null) return clock; // fx and continuous have no early closes
        return clock.withEarlyCloses(session.earlyCloses(series.bars().get(0).date(), series.bars().get(series.size() - 1).date()));
    }

    /**
     * The values a source may lack, as the chart takes them: open, high and low when at least one
     * bar has all three (a bar without them is NaN), volume when at least one bar has it; else null.
     */
    private static final class OptionalColumns {
        private final double[] open;
        private final double[] high;
        private final double[] low;
        private final double[] volume;
        private boolean ohlc;
        private boolean anyVolume;

        OptionalColumns(int n) {
            open = new double[n];
            high = new double[n];
            low = new double[n];
            volume = new double[n];
        }

        void put(int i, Double o, Double h, Double l, Double v) {
            boolean whole = o != null && h != null && l != null;
            ohlc |= whole;
            open[i] = whole ? o : Double.NaN;
            high[i] = whole ? h : Double.NaN;
            low[i] = whole ? l : Double.NaN;
            anyVolume |= v != null;
            volume[i] = v == null ? Double.NaN : v;
        }

        double[] open() { return ohlc ? open : null; }
        double[] high() { return ohlc ? high : null; }
        double[] low() { return ohlc ? low : null; }
        double[] volume() { return anyVolume ? volume : null; }
    }

    /** The daily closes of {@code bars} (resampled to trading days along their session) as the engine's series. */
    public static PriceSeries dailyCloses(TimedBars bars) {
        TimedBars days = bars.interval() == ChartInterval.D1 ? bars : new org.sextant.charts.IntervalLadder(bars).at(ChartInterval.D1);
        List<PriceBar> out = new ArrayList<>(days.size());
        for (int i = 0; i < days.size(); i++) out.add(new PriceBar(days.tradingDay(i), null, null, null, days.close(i), null, null));
        return PriceSeries.of(bars.symbol(), null, null, out);
    }

    public static ForecastFan fan(PriceForecast f) {
        return f == null ? null : fan(f.symbol(), f.origin(), f.lastClose(), f.targetDates(), f.forecast());
    }

    /** A forecast of bars as the chart by bar index draws it (null stays null): the fan, its interval, origin and target bars' open times. */
    public static org.sextant.charts.BarFan barFan(org.sextant.engine.forecast.BarForecast f) {
        if (f == null) return null;
        long[] targets = new long[f.targetTs().size()];
        for (int i = 0; i < targets.length; i++) targets[i] = epochSeconds(f.targetTs().get(i));
        return new org.sextant.charts.BarFan(fan(f.forecast()), ChartInterval.of(f.interval()), epochSeconds(f.originTs()), targets);
    }

    /** Each walk-forward origin of the bars as the chart overlays it (null stays null). */
    public static List<org.sextant.charts.BarFan> barFans(List<org.sextant.engine.forecast.BarForecast> origins) {
        if (origins == null) return null;
        List<org.sextant.charts.BarFan> out = new ArrayList<>(origins.size());
        for (org.sextant.engine.forecast.BarForecast f : origins) out.add(barFan(f));
        return out;
    }

    /** "2001-03-30T21:30Z" (the engine's bar times) in epoch seconds. */
    private static long epochSeconds(String utc) {
        return java.time.OffsetDateTime.parse(utc).toEpochSecond();
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
