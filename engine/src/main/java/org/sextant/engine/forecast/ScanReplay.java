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
 * wrote them (docs/scale-out.md): all of them when their estimated fits take at most {@code budgetSeconds}, else the
 * {@code best} ranked by reward/risk at each level (what a user acts on) and {@code random} others drawn by
 * {@code chance}, which the writer of the files cannot predict.
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

    /** Indices of {@code forecasts} to replay, {@code seconds} estimating each one's fits. */
    public List<Integer> chosen(List<StoredForecast> forecasts, ToDoubleFunction<StoredForecast> seconds) {
        double total = 0;
        for (StoredForecast f : forecasts) total += seconds.applyAsDouble(f);
        TreeSet<Integer> pick = new TreeSet<>();
        if (total <= budgetSeconds) {
            for (int i = 0; i < forecasts.size(); i++) pick.add(i);
            return List.copyOf(pick);
        }
        for (double level : ForecastScan.LEVELS) {
            List<Integer> ranked = new ArrayList<>();
            for (int i = 0; i < forecasts.size(); i++) ranked.add(i);
            ranked.sort(Comparator.comparingDouble((Integer i) -> ratio(forecasts.get(i), level)).reversed());
            pick.addAll(ranked.subList(0, Math.min(best, ranked.size())));
        }
        List<Integer> rest = new ArrayList<>();
        for (int i = 0; i < forecasts.size(); i++) if (!pick.contains(i)) rest.add(i);
        for (int n = 0; n < random && !rest.isEmpty(); n++) pick.add(rest.remove(chance.nextInt(rest.size())));
        return List.copyOf(pick);
    }

    /** Reward/risk at {@code level} as a scan ranks it: no downside first, no spread last. */
    private static double ratio(StoredForecast f, double level) {
        double r = RewardRisk.of(f.forecast(), f.lastClose(), level, f.forecast().horizon()).ratio();
        return Double.isNaN(r) ? Double.NEGATIVE_INFINITY : r;
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
