package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.random.RandomGenerator;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.exchange.ImportBudget;
import org.sextant.engine.exchange.JobOutput;
import org.sextant.engine.forecast.store.StoredForecast;

/**
 * How an import of a scale-out forecast backtest checks that each row is what the app's kernel makes of the store's
 * closes (docs/scale-out.md, attack 24 H1: a row's errors and coverage rewritten, every shape check still holding, was
 * stored as the chart's verdict). Every row's figures are recounted from its own forecasts ({@link BacktestRecount});
 * then, when the whole import's backtests are estimated ({@link BacktestCost}) at most {@code budgetSeconds}, each is
 * run again ({@link ForecastBacktestRun#run}) and must come out as written, every figure and every origin's three
 * forecasts; else at each symbol the model is to be fitted again at the origins whose errors sit furthest below and above
 * what the store's closes make of them ({@link BacktestStandIn}: a few origins forged either way), its {@code best} origins
 * with the smallest errors (what makes a verdict look good) and {@code random} others drawn by {@code chance}, which the writer cannot predict, as far as
 * {@code budgetSeconds} of estimated fits reach: every symbol's first, in an order drawn by {@code chance}, then every
 * symbol's second, and so on (5,000 symbols are not 25,000 fits).
 */
public record BacktestReplay(double budgetSeconds, int best, int random, RandomGenerator chance) {
    /** An import's check: within {@link ImportBudget#SECONDS} of fits, a drift or theta backtest of hundreds of symbols run again whole. */
    public static BacktestReplay standard() {
        return new BacktestReplay(ImportBudget.SECONDS, 2, 3, ImportBudget.chance());
    }

    /** Neither recount nor fit: the import's cost without them (benchmarks). */
    public static final BacktestReplay NONE = new BacktestReplay(-1, 0, 0, null);

    /** One job row to check: its backtest and where its row is (file, symbol). */
    public record Row(ForecastBacktestRun.Computed job, String where) {}

    /** A row with the store's closes it read (their digest checked): read again for each pass, not held for the whole import. */
    private record Held(ForecastBacktestRun.Computed job, PriceSeries closes, String where) {}

    /** An import's rows, read again for each pass (never all held): every row to {@code each}, in the same order each time. */
    @FunctionalInterface
    public interface Rows {
        void each(java.util.function.Consumer<Row> each);
    }

    /** What the first pass keeps of a row for the fits after it: its model, first scored origin and the origins to fit again, first things first. */
    private record Seen(String model, int firstOrigin, int[] chosen) {}

    /** What a check fitted again: {@code fitted} of the rows' {@code origins} scored origins. */
    public record Replayed(int fitted, int origins) {}

    /**
     * Checks {@code rows}, each against the store's closes {@code closes} gives for it (the ones it read), refusing the whole output at
     * the first that is not the kernel's; how many of their origins were fitted again.
     */
    public Replayed check(ForecastModels models, List<Row> rows, java.util.function.Function<ForecastBacktestRun.Computed, PriceSeries> closes) {
        return check(models, (Rows) rows::forEach, closes);
    }

    /**
     * As above, {@code rows} read in passes: the first recounts every row and estimates its run, keeping a few numbers of
     * each; a second runs every row again when they all fit the budget, else fits again the origins the budget reaches.
     */
    public Replayed check(ForecastModels models, Rows rows, java.util.function.Function<ForecastBacktestRun.Computed, PriceSeries> closes) {
        if (budgetSeconds < 0) return new Replayed(0, 0);
        List<Seen> seen = new ArrayList<>();
        double[] estimated = {0};
        int[] origins = {0};
        rows.each(row -> {
            Held r = new Held(row.job(), closes.apply(row.job()), row.where());
            BacktestRecount.Recount c = BacktestRecount.of(r.job(), r.closes());
            if (c.problem() != null) throw corrupt(r, c.column(), c.problem() + " (recounted here)");
            origins[0] += c.origins().length;
            estimated[0] += estimatedSeconds(models, r);
            double[] gaps = BacktestStandIn.gaps(PriceForecast.closes(r.closes()), c.origins(), c.originErrors(), r.job().horizon());
            seen.add(new Seen(r.job().model().intern(), c.origins()[0], chosen(c.originErrors(), gaps).stream().mapToInt(k -> c.origins()[k]).toArray()));
        });
        int[] fitted = {0}, at = {0};
        if (estimated[0] <= budgetSeconds) {
            rows.each(row -> fitted[0] += again(models, new Held(row.job(), closes.apply(row.job()), row.where()), seen.get(at[0]++).firstOrigin()));
        } else {
            List<List<Integer>> reached = within(seen);
            if (reached.stream().anyMatch(o -> !o.isEmpty())) {
                rows.each(row -> {
                    List<Integer> o = reached.get(at[0]++);
                    if (!o.isEmpty()) fitted[0] += sample(models, new Held(row.job(), closes.apply(row.job()), row.where()), o);
                });
            }
        }
        return new Replayed(fitted[0], origins[0]);
    }

