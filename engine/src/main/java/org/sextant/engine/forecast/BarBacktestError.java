package org.sextant.engine.forecast;

import java.util.List;
import java.util.TreeSet;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.TradingSession;
import org.sextant.engine.forecast.store.StoredForecast;

/**
 * Walk-forward forecast errors of a symbol's bars at an interval: origins and horizon count bars,
 * and each evaluated origin is named by its bar's open time, in UTC and on the session's clock.
 */
public record BarBacktestError(String symbol, String interval, String session, String zone, double barsPerYear,
                               List<String> originTs, List<String> originTsLocal, WalkForwardBacktest.Result result) {

    static BarBacktestError of(BarSeries bars, ForecastBacktestRun.Computed c) {
        TradingSession session = TradingSession.of(bars.session());
        TreeSet<Integer> origins = new TreeSet<>();   // rows per calibration share an origin; the origin bar is the last one fitted
        for (StoredForecast row : c.rows()) origins.add(row.historyRows() - 1);
        List<String> utc = origins.stream().map(o -> bars.bars().get(o).ts() + "Z").toList();
        List<String> local = origins.stream().map(o -> session.onClock(bars.bars().get(o).ts())).toList();
        return new BarBacktestError(bars.symbol(), bars.interval(), bars.session(), session.zone().getId(), bars.barsPerYear(), utc, local, c.result());
    }
}
