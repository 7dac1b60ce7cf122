package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import java.util.function.ToDoubleFunction;
import java.util.random.RandomGenerator;
import org.sextant.engine.exchange.ImportBudget;
import org.sextant.engine.forecast.store.StoredForecast;

/**
 * Which forecasts of a scale-out scan's import are fitted again from the store's closes and must come out as the job
 * wrote them (docs/scale-out.md): all of them when their estimated fits take at most {@code budgetSeconds}, else, as far
 * as the budget's estimated fits reach, first the ranked picks: at each level the {@code best} ranked by reward/risk as
 * the files rank them (what a user acts on: a forecast raised to the top), the {@code best} the store's closes rank first
 * and the {@code best} the files rank furthest below where the store's closes rank them ({@link ScanStoreRanks}: the real
 * winner lowered), the first of each at every level before the second of any; then the others in an order drawn by
 * {@code chance}, which the writer of the files cannot predict. The sample stops at the first fit that would pass the budget.
 * A model whose store rank costs a fit of its own ({@link ScanStoreRanks#fitSeconds}) is charged for it first, within
 * {@link #OWN_MEDIAN_SHARE} of the budget; a forecast past that share is ranked by drift's line.
 */
public record ScanReplay(double budgetSeconds, int best, RandomGenerator chance) {
    /** An import's replay: within {@link ImportBudget#SECONDS} of fits, a whole drift or theta scan of hundreds of symbols. */
    public static ScanReplay standard() {
        return new ScanReplay(ImportBudget.SECONDS, 5, ImportBudget.chance());
    }

    /**
     * Most of the budget the stand-ins' own fits (one a forecast, {@link ScanStoreRanks#fitSeconds}) may take: the rest is
     * left to fit the ranked picks again, which is what the ranks are for. ARIMA on 1,000 closes: 5 ms a stand-in against
     * about 1.3 s a forecast fitted again, so half of 60 s ranks some 5,600 forecasts by their own median (5,437 within
     * {@link StandInCloses#HELD_BYTES} of kept closes) and still fits 20 again.
     */
    static final double OWN_MEDIAN_SHARE = 0.5;

    /** The store's ranks that cost a fit: each forecast's fit's estimated seconds (0: none, its drift rank stands) and its ranks from the fit. */
    public interface OwnMedians {
        double seconds(int forecast);

        double[] ratios(int forecast);

        /**
         * The order in which the budget's share reaches {@code costly} (those whose {@link #seconds} is above 0), as far as the
         * first fit past it, which ends them: one the writer of the files cannot predict, by default {@code costly} shuffled
         * by the replay's chance ({@link StandInCloses}: drawn as an import read them, to keep only the closes the share reaches,
         * and only those: its memory bound may end them before the share does).
         */
        default List<Integer> order(List<Integer> costly, java.util.function.Consumer<List<Integer>> shuffle) {
            shuffle.accept(costly);
            return costly;
        }

        /** The bytes of kept closes that ended {@link #order} before the time share did, or 0 when they did not. */
        default long heldBytesBound() {
            return 0;
        }

        /** No forecast's rank costs a fit (tests of the ranks alone). */
        OwnMedians NONE = new OwnMedians() {
            public double seconds(int forecast) { return 0; }

            public double[] ratios(int forecast) { throw new IllegalStateException("no fit was estimated"); }
        };
    }

    /** No replay: the import's cost without it (benchmarks). */
    public static final ScanReplay NONE = new ScanReplay(-1, 0, null);

    /**
     * Largest difference, relative to the value, between a replayed figure and the job's. Java's arithmetic is the same
     * everywhere (strictfp since Java 17), so the same kernel on the same closes gives the same bits on this machine;
     * another machine's Math.log/exp may differ by an ulp (1e-16) which the fit can carry along. 1e-9 leaves it a
     * million-fold room while a changed figure moves what a user reads (a cent on a price of 10,000 is 1e-6 of it).
     */
    static final double TOLERANCE = 1e-9;