    /**
     * Of each row's {@code chosen} origins, those the budget's estimated fits reach, taken in rounds over the rows in an order
     * drawn by {@code chance}: every row's first (its origin furthest from the stand-in), then every row's second, and so on, until the next
     * fit would pass the budget. A row is reached in the first round or not at all, each with the same chance.
     */
    private List<List<Integer>> within(List<Seen> rows) {
        List<Integer> order = new ArrayList<>();
        List<List<Integer>> reached = new ArrayList<>();
        int rounds = 0;
        for (int i = 0; i < rows.size(); i++) {
            order.add(i);
            reached.add(new ArrayList<>());
            rounds = Math.max(rounds, rows.get(i).chosen().length);
        }
        for (int i = order.size() - 1; i > 0; i--) java.util.Collections.swap(order, i, chance.nextInt(i + 1));
        double spent = 0;
        for (int round = 0; round < rounds; round++) {
            for (int i : order) {
                int[] chosen = rows.get(i).chosen();
                if (round >= chosen.length) continue;
                int o = chosen[round];
                BacktestCost.CostClass cost = BacktestCost.costClass(rows.get(i).model());
                spent += cost == null ? Double.POSITIVE_INFINITY : cost.seconds(1, o);
                if (spent > budgetSeconds) return reached;
                reached.get(i).add(o);
            }
        }
        return reached;
    }

    /** Estimated seconds of running the row's backtest again; infinite when it cannot be estimated. */
    private static double estimatedSeconds(ForecastModels models, Held r) {
        try {
            return BacktestCost.estimatedSeconds(models, r.closes(), r.job().model(), r.job().horizon(), BacktestRecount.rule(r.job()), null);
        } catch (SextantException | IllegalArgumentException cannot) {
            return Double.POSITIVE_INFINITY;
        }
    }

    /** The row's backtest run again from the store's closes with its first origin: refused unless it comes out as written; its origins. */
    private static int again(ForecastModels models, Held r, int firstOrigin) {
        ForecastBacktestRun.Computed job = r.job(), here;
        try {
            here = ForecastBacktestRun.run(models, r.closes(), job.model(), job.horizon(), BacktestRecount.rule(job), null, r.closes().dates().get(firstOrigin),
                    job.result().levels(), null);
        } catch (SextantException refused) { // the model refuses these closes here: the job could not have computed it
            throw corrupt(r, "result_json", "is not a backtest the app's kernel computes of the store's closes (run again here, it refuses them)");
        }
        String wrong = resultDiffers(job.result(), here.result());
        if (wrong != null) throw corrupt(r, "result_json", "is not what the app's kernel computes of the store's closes (run again here, its " + wrong + " differs)");
        if (job.rows().size() != here.rows().size()) throw corrupt(r, "forecasts_json", "holds " + job.rows().size() + " forecasts where the app's kernel makes "
                + here.rows().size() + " of the store's closes (run again here)");
        for (int i = 0; i < job.rows().size(); i++) {
            StoredForecast a = job.rows().get(i), b = here.rows().get(i);
            if (!a.calibration().equals(b.calibration()) || a.historyRows() != b.historyRows() || !sameForecast(a.forecast(), b.forecast())) {
                throw corrupt(r, "forecasts_json", "holds a " + a.calibration() + " forecast from " + a.origin()
                        + " that is not the one the app's kernel makes of the store's closes (run again here)");
            }
        }
        return here.result().origins();
    }

