package org.sextant.engine.forecast;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.data.PriceBar;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.data.SessionCalendar;
import org.sextant.engine.data.TradingSession;
import org.sextant.engine.forecast.store.StoredForecast;

/**
 * A live forecast of a symbol's bars at an interval other than its daily prices: the model fitted
 * to the bars' closes with the horizon in bars, and each target bar's open time along the session's
 * calendar, in UTC and on the session's clock. {@code forecast} is the daily answer's shape, its
 * origin and target dates being the trading days of the last and the target bars.
 */
public record BarForecast(String symbol, String interval, String session, String zone, double barsPerYear,
                          String originTs, String originTsLocal, List<String> targetTs, List<String> targetTsLocal, PriceForecast forecast) {

    static BarForecast of(ForecastModels models, BarSeries bars, String model, int horizon, double[] levels, BandCalibration calibration) {
        PriceForecast f = PriceForecast.calibrated(models, closesOf(bars), model, horizon, levels, calibration);
        TradingSession session = TradingSession.of(bars.session());
        BarInterval interval = BarInterval.of("interval", bars.interval());
        IntervalBar last = bars.bars().get(bars.size() - 1);
        List<LocalDateTime> targets = barsAfter(bars, session, last, last.ts(), f.forecast().horizon());
        return along(bars, session, last, targets, days -> new PriceForecast(f.symbol(), f.model(), last.date(), f.lastClose(), days,
                "trading days of the " + bars.session() + " session", horizonBars(bars), f.forecast(), f.rewardRisk(),
                f.calibration(), f.coverage(), f.calibrationNote()));
    }

    /** What the horizon of a forecast of {@code bars} counts: "30m bars of the fx session". */
    private static String horizonBars(BarSeries bars) {
        return bars.interval() + " bars of the " + bars.session() + " session";
    }

    /** The forecast from bar {@code last} over {@code targets}, named in UTC and on the session's clock; {@code onDays} dates it by their trading days. */
    private static BarForecast along(BarSeries bars, TradingSession session, IntervalBar last, List<LocalDateTime> targets,
                                     java.util.function.Function<List<java.time.LocalDate>, PriceForecast> onDays) {
        List<String> utc = new ArrayList<>(), local = new ArrayList<>();
        List<java.time.LocalDate> days = new ArrayList<>();
        boolean calendar = bars.interval().equals(BarInterval.W1.label) || bars.interval().equals(BarInterval.MO1.label);
        for (LocalDateTime t : targets) {
            utc.add(t + "Z");
            local.add(session.onClock(t));
            // a week or month bar is dated by its first trading day, as resample_bars dates it (not a Sunday 1st)
            days.add(calendar ? SessionCalendar.firstSessionDay(session, SessionCalendar.tradingDay(session, t)) : SessionCalendar.tradingDay(session, t));
        }
        return new BarForecast(bars.symbol(), bars.interval(), bars.session(), session.zone().getId(), bars.barsPerYear(),
                last.ts() + "Z", session.onClock(last.ts()), utc, local, onDays.apply(days));
    }

    /**
     * A walk-forward origin of the bars as a forecast: {@code row} fitted the bars up to its
     * {@code historyRows}, so its origin is that bar and its targets are the bars that followed
     * (along the session's calendar past the last one).
     */
    static BarForecast backtestOrigin(BarSeries bars, StoredForecast row) {
        TradingSession session = TradingSession.of(bars.session());
        int origin = row.historyRows() - 1;
        IntervalBar last = bars.bars().get(origin);
        int h = row.horizon();
        List<LocalDateTime> targets = new ArrayList<>();
        for (int i = origin + 1; i < bars.size() && targets.size() < h; i++) targets.add(bars.bars().get(i).ts());
        if (targets.size() < h) {
            LocalDateTime from = targets.isEmpty() ? last.ts() : targets.get(targets.size() - 1);
            targets.addAll(barsAfter(bars, session, targets.isEmpty() ? last : null, from, h - targets.size()));
        }
        return along(bars, session, last, targets, days -> new PriceForecast(bars.symbol(), row.model(), last.date(), row.lastClose(), days,
                "trading days of the " + bars.session() + " session", horizonBars(bars), row.forecast(), List.of(), row.calibration(), List.of(), null));
    }

    /**
     * The open times of {@code count} bars after the one opening at {@code fromTs} ({@code fromBar}
     * when it is a bar of the series, else null): intraday and daily bars step along the session,
     * week and month bars along the calendar as resample_bars buckets them.
     */
    private static List<LocalDateTime> barsAfter(BarSeries bars, TradingSession session, IntervalBar fromBar, LocalDateTime fromTs, int count) {
        BarInterval interval = BarInterval.of("interval", bars.interval());
        if (interval != BarInterval.W1 && interval != BarInterval.MO1) return SessionCalendar.barsAfter(session, interval, fromTs, count);
        java.time.LocalDate day = fromBar != null ? fromBar.date() : SessionCalendar.tradingDay(session, fromTs);
        return SessionCalendar.calendarBarsAfter(session, interval, day, count);
    }

    /** The bars' closes as a series dated by trading day (days repeat for intraday bars): what the models fit. */
    static PriceSeries closesOf(BarSeries bars) {
        List<PriceBar> closes = new ArrayList<>(bars.size());
        for (IntervalBar b : bars.bars()) closes.add(new PriceBar(b.date(), null, null, null, b.close(), null, null));
        return PriceSeries.of(bars.symbol(), null, null, closes);
    }
}
