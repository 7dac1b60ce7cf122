package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.List;
import java.util.function.Function;
import org.sextant.engine.data.BarReadCache;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.store.Store;

/**
 * The {@link OutlierReturns} warning of a symbol's closes, with, for daily closes, the {@link PeriodicCloses} one (dated
 * as weekly or monthly prices: a week read as a day), kept per (symbol, interval) for one version of the symbol's
 * data ({@link #version}): the routes add it to every forecast, backtest and chart answer, and without it each
 * answer read the whole series again (2,000,000 minute bars resampled) even when the forecast came from memory. An
 * import or a delete of the symbol moves its version, so re-imported closes are warned about afresh, never answered
 * stale; a write of another symbol's prices or of results keeps the warning. Bars at an interval
 * are checked in the store ({@link BarOutliers}): a chart of a few hundred bars does not read millions for it; a bar
 * forecast or backtest, which reads them all for its fit, keeps the warning of those instead ({@link #keep(String, String,
 * long, BarSeries)}), by the same rules.
 */
public final class OutlierWarnings {
    /** Symbol and interval pairs kept: the sample universe at every interval fits well within it. */
    public static final int CAPACITY = 256;

    private final Store store;
    private final PriceRepository prices;
    private final BarReadCache kept;

    /** {@code capacity} 0 reads and computes on every call (the path before: a benchmark's baseline). */
    public OutlierWarnings(Store store, PriceRepository prices, int capacity) {
        this.store = store;
        this.prices = prices;
        this.kept = new BarReadCache(capacity);
    }

    /**
     * The warning on the closes a forecast or backtest of {@code symbol} fits, its daily ones ({@code interval} null)
     * or its bars at {@code interval}; null when none jumps and falls back.
     */
    public String of(String symbol, String interval) {
        long version = version(symbol); // read first: a write meanwhile only makes the next call compute again
        return kept.get(key(symbol, interval), version, () -> compute(symbol, interval));
    }

    /** The version of {@code symbol}'s prices, bars and session its warnings are kept under: read before its closes are. */
    public long version(String symbol) {
        return store.symbolVersion(PriceRepository.canonical(symbol));
    }

    /**
     * Keeps the warning of daily closes a forecast or backtest has just read, {@code version} read before them: the
     * answer's warning then comes from them, not from a second read of the series (the first answer after an import).
     */
    public void keep(String symbol, long version, PriceSeries closes) {
        kept.get(key(symbol, null), version, () -> daily(closes));
    }

    /**
     * As {@link #keep(String, long, PriceSeries)}, for every bar at {@code interval} a bar forecast or backtest has just
     * read: its warning is the store query's ({@link BarOutliers#of(BarSeries)}) without that second scan of the store.
     */
    public void keep(String symbol, String interval, long version, BarSeries bars) {
        kept.get(key(symbol, interval), version, () -> BarOutliers.of(bars).warning());
    }

    private static String key(String symbol, String interval) {
        return PriceRepository.canonical(symbol) + "\0" + interval;
    }

    private String compute(String symbol, String interval) {
        return interval == null ? daily(prices.closes(symbol, null, null)) : BarOutliers.of(prices, symbol, interval).warning();
    }

    /** The spikes' and splits' warning, then the spacing's: its fix reads the stored intervals, only when it warns. */
    private String daily(PriceSeries p) {
        return p.size() == 0 ? null : daily(p.symbol(), p.dates(), PriceForecast.closes(p), prices::storedIntervals);
    }

    /**
     * The warning of one symbol's daily {@code closes} dated {@code dates} (oldest first), or null: what {@link OutlierReturns}
     * finds in them (splits, bad ticks, a far last close), then their spacing's ({@link PeriodicCloses}, whose fix asks
     * {@code intervals} for the symbol's stored intervals). The one rule of every read of daily closes: forecasts, backtests,
     * charts, scans and the analogues' benchmark.
     */
    public static String daily(String symbol, List<LocalDate> dates, double[] closes, Function<String, List<String>> intervals) {
        return daily(findings(symbol, dates, closes), symbol, dates, intervals);
    }

    /** As {@link #daily(String, List, double[], Function)} from findings already made (a scan reads their splits too). */
    static String daily(OutlierReturns.Findings found, String symbol, List<LocalDate> dates, Function<String, List<String>> intervals) {
        String first = found.warning(), second = PeriodicCloses.warning(symbol, dates, intervals);
        return first == null ? second : second == null ? first : first + ". " + second; // one text, as OutlierReturns joins its parts
    }

    /** What {@link OutlierReturns} finds in a series' closes, gap-checked by their dates: the one rule every warning of a series uses. */
    static OutlierReturns.Findings findings(PriceSeries p) {
        return findings(p.symbol(), p.dates(), PriceForecast.closes(p));
    }

    private static OutlierReturns.Findings findings(String symbol, List<LocalDate> dates, double[] closes) {
        return OutlierReturns.findings(symbol, dates.stream().map(LocalDate::toString).toList(), closes, CalibrationNotes.gaps(dates));
    }
}
