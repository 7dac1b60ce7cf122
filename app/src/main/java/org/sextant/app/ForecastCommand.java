package org.sextant.app;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.forecast.ForecastService.SymbolForecast;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.forecast.RewardRisk;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.forecast.store.StoredForecast;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.core.type.TypeReference;

/**
 * `sextant forecast SYMBOL... [--model M] [--backtest]`: starts the forecast job (start_forecast),
 * prints its progress until it ends, then each symbol's week-aligned forecast with its
 * conformal bands, their walk-forward coverage and reward/risk, and with --backtest the
 * walk-forward errors. Ctrl-C cancels the job.
 */
@Command(name = "forecast", mixinStandardHelpOptions = true,
        description = "Forecast symbols with calibrated quantile bands (80/95/99), their coverage and reward/risk, as a background job; "
                + "--backtest adds walk-forward errors from monthly origins. Everything is stored for the chart.")
final class ForecastCommand extends HomeCommand {
    @Parameters(arity = "1..*", paramLabel = "SYMBOL") List<String> symbols;
    @Option(names = "--model", description = "naive, drift, theta, ets, comb_et, global (after sextant train-global), ... (default theta)") String model;
    @Option(names = "--horizon", description = "business days ahead (default 20)") Integer horizon;
    @Option(names = "--backtest", description = "also run the walk-forward backtest (monthly origins over the last 40%)") boolean backtest;

    @Override
    public Integer call() throws Exception {
        Map<String, SymbolForecast> result = runJob("start_forecast", new CallArguments().put("symbols", symbols).putGiven("model", model)
                .putGiven("horizon", horizon).put("backtest", backtest), "forecast", new TypeReference<LinkedHashMap<String, SymbolForecast>>() {});
        if (result == null) return 1;
        StringBuilder sb = new StringBuilder();
        for (SymbolForecast one : result.values()) print(sb, one);
        System.out.print(sb);
        return 0;
    }

    static void print(StringBuilder sb, SymbolForecast one) {
        PriceForecast f = one.forecast();
        List<LocalDate> dates = f.targetDates();
        int last = dates.size() - 1;
        sb.append(String.format("%s %s from %s (last %.4g) to %s, %d business days, %s bands%n", f.symbol(),
                f.model(), f.origin(), f.lastClose(), dates.get(last), dates.size(), f.calibration()));
        if (f.calendar() != null) sb.append("  days: ").append(f.calendar()).append('\n');
        sb.append(String.format("  median %.4g", f.forecast().median()[last]));
        for (QuantileBand b : f.forecast().bands()) {
            sb.append(String.format("; %.0f%% %.4g..%.4g", 100 * b.level(), b.lower()[last], b.upper()[last]));
        }
        sb.append("\n  reward/risk");
        // an unbounded ratio (the lower band stays above the last close) is "no downside", as the JSON answer writes it
        for (RewardRisk rr : f.rewardRisk()) {
            sb.append(Double.isFinite(rr.ratio()) ? String.format(" %.0f%%: %.2f", 100 * rr.level(), rr.ratio())
                    : String.format(" %.0f%%: no downside", 100 * rr.level()));
        }
        if (f.coverage() != null && !f.coverage().isEmpty()) {
            sb.append("\n  walk-forward coverage");
            for (StoredForecast.LevelCoverage c : f.coverage()) {
                sb.append(c.empirical() != null ? String.format(" %.0f%%: %.1f", 100 * c.level(), 100 * c.empirical())
                        : String.format(" %.0f%%: n/a", 100 * c.level()));
            }
            sb.append(String.format(" (%d origins)", f.coverage().get(0).origins()));
        }
        if (f.calibrationNote() != null) sb.append("\n  note: ").append(f.calibrationNote());
        sb.append('\n');
        WalkForwardBacktest.Result r = one.backtest();
        if (r != null) {
            sb.append(String.format("  backtest: %d monthly origins, mean absolute log error %.2f%%%n", r.origins(), 100 * r.male()));
            for (int i = 0; i < r.levels().length; i++) {
                sb.append(String.format("  coverage %.0f%%: model %s, conformal %s, adaptive %s%n", 100 * r.levels()[i],
                        pct(r.coverage(), i), pct(r.conformalCoverage(), i), pct(r.adaptiveCoverage(), i)));
            }
        }
    }

    /** The i-th coverage in percent; n/a where the backtest has none (too few origins to calibrate). */
    private static String pct(double[] coverage, int i) {
        return coverage != null && i < coverage.length && Double.isFinite(coverage[i]) ? String.format("%.1f", 100 * coverage[i]) : "n/a";
    }
}
