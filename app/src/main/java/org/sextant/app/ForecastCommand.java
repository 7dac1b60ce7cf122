package org.sextant.app;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.BarBacktestError;
import org.sextant.engine.forecast.BarForecast;
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
 * `sextant forecast SYMBOL... [--model M] [--backtest] [--as-of DAY]`: starts the forecast job (start_forecast),
 * prints its progress until it ends, then each symbol's week-aligned forecast with its
 * conformal bands, their walk-forward coverage and reward/risk (from the last completed week's close, as the job), and with --backtest the
 * walk-forward errors; with --as-of, from the week on or before that day, beside the closes stored after it. Ctrl-C cancels the job. With {@code --interval} it forecasts the bars at
 * that interval instead (get_forecast and get_backtest_error: reads, nothing stored), the
 * horizon counting bars; a symbol with bars only is forecast so at its finest stored interval.
 */
@Command(name = "forecast", mixinStandardHelpOptions = true,
        description = {"Forecast symbols with calibrated quantile bands.",
                "Bands at 80/95/99%% with their coverage and reward/risk, as a background job; --backtest adds walk-forward errors "
                        + "from monthly origins. Everything is stored for the chart. "
                        + "The forecast starts from the last close of the last completed week (as jobs and scans); --interval 1d starts from the last close. "
                        + "With --as-of, the forecast starts from the week on or before that day (stored under that start: the chart keeps the latest) "
                        + "and is shown beside the closes that followed. "
                        + "With --interval, the bars at that interval are forecast instead (horizon in bars; nothing stored)."})
final class ForecastCommand extends HomeCommand {
    @Parameters(arity = "1..*", paramLabel = "SYMBOL", description = "symbols to forecast, e.g. IBM KO") List<String> symbols;
    @Option(names = "--model", description = "naive, drift, theta, ets, comb_et, global (after sextant train-global), ... (default theta)") String model;
    @Option(names = "--horizon", description = "how far ahead, in " + org.sextant.contract.Bounds.HORIZON_UNIT + ", or bars with --interval (default 20)") Integer horizon;
    @Option(names = "--interval", description = "forecast the bars at this interval: 30m, 1h, 4h, 1d, 1w, 1mo (stored ones and coarser), "
            + "e.g. the USD/CHF sample at 30m, from the last bar (1d: from the last close, as get_forecast); a symbol with bars only is forecast at its finest by default") String interval;
    @Option(names = "--backtest", description = "also run the walk-forward backtest (monthly origins over the last 40%%)") boolean backtest;
    @Option(names = "--origins", description = "with --interval and --backtest: monthly (default), weekly or a number of bars between origins") String origins;
    @Option(names = "--eval-fraction", description = "with --interval and --backtest: share of the bars evaluated, at their end (default 0.4)") Double evalFraction;
    @Option(names = "--as-of", description = "forecast as if on this day (yyyy-MM-dd, within the stored days), from the last completed week on or before it, "
            + "and show the closes stored after it beside the bands, e.g. 2000-06-30") LocalDate asOf;

    @Override
    public Integer call() throws Exception {
        if ((origins != null || evalFraction != null) && !backtest) {
            throw SextantException.invalid(origins != null ? "--origins" : "--eval-fraction", "--origins and --eval-fraction set the bar backtest", "add --backtest");
        }
        if (asOf != null && interval != null) {
            throw SextantException.invalid("--as-of", "--as-of forecasts the daily closes of a past week", "leave out --interval, or --as-of to forecast the bars");
        }
        if (interval != null) return bars(symbols.stream().map(s -> Map.entry(s, interval)).toList());
        // a symbol with bars only (the USD/CHF sample) has no daily prices for the job: its finest bars instead
        Map<String, String> barsOnly = new java.util.HashMap<>();
        Map<String, LocalDate> lastDates = new java.util.HashMap<>();
        listed(barsOnly, lastDates);
        List<String> daily = symbols.stream().filter(s -> !barsOnly.containsKey(s.strip().toUpperCase(java.util.Locale.ROOT))).toList();
        if (!daily.isEmpty() && (origins != null || evalFraction != null)) {
            throw SextantException.invalid(origins != null ? "--origins" : "--eval-fraction", "the daily backtest job of " + daily.get(0)
                    + " takes monthly origins over the last 40%", "give --interval 1d to set them on its daily bars, or leave them out");
        }
        if (asOf != null && daily.size() < symbols.size()) {
            String withBars = symbols.stream().filter(s -> !daily.contains(s)).findFirst().orElseThrow();
            throw SextantException.invalid("--as-of", withBars + " has bars only, and --as-of forecasts daily closes", "leave out --as-of, or that symbol");
        }
        if (!daily.isEmpty()) {
            Map<String, SymbolForecast> result = runJob("start_forecast", new CallArguments().put("symbols", "SYMBOL", daily).putGiven("model", "--model", model)
                    .putGiven("horizon", "--horizon", horizon).put("backtest", backtest).putGiven("as_of", "--as-of", asOf == null ? null : asOf.toString()),
                    "forecast", new TypeReference<LinkedHashMap<String, SymbolForecast>>() {});
            if (result == null) return 1;
            StringBuilder sb = new StringBuilder();
            for (SymbolForecast one : result.values()) {
                print(sb, one);
                if (asOf == null) sb.append(leftOut(one.forecast().origin(), lastDates.get(one.forecast().symbol())));
            }
            System.out.print(sb);
        }
        List<Map.Entry<String, String>> rest = symbols.stream().filter(s -> !daily.contains(s))
                .map(s -> Map.entry(s, barsOnly.get(s.strip().toUpperCase(java.util.Locale.ROOT)))).toList();
        return rest.isEmpty() ? 0 : bars(rest);
    }

    /** Per named symbol its last stored day ({@code lastDates}), and if it has bars but no daily prices its finest stored interval ({@code barsOnly}). */
    private void listed(Map<String, String> barsOnly, Map<String, LocalDate> lastDates) {
        for (String named : symbols) {
            String symbol = named.strip().toUpperCase(java.util.Locale.ROOT);
            // no stored symbol is blank or longer: the forecast refuses it, naming it
            if (symbol.isEmpty() || symbol.length() > org.sextant.contract.Bounds.MAX_SYMBOL_CHARS) continue;
            tools.jackson.databind.JsonNode s = listing(symbol);
            if (s == null) continue;
            if (s.path("last_date").isString()) lastDates.put(symbol, LocalDate.parse(s.path("last_date").asString()));
            List<String> stored = new java.util.ArrayList<>();
            s.path("intervals").forEach(i -> stored.add(i.asString()));
            String finest = org.sextant.engine.data.BarReader.barsOnlyFinest(stored);
            if (finest != null) barsOnly.put(symbol, finest);
        }
    }

    /** {@code symbol}'s entry of list_symbols, or null: the pages of the symbols holding it, until it is found. */
    private tools.jackson.databind.JsonNode listing(String symbol) {
        Integer offset = 0;
        while (offset != null) {
            tools.jackson.databind.JsonNode page = callEngine("list_symbols", new CallArguments().put("query", symbol)
                    .put("limit", org.sextant.contract.Bounds.MAX_SYMBOL_LIST).put("offset", offset));
            for (tools.jackson.databind.JsonNode s : page.path("symbols")) {
                if (s.path("symbol").asString().equals(symbol)) return s;
            }
            offset = page.path("truncated").asBoolean() ? page.path("next_offset").asInt() : null;
        }
        return null;
    }

    /**
     * The line saying that closes after the forecast's start were left out (a forecast job starts from the last completed
     * week, docs/forecast.md): a person whose data ends on a Wednesday otherwise reads last Friday's start as stale data, or
     * as a bug beside get_forecast's answer, which starts from the last close; --interval 1d is that answer.
     */
    static String leftOut(LocalDate origin, LocalDate last) {
        if (origin == null || last == null || !last.isAfter(origin)) return "";
        return "  starts from " + origin + ", the last close of the last completed week (as every forecast job and scan): the closes after it (to "
                + last + ") are used once their week ends; --interval 1d forecasts from the last close, as get_forecast does (not stored)\n";
    }

    /** Each symbol's forecast of its bars at its interval, and with --backtest its walk-forward errors: reads. */
    private int bars(List<Map.Entry<String, String>> symbolAtInterval) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : symbolAtInterval) {
            String symbol = e.getKey(), interval = e.getValue();
            CallArguments args = new CallArguments().put("symbol", "SYMBOL", symbol).putGiven("model", "--model", model).putGiven("horizon", "--horizon", horizon)
                    .put("interval", "--interval", interval);
            // the backtest first: an over-large one is refused at once (naming --eval-fraction, --horizon or --model), before the forecast's fits
            tools.jackson.databind.JsonNode errors = backtest ? callEngine("get_backtest_error", new CallArguments().put("symbol", "SYMBOL", symbol)
                    .putGiven("model", "--model", model).putGiven("horizon", "--horizon", horizon).put("interval", "--interval", interval)
                    .putGiven("origins", "--origins", origins).putGiven("eval_fraction", "--eval-fraction", evalFraction)) : null;
            tools.jackson.databind.JsonNode answer = callEngine("get_forecast", args);
            if (answer.has("origin_ts")) {
                printBars(sb, Json.MAPPER.treeToValue(answer, BarForecast.class));
            } else { // a symbol with daily prices at 1d: the daily answer
                print(sb, new SymbolForecast(Json.MAPPER.treeToValue(answer, PriceForecast.class), null));
            }
            if (errors != null) printBacktest(sb, errors, interval, origins);
        }
        System.out.print(sb);
        return 0;
    }

    static void printBars(StringBuilder sb, BarForecast b) {
        PriceForecast f = b.forecast();
        int n = b.targetTs().size();
        sb.append(String.format("%s %s at %s from %s (last %s) to %s, %d bars of the %s session, %s bands%n", b.symbol(), asked(f.model()),
                b.interval(), b.originTsLocal(), price(f.lastClose()), b.targetTsLocal().get(n - 1), n, b.session(), f.calibration()));
        body(sb, f);
    }

    /**
     * get_backtest_error's answer: the daily one, or with bar origins named by their open time. {@code originRule} is --origins
     * as typed (null: monthly); the daily answer once said "monthly origins" whatever rule had placed them.
     */
    static void printBacktest(StringBuilder sb, tools.jackson.databind.JsonNode answer, String interval, String originRule) {
        if (answer.has("origin_ts_local")) {
            BarBacktestError e = Json.MAPPER.treeToValue(answer, BarBacktestError.class);
            List<String> o = e.originTsLocal();
            sb.append(String.format("  backtest at %s: %d origins from %s to %s", e.interval(), e.result().origins(), o.get(0), o.get(o.size() - 1)));
            results(sb, e.result(), false);
        } else {
            WalkForwardBacktest.Result r = Json.MAPPER.treeToValue(answer, WalkForwardBacktest.Result.class);
            sb.append(String.format("  backtest at %s: %d %s", interval, r.origins(), originsWord(originRule)));
            results(sb, r, false);
        }
    }

    /** How --origins placed the origins: "monthly origins", "weekly origins", "origins every 7 bars". */
    private static String originsWord(String originRule) {
        String rule = originRule == null ? "monthly" : originRule.strip().toLowerCase(java.util.Locale.ROOT);
        return rule.matches("\\d+") ? "origins every " + rule + " bars" : rule + " origins";
    }

    static void print(StringBuilder sb, SymbolForecast one) {
        PriceForecast f = one.forecast();
        List<LocalDate> dates = f.targetDates();
        int last = dates.size() - 1;
        // a forecast answered before its days were said counted business days
        sb.append(String.format("%s %s from %s (last %s) to %s, %d %s, %s bands%n", f.symbol(), asked(f.model()), f.origin(), price(f.lastClose()),
                dates.get(last), dates.size(), f.horizonDays() == null ? "business days" : f.horizonDays(), f.calibration()));
        body(sb, f);
        WalkForwardBacktest.Result r = one.backtest();
        if (r != null) {
            sb.append(String.format("  backtest: %d monthly origins", r.origins()));
            results(sb, r, true);
        }
        if (one.dataWarning() != null) sb.append("  warning: ").append(one.dataWarning()).append('\n'); // get_forecast's, for the job's symbol
        if (one.realised() != null) RealisedText.print(sb, f, one.realised());
    }

    /** The last step's median and bands, reward/risk, coverage and the note: the same for days and bars. */
    private static void body(StringBuilder sb, PriceForecast f) {
        int last = f.forecast().median().length - 1;
        if (f.calendar() != null) sb.append("  days: ").append(f.calendar()).append('\n');
        sb.append("  median ").append(price(f.forecast().median()[last], f.lastClose()));
        for (QuantileBand b : f.forecast().bands()) {
            sb.append(String.format("; %.0f%% %s..%s", 100 * b.level(), price(b.lower()[last], f.lastClose()), price(b.upper()[last], f.lastClose())));
        }
        sb.append("\n  reward/risk");
        // an unbounded ratio (the lower band stays above the last close) is "no downside", a band
        // at the last close (neither upside nor downside) "no spread", as the JSON answer's note says
        for (RewardRisk rr : f.rewardRisk()) {
            sb.append(Double.isFinite(rr.ratio()) ? String.format(" %.0f%%: %.2f", 100 * rr.level(), rr.ratio())
                    : String.format(" %.0f%%: %s", 100 * rr.level(), rr.noSpread() ? "no spread" : "no downside"));
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
    }

    /**
     * A price in plain decimals: 5 significant digits at its own size, 2 decimals at least: 14203.25, 1.7429, 0.0012346. %.4g
     * printed a DAX future's 14,203.25 as 1.420e+04, and its bands 1.410e+04..1.429e+04.
     */
    static String price(double p) {
        return price(p, p);
    }

    /**
     * A price with the decimals of prices around {@code level} (the last close): 5 significant digits there, as the chart's
     * readout shows them, so USD/CHF keeps its pip (1.7429; 4 digits printed 1.743) and an IBM band below 100 keeps IBM's 2.
     */
    static String price(double p, double level) {
        if (!Double.isFinite(p)) return String.valueOf(p);
        if (!Double.isFinite(level) || level == 0) return String.format(java.util.Locale.ROOT, "%.2f", p);
        // digits before the point once rounded to 5 significant ones: 9.999999 is 10.000, not 10.0000
        java.math.BigDecimal rounded = new java.math.BigDecimal(level).round(new java.math.MathContext(5));
        int integerDigits = rounded.precision() - rounded.scale();
        int decimals = Math.min(12, Math.max(2, 5 - integerDigits));
        return String.format(java.util.Locale.ROOT, "%." + decimals + "f", p);
    }

    /** The model as the person asks for it: a price forecast fits "theta" on log prices and names it "log_theta". */
    static String asked(String fitted) {
        return fitted != null && fitted.startsWith("log_") ? fitted.substring(4) + " (on log prices)" : fitted;
    }

    /**
     * A walk-forward's mean absolute log error and coverage per level, after its headline, then what they do not say on their own
     * (few origins, unscored steps) with the options that fix it: 4 monthly origins printed a coverage of 70% as if it were a measure.
     * {@code job}: the daily forecast job's backtest, whose origins only --interval 1d can set.
     */
    private static void results(StringBuilder sb, WalkForwardBacktest.Result r, boolean job) {
        sb.append(String.format(", mean absolute log error %.2f%%%n", 100 * r.male()));
        for (int i = 0; i < r.levels().length; i++) {
            sb.append(String.format("  coverage %.0f%%: model %s, conformal %s, adaptive %s%n", 100 * r.levels()[i],
                    pct(r.coverage(), i), pct(r.conformalCoverage(), i), pct(r.adaptiveCoverage(), i)));
        }
        String options = job ? " (with --interval 1d)" : "";
        int h = r.malePerStep().length, scored = r.scoredSteps();
        if (scored < h) {
            sb.append(String.format("  note: only steps 1..%d of the horizon %d have a score (an origin is scored up to the last close): "
                    + "the error and coverage average those steps; --horizon %d or a larger --eval-fraction%s scores every step%n", scored, h, scored, options));
        }
        if (r.origins() < WalkForwardBacktest.Result.FEW_ORIGINS) {
            sb.append(String.format("  note: only %d origin(s) scored: the error and coverage rest on few forecasts; "
                    + "--origins weekly or a larger --eval-fraction%s give more%n", r.origins(), options));
        }
    }

    /** The i-th coverage in percent; n/a where the backtest has none (too few origins to calibrate). */
    private static String pct(double[] coverage, int i) {
        return coverage != null && i < coverage.length && Double.isFinite(coverage[i]) ? String.format("%.1f", 100 * coverage[i]) : "n/a";
    }
}
