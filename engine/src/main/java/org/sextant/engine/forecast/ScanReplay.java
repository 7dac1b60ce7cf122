package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import java.util.random.RandomGenerator;
import org.sextant.engine.exchange.ImportBudget;
import org.sextant.engine.forecast.store.StoredForecast;

/**
 * Which forecasts of a scale-out scan's import are fitted again from the store's closes and must come out as the job
 * wrote them (docs/scale-out.md): all of them when their estimated fits take at most {@code budgetSeconds}, else, at
 * each level, the {@code best} ranked by reward/risk as the files rank them (what a user acts on: a forecast raised to
 * the top), the {@code best} the store's closes rank first and the {@code best} the files rank furthest below where
 * the store's closes rank them ({@link ScanStoreRanks}: the real winner lowered), then {@code random} others drawn by
 * {@code chance}, which the writer of the files cannot predict, and more drawn while their fits fit in the budget.
 */
public record ScanReplay(double budgetSeconds, int best, int random, RandomGenerator chance) {
    /** An import's replay: within {@link ImportBudget#SECONDS} of fits, a whole drift or theta scan of hundreds of symbols. */
    public static ScanReplay standard() {
        return new ScanReplay(ImportBudget.SECONDS, 5, 20, ImportBudget.chance());
    }

    /** No replay: the import's cost without it (benchmarks). */
    public static final ScanReplay NONE = new ScanReplay(0, 0, 0, null);

    /**
     * Largest difference, relative to the value, between a replayed figure and the job's. Java's arithmetic is the same
     * everywhere (strictfp since Java 17), so the same kernel on the same closes gives the same bits on this machine;
     * another machine's Math.log/exp may differ by an ulp (1e-16) which the fit can carry along. 1e-9 leaves it a
     * million-fold room while a changed figure moves what a user reads (a cent on a price of 10,000 is 1e-6 of it).
     */
    static final double TOLERANCE = 1e-9;

    /**
     * Indices of {@code forecasts} to replay, {@code seconds} estimating each one's fits and {@code store} giving each
     * one's reward/risk at every level of {@link ForecastScan#LEVELS} as the store's closes rank it ({@link ScanStoreRanks#ratios}).
     */
    public List<Integer> chosen(List<StoredForecast> forecasts, ToDoubleFunction<StoredForecast> seconds, List<double[]> store) {
        int n = forecasts.size();
        double total = 0;
        for (StoredForecast f : forecasts) total += seconds.applyAsDouble(f);
        TreeSet<Integer> pick = new TreeSet<>();
        if (total <= budgetSeconds) {
            for (int i = 0; i < n; i++) pick.add(i);
            return List.copyOf(pick);
        }
        for (int l = 0; l < ForecastScan.LEVELS.length; l++) {
            double level = ForecastScan.LEVELS[l];
            int at = l;
            int[] byFiles = ranks(n, i -> ratio(forecasts.get(i), level)), byStore = ranks(n, i -> store.get(i)[at]);
            pick.addAll(first(n, best, i -> byFiles[i]));
            pick.addAll(first(n, best, i -> byStore[i]));
            pick.addAll(first(n, best, i -> byStore[i] - byFiles[i])); // the largest fall first (ranks count from 0 at the top)
        }
        List<Integer> rest = new ArrayList<>();
        for (int i = 0; i < n; i++) if (!pick.contains(i)) rest.add(i);
        if (chance == null) return List.copyOf(pick);
        for (int i = rest.size() - 1; i > 0; i--) java.util.Collections.swap(rest, i, chance.nextInt(i + 1));
        double spent = 0;
        for (int i : pick) spent += seconds.applyAsDouble(forecasts.get(i));
        for (int k = 0; k < rest.size(); k++) { // random drawn, then more while the budget lasts: a demotion the ranks miss is caught at that share
            double s = seconds.applyAsDouble(forecasts.get(rest.get(k)));
            if (k >= random && spent + s > budgetSeconds) continue;
            spent += s;
            pick.add(rest.get(k));
        }
        return List.copyOf(pick);
    }

    /** Each index's place when ranked by {@code value}, highest first (0 the top; ties by index). */
    private static int[] ranks(int n, java.util.function.IntToDoubleFunction value) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) order.add(i);
        order.sort(Comparator.comparingDouble((Integer i) -> value.applyAsDouble(i)).reversed().thenComparing(i -> i));
        int[] rank = new int[n];
        for (int r = 0; r < n; r++) rank[order.get(r)] = r;
        return rank;
    }

    /** The {@code count} indices with the smallest {@code key}. */
    private static List<Integer> first(int n, int count, java.util.function.IntUnaryOperator key) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) order.add(i);
        order.sort(Comparator.comparingInt((Integer i) -> key.applyAsInt(i)).thenComparing(i -> i));
        return order.subList(0, Math.min(count, n));
    }

    /** Reward/risk at {@code level} as a scan ranks it: no downside first, no spread last. */
    private static double ratio(StoredForecast f, double level) {
        return ranked(RewardRisk.of(f.forecast(), f.lastClose(), level, f.forecast().horizon()).ratio());
    }

    /** A reward/risk as a scan ranks it: no spread (NaN) last. */
    static double ranked(double ratio) {
        return Double.isNaN(ratio) ? Double.NEGATIVE_INFINITY : ratio;
    }

    /** What of the job's forecast {@code job} the replayed {@code again} does not reproduce, or null when it reproduces all of it. */
    public static String differs(StoredForecast job, PriceForecast again) {
        if (!job.calibration().equals(again.calibration())) return "its calibration";
        if (!job.targetDates().equals(again.targetDates())) return "its target dates";
        if (!close(job.lastClose(), again.lastClose())) return "its last close";
        if (!close(job.forecast().median(), again.forecast().median())) return "its median";
        if (job.forecast().bands().size() != again.forecast().bands().size()) return "its bands";
        for (QuantileBand b : again.forecast().bands()) {
            QuantileBand j = job.forecast().bands().stream().filter(x -> x.level() == b.level()).findFirst().orElse(null);
            String at = String.format(java.util.Locale.ROOT, "its %.0f%% band", 100 * b.level());
            if (j == null || !close(j.lower(), b.lower()) || !close(j.upper(), b.upper())) return at;
        }
        if (job.coverage().size() != again.coverage().size()) return "its coverage";
        for (int i = 0; i < job.coverage().size(); i++) {
            var a = job.coverage().get(i);
            var b = again.coverage().get(i);
            boolean same = a.level() == b.level() && a.origins() == b.origins()
                    && (a.empirical() == null ? b.empirical() == null : b.empirical() != null && close(a.empirical(), b.empirical()));
            if (!same) return "its coverage";
        }
        return null;
    }

    static boolean close(double[] a, double[] b) {
        if (a.length != b.length) return false;
        for (int i = 0; i < a.length; i++) if (!close(a[i], b[i])) return false;
        return true;
    }

    /** Whether {@code a} and {@code b} are equal to {@link #TOLERANCE} of the larger. */
    static boolean close(double a, double b) {
        return Double.compare(a, b) == 0 || Math.abs(a - b) <= TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
    }
}
