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
        List<LocalDateTime> targets = SessionCalendar.barsAfter(session, interval, last.ts(), f.forecast().horizon());
        List<String> utc = new ArrayList<>(), local = new ArrayList<>();
        List<java.time.LocalDate> days = new ArrayList<>();
        for (LocalDateTime t : targets) {
            utc.add(t + "Z");
            local.add(session.onClock(t));
            days.add(SessionCalendar.tradingDay(session, t));
        }
        PriceForecast onDays = new PriceForecast(f.symbol(), f.model(), last.date(), f.lastClose(), days,
                "trading days of the " + bars.session() + " session", f.forecast(), f.rewardRisk(),
                f.calibration(), f.coverage(), f.calibrationNote());
        return new BarForecast(bars.symbol(), bars.interval(), bars.session(), session.zone().getId(), bars.barsPerYear(),
                last.ts() + "Z", session.onClock(last.ts()), utc, local, onDays);
    }

    /** The bars' closes as a series dated by trading day (days repeat for intraday bars): what the models fit. */
    static PriceSeries closesOf(BarSeries bars) {
        List<PriceBar> closes = new ArrayList<>(bars.size());
        for (IntervalBar b : bars.bars()) closes.add(new PriceBar(b.date(), null, null, null, b.close(), null, null));
        return PriceSeries.of(bars.symbol(), null, null, closes);
    }
}
