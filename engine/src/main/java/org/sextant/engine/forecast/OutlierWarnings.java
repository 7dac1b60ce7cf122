package org.sextant.engine.forecast;

import java.time.LocalDate;
import org.sextant.engine.data.BarReadCache;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.store.Store;

/**
 * The {@link OutlierReturns} warning of a symbol's closes, kept per (symbol, interval) for one version of the store's
 * data ({@link Store#commits()}): the routes add it to every forecast, backtest and chart answer, and without it each
 * answer read the whole series again (2,000,000 minute bars resampled) even when the forecast came from memory. An
 * import or a delete commits, so re-imported closes are warned about afresh, never answered stale.
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
        long version = store.commits(); // read first: a write meanwhile only makes the next call compute again
        return kept.get(symbol + "\0" + interval, version, () -> compute(symbol, interval));
    }

    private String compute(String symbol, String interval) {
        if (interval == null) {
            PriceSeries p = prices.closes(symbol, null, null);
            return p.size() == 0 ? null : OutlierReturns.warning(p.symbol(), p.dates().stream().map(LocalDate::toString).toList(), PriceForecast.closes(p));
        }
        BarSeries bars = prices.bars(symbol, interval, null, null);
        return OutlierReturns.warning(bars.symbol(), bars.bars().stream().map(b -> b.ts() + "Z").toList(),
                bars.bars().stream().mapToDouble(IntervalBar::close).toArray());
    }
}
