package org.sextant.engine.forecast;

import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * A forecast of a symbol's prices: the model fitted to log adjusted closes (closes where no
 * adjusted close exists), target dates on the series' business-day calendar, and reward/risk
 * at the last step for every level. This is what the facade returns for "forecast SYMBOL".
 */
public record PriceForecast(String symbol, String model, LocalDate origin, double lastClose, List<LocalDate> targetDates,
                            Forecast forecast, List<RewardRisk> rewardRisk) {

    /** Daily prices have no season for these models: period 1. */
    public static PriceForecast of(PriceSeries prices, String model, int horizon, double[] levels) {
        if (prices == null || prices.size() == 0) {
            throw SextantException.invalid("symbol", "no prices for the symbol", "import or fetch prices first");
        }
        double[] y = prices.adjClose() != null && prices.adjClose().length == prices.size() ? prices.adjClose() : prices.close();
        Forecast f = ForecastModels.forPrices(model).forecast(y, 1, horizon, levels);
        double last = y[y.length - 1];
        List<RewardRisk> rr = new ArrayList<>();
        for (double l : levels) rr.add(RewardRisk.of(f, last, l, horizon));
        List<LocalDate> dates = prices.dates();
        return new PriceForecast(prices.symbol(), f.model(), dates.get(dates.size() - 1), last, TargetDates.after(dates, horizon), f, rr);
    }
}