    /**
     * What a replay fits again: {@code chosen} indices; of a sample, how many of the {@code ranked} picks the budget reached
     * ({@code rankedFitted}) and how many of the {@code others} it drew ({@code drawn}). A whole replay has no ranked picks
     * and draws every forecast. Of the {@code ownMedians} forecasts whose store rank costs a fit, {@code ownMediansFitted}
     * were ranked by it, the others by drift's line; {@code ownMediansMemory} is the bound of kept closes in bytes that ended
     * those fits before the time share did (0: the time share, or nothing, ended them).
     */
    public record Sample(List<Integer> chosen, int ranked, int rankedFitted, int others, int drawn, int ownMedians, int ownMediansFitted,
                         long ownMediansMemory) {
        /** Whether every forecast is fitted again. */
        public boolean whole() { return drawn == others && rankedFitted == ranked; }

        /** What the budget left unfitted, said plainly (the CLI's line, JobImport.unmeasured), or null when nothing. */
        public String unfitted(double budgetSeconds) {
            if (whole()) return null;
            String budget = String.format(java.util.Locale.ROOT, budgetSeconds >= 1 ? "%.0f" : "%.2g", budgetSeconds);
            return String.format(java.util.Locale.ROOT, "the %s s budget fitted again %d of the %d forecasts ranked first (by reward/risk as the files"
                    + " and as the store's closes rank them)", budget, rankedFitted, ranked)
                    + (others == 0 ? "" : String.format(java.util.Locale.ROOT, " and %d of the %d others, drawn at random: each other had a %s chance",
                    drawn, others, percent(drawn, others)))
                    + (ownMedians == 0 ? "" : String.format(java.util.Locale.ROOT, "; of the %d forecasts whose store rank is one fit of the model's"
                    + " own median (charged to the budget, at most half of it), %d were ranked by it", ownMedians, ownMediansFitted)
                    + (ownMediansFitted == ownMedians ? "" : String.format(java.util.Locale.ROOT, " (drawn at random) and the other %d by drift's line",
                    ownMedians - ownMediansFitted) + ownMediansEnded()));
        }

        /** What ended the own medians' fits before every forecast had one, and how to rank them all (one import holds both bounds). */
        private String ownMediansEnded() {
            String by = ownMediansMemory > 0
                    ? String.format(java.util.Locale.ROOT, ": the %s of their closes one import keeps for those fits ended them, not the time",
                    ownMediansMemory >= 1 << 20 ? (ownMediansMemory >> 20) + " MiB" : ownMediansMemory + " bytes")
                    : ": half the budget's time ended them";
            return by + String.format(java.util.Locale.ROOT, " (fix: to rank every forecast by its own median, run the job on at most %d symbols"
                    + " (--symbols) a job and import each output: each import has its own budget and memory)", Math.max(1, ownMediansFitted));
        }

        /** {@code part} in {@code of} as a percentage a reader can trust: never 0% for a chance above 0, nor 100% below it. */
        private static String percent(int part, int of) {
            double p = 100.0 * part / of;
            if (part > 0 && p < 1) return "<1%";
            if (part < of && p > 99) return ">99%";
            return String.format(java.util.Locale.ROOT, "%.0f%%", p);
        }
    }

    /**
     * Each of {@code forecasts}' fits again estimated, by its index, on {@code storeRows[i]} closes: the store's count up to
     * its origin, which its fit reads; never the history_rows its file claims (attack 28 F2: one close claimed fitted all "within" the budget).
     */
    static IntToDoubleFunction fitsOnStore(ForecastModels models, List<StoredForecast> forecasts, int[] storeRows) {
        return i -> LiveForecastCost.estimatedSeconds(models, storeRows[i], forecasts.get(i).model(), forecasts.get(i).horizon());
    }

    /** Indices of {@code forecasts} to replay ({@link #sample}), no store rank costing a fit. */
    public List<Integer> chosen(List<StoredForecast> forecasts, ToDoubleFunction<StoredForecast> seconds, List<double[]> store) {
        return sample(forecasts, i -> seconds.applyAsDouble(forecasts.get(i)), store, OwnMedians.NONE).chosen();
    }