    /** The model fitted again from the row's closes before each of {@code origins}; refused at one that differs; how many. */
    private static int sample(ForecastModels models, Held r, List<Integer> origins) {
        ForecastBacktestRun.Computed job = r.job();
        double[] y = PriceForecast.closes(r.closes());
        Forecaster model = models.forPrices(job.model());
        for (int o : origins) {
            StoredForecast own = job.rows().stream()
                    .filter(f -> f.historyRows() == o && f.calibration().equals(BandCalibration.MODEL.wire())).findFirst().orElseThrow();
            Forecast again;
            try {
                again = model.forecast(Arrays.copyOf(y, o), 1, job.horizon(), job.result().levels());
            } catch (SextantException refused) {
                again = null;
            }
            if (again == null || !sameForecast(own.forecast(), again)) {
                throw corrupt(r, "forecasts_json", "holds a model forecast from " + own.origin() + " that is not the one model " + job.model()
                        + " makes of the store's closes up to it (fitted again here)");
            }
        }
        return origins.size();
    }

    /**
     * Indices of the origins to fit again, first things first: the ones whose errors sit furthest below and above the store's
     * stand-in ({@code gaps}, {@link BacktestStandIn}), the further first, then the {@code best} smallest errors, smallest first,
     * then {@code random} others. Without a gap that can be told, the {@code best} and {@code random} alone.
     */
    List<Integer> chosen(double[] errors, double[] gaps) {
        List<Integer> pick = new ArrayList<>();
        int improved = extreme(gaps, -1), worsened = extreme(gaps, 1);
        if (improved >= 0 && worsened >= 0 && Math.abs(gaps[worsened]) > Math.abs(gaps[improved])) pick.add(worsened);
        if (improved >= 0 && !pick.contains(improved)) pick.add(improved);
        if (worsened >= 0 && !pick.contains(worsened)) pick.add(worsened);
        List<Integer> ranked = new ArrayList<>();
        for (int i = 0; i < errors.length; i++) if (!pick.contains(i)) ranked.add(i);
        ranked.sort(Comparator.comparingDouble(i -> errors[i]));
        int top = Math.min(best, ranked.size());
        pick.addAll(ranked.subList(0, top));
        List<Integer> rest = new ArrayList<>(ranked.subList(top, ranked.size()));
        for (int n = 0; n < random && !rest.isEmpty(); n++) pick.add(rest.remove(chance.nextInt(rest.size())));
        return pick;
    }

    /** The index of the smallest ({@code sign} -1) or largest (+1) gap that can be told, or -1 when none can. */
    private static int extreme(double[] gaps, int sign) {
        int at = -1;
        for (int i = 0; i < gaps.length; i++) if (!Double.isNaN(gaps[i]) && (at < 0 || sign * gaps[i] > sign * gaps[at])) at = i;
        return at;
    }

    /** Which figure of the job's result the kernel's does not reproduce, or null. */
    private static String resultDiffers(WalkForwardBacktest.Result job, WalkForwardBacktest.Result here) {
        if (job.origins() != here.origins()) return "scored origins";
        if (job.calibratedOrigins() != here.calibratedOrigins()) return "calibrated origins";
        if (!ScanReplay.close(job.male(), here.male())) return "male";
        String[] names = {"male_per_step", "coverage", "pinball", "conformal_coverage", "conformal_pinball", "adaptive_coverage"};
        double[][] a = {job.malePerStep(), job.coverage(), job.pinball(), job.conformalCoverage(), job.conformalPinball(), job.adaptiveCoverage()};
        double[][] b = {here.malePerStep(), here.coverage(), here.pinball(), here.conformalCoverage(), here.conformalPinball(), here.adaptiveCoverage()};
        for (int i = 0; i < names.length; i++) if (!sameOrBothNaN(a[i], b[i])) return names[i];
        return null;
    }

    private static boolean sameOrBothNaN(double[] a, double[] b) {
        if (a.length != b.length) return false;
        for (int i = 0; i < a.length; i++) if (!(Double.isNaN(a[i]) ? Double.isNaN(b[i]) : ScanReplay.close(a[i], b[i]))) return false;
        return true;
    }

    /** Whether two forecasts have the same median and bands, to {@link ScanReplay#TOLERANCE}. */
    private static boolean sameForecast(Forecast a, Forecast b) {
        if (!ScanReplay.close(a.median(), b.median()) || a.bands().size() != b.bands().size()) return false;
        for (QuantileBand x : b.bands()) {
            QuantileBand j = a.bands().stream().filter(q -> q.level() == x.level()).findFirst().orElse(null);
            if (j == null || !ScanReplay.close(j.lower(), x.lower()) || !ScanReplay.close(j.upper(), x.upper())) return false;
        }
        return true;
    }

    private static SextantException corrupt(Held r, String column, String what) {
        return JobOutput.corrupt(r.where(), column, what, "forecast-backtest");
    }
}