    /**
     * What of {@code forecasts} to replay, {@code seconds} estimating each one's fits (by its index; an import prices them by the
     * store's count of closes, never the files' history_rows) and {@code store} giving each one's
     * reward/risk at every level of {@link ForecastScan#LEVELS} as drift's line ranks it ({@link ScanStoreRanks#ratios}),
     * replaced by {@code own}'s ranks for the forecasts whose fit the budget's share reaches.
     */
    public Sample sample(List<StoredForecast> forecasts, IntToDoubleFunction seconds, List<double[]> store, OwnMedians own) {
        int n = forecasts.size();
        double total = 0;
        for (int i = 0; i < n; i++) total += seconds.applyAsDouble(i);
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < n; i++) all.add(i);
        if (budgetSeconds >= 0 && total <= budgetSeconds) return new Sample(all, 0, 0, n, n, 0, 0, 0); // no rank needed: all fitted again
        List<double[]> ranks = new ArrayList<>(store);
        List<Integer> costly = new ArrayList<>();
        for (int i : all) if (own.seconds(i) > 0) costly.add(i);
        double spent = 0;
        int ownFitted = 0;
        // which ones the share reaches: the writer of the files cannot choose; the first fit past the share ends them
        boolean timeEnded = false;
        for (int i : own.order(new ArrayList<>(costly), this::shuffle)) {
            if (spent + own.seconds(i) > OWN_MEDIAN_SHARE * budgetSeconds) {
                timeEnded = true;
                break;
            }
            spent += own.seconds(i);
            ranks.set(i, own.ratios(i));
            ownFitted++;
        }
        long memory = !timeEnded && ownFitted < costly.size() ? own.heldBytesBound() : 0;
        List<Integer> ranked = ranked(forecasts, ranks), rest = new ArrayList<>(all);
        rest.removeAll(new java.util.HashSet<>(ranked));
        shuffle(rest);
        List<Integer> pick = new ArrayList<>();
        for (int i : chance == null ? ranked : concat(ranked, rest)) { // the first fit past the budget ends the sample
            spent += seconds.applyAsDouble(i);
            if (spent > budgetSeconds) break;
            pick.add(i);
        }
        int rankedFitted = Math.min(pick.size(), ranked.size());
        pick.sort(null);
        return new Sample(List.copyOf(pick), ranked.size(), rankedFitted, rest.size(), pick.size() - rankedFitted, costly.size(), ownFitted, memory);
    }

    private void shuffle(List<Integer> list) {
        if (chance != null) for (int i = list.size() - 1; i > 0; i--) java.util.Collections.swap(list, i, chance.nextInt(i + 1));
    }

    /**
     * The ranked picks, first things first: at each level in turn the files' best, the store's best and the files' largest
     * fall below the store's rank, then each one's second, and so on to the {@code best}-th; each index once.
     */
    public List<Integer> ranked(List<StoredForecast> forecasts, List<double[]> store) {
        int n = forecasts.size(), levels = ForecastScan.LEVELS.length;
        List<List<Integer>> orders = new ArrayList<>();
        for (int l = 0; l < levels; l++) {
            double level = ForecastScan.LEVELS[l];
            int at = l;
            int[] byFiles = ranks(n, i -> ratio(forecasts.get(i), level)), byStore = ranks(n, i -> store.get(i)[at]);
            orders.add(first(n, best, i -> byFiles[i]));
            orders.add(first(n, best, i -> byStore[i]));
            orders.add(first(n, best, i -> byStore[i] - byFiles[i])); // the largest fall first (ranks count from 0 at the top)
        }
        java.util.LinkedHashSet<Integer> pick = new java.util.LinkedHashSet<>();
        for (int r = 0; r < best; r++) for (List<Integer> order : orders) if (r < order.size()) pick.add(order.get(r));
        return List.copyOf(pick);
    }

    private static List<Integer> concat(List<Integer> a, List<Integer> b) {
        List<Integer> both = new ArrayList<>(a);
        both.addAll(b);
        return both;
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
