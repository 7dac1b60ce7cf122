package org.sextant.engine.research.sweep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;
import org.sextant.engine.SextantException;
import org.sextant.engine.exchange.ImportBudget;
import org.sextant.engine.research.backtest.Metrics;

/**
 * Which configurations of an imported scale-out sweep are measured again here from the store's prices, and must come
 * out as the job wrote them (docs/scale-out.md). Every row feeds the deflation (the DSR's variance, PBO's blocks, the
 * haircuts, the session's trials), so not only the best is checked: the best, the {@code extremes} highest and lowest
 * by in- and out-of-sample Sharpe, {@link #PER_GROUP} drawn of each of the {@link #GROUPS_ALWAYS} largest groups of rows
 * whose 16 block sums repeat each other's to the bit under other parameters, and {@code random} others drawn by
 * {@code chance}, which the writer of the files cannot predict; then, until {@code budgetSeconds} have passed, as many
 * of the other groups of repeats, then more drawn others. Configurations are measured in their sweep batch of
 * {@link Sweep#CHUNK}, and every row of a measured batch must be the job's to the bit (the same kernel on the same
 * prices; a price scaled after the export already moves a Sharpe's last bits).
 */
public record SweepReplay(double budgetSeconds, int extremes, int random, RandomGenerator chance) {
    /** An import's replay: {@link ImportBudget#SECONDS} measure again the whole of a sweep of some 10,000 configurations of 30 assets (docs/benchmarks.md). */
    public static SweepReplay standard() {
        return new SweepReplay(ImportBudget.SECONDS, 4, 20, ImportBudget.chance());
    }

    /** The best's batch and the largest groups of repeats only: the import's cost without the other replays (benchmarks). */
    public static final SweepReplay BEST_ONLY = new SweepReplay(0, 0, 0, null);

    /**
     * Rows drawn of each group of repeats: a copy spread over many rows (attack 24 H2) or onto one row (a group of 2) is
     * then measured with certainty, while a large honest group (thresholds never crossed) costs 3 rows, not the whole
     * group (attack 25 M3: a grid that never trades was measured again whole, whatever the budget).
     */
    static final int PER_GROUP = 3;

    /** Groups of repeats sampled whatever the budget, largest first: bounded (at most 12 rows), and a wide copy is among them. */
    static final int GROUPS_ALWAYS = 4;

    /**
     * Why the first rows are measured again whatever the budget, and their bound, said plainly (the CLI's line): they are
     * what the verdict is made of, so a budget that skipped them would store a verdict nobody checked; each is measured in
     * its batch, so at most {@link #alwaysBatches} batches, whatever the sweep's size.
     */
    public String measuredWhateverTheBudget() {
        return String.format(java.util.Locale.ROOT, "the best, the %d highest and lowest by in- and out-of-sample Sharpe, %d drawn of each of the %d largest"
                + " groups of repeats and %d drawn at random are measured again whatever the budget (at most %d batches of %d configurations): they make the"
                + " verdict (the configuration shown, the DSR's variance, the haircuts, a copy spread over many rows)", extremes, PER_GROUP, GROUPS_ALWAYS, random,
                alwaysBatches(), Sweep.CHUNK);
    }

    /** The most batches measured whatever the budget: the best's, each extreme's, each always-drawn repeat's and each random row's. */
    public int alwaysBatches() {
        return 1 + 4 * extremes + GROUPS_ALWAYS * PER_GROUP + random;
    }

    /** Refuses configuration {@code k}'s row at {@code column} for {@code why}, named as its caller names rows (its part file). */
    @FunctionalInterface
    public interface Refusal {
        SextantException of(int configuration, String column, String why);
    }

    /**
     * What a replay measured again: {@code configurations} rows; of the {@code repeatGroups} groups of repeats,
     * {@code unmeasuredGroups} the budget ended before any of their rows was drawn (trusted to their block check).
     */
    public record Measured(int configurations, int repeatGroups, int unmeasuredGroups) {
        /** What the import did not measure, said plainly in its answer, or null when every group of repeats was sampled. */
        public String unmeasured(double budgetSeconds) {
            if (unmeasuredGroups == 0) return null;
            return String.format(java.util.Locale.ROOT, "%d of the %d groups of configurations whose returns repeat each other's under other parameters"
                    + " were not measured again within the %.0f s budget (only their block check holds them)", unmeasuredGroups, repeatGroups, budgetSeconds);
        }
    }

    /**
     * Measures again the configurations this replay chooses of {@code sweep} (the job's rows), best first; returns what
     * was measured, each as the job wrote it. A best that differs means other prices (refused as such); another row
     * that differs, or a repeat that does not measure so, is refused through {@code refusal}.
     */
    public Measured check(SweepResult sweep, double periodsPerYear, Refusal refusal) {
        long until = System.nanoTime() + (long) (budgetSeconds * 1e9);
        int n = sweep.configurations(), best = sweep.bestInSample();
        boolean[] measured = new boolean[(n + Sweep.CHUNK - 1) / Sweep.CHUNK];
        List<List<Integer>> groups = repeatGroups(sweep);
        Map<Integer, Integer> repeats = repeats(groups);
        int[] count = {0};
        Wrong wrong = measure(sweep, best / Sweep.CHUNK, measured, periodsPerYear, count, repeats);
        if (wrong != null && wrong.configuration() == best) {
            throw SextantException.invalid("output", "configuration " + best + " measures differently on this store's prices than on the job's (" + wrong.column() + ")",
                    "import into the store the prices were exported from, or export them again and re-run the job");
        }
        fail(wrong, refusal);
        List<Integer> must = new ArrayList<>();
        for (Comparator<Integer> by : List.<Comparator<Integer>>of(bySharpe(sweep.inSample()), bySharpe(sweep.outOfSample()))) {
            List<Integer> ranked = IntStream.range(0, n).boxed().sorted(by).toList();
            must.addAll(ranked.subList(0, Math.min(extremes, n)));
            must.addAll(ranked.subList(Math.max(0, n - extremes), n));
        }
        List<List<Integer>> bySize = new ArrayList<>(groups);
        shuffle(bySize);
        bySize.sort(Comparator.comparingInt((List<Integer> g) -> -g.size())); // stable: equal sizes stay shuffled
        for (List<Integer> g : bySize.subList(0, Math.min(GROUPS_ALWAYS, bySize.size()))) must.addAll(drawn(g));
        List<Integer> others = IntStream.range(0, n).boxed().collect(java.util.stream.Collectors.toCollection(ArrayList::new));
        shuffle(others);
        must.addAll(others.subList(0, Math.min(random, n)));
        for (int k : new LinkedHashSet<>(must)) fail(measure(sweep, k / Sweep.CHUNK, measured, periodsPerYear, count, repeats), refusal);
        int unmeasured = 0;
        for (List<Integer> g : bySize.subList(Math.min(GROUPS_ALWAYS, bySize.size()), bySize.size())) { // the other groups, while the budget lasts
            if (System.nanoTime() >= until) {
                unmeasured++;
                continue;
            }
            for (int k : drawn(g)) fail(measure(sweep, k / Sweep.CHUNK, measured, periodsPerYear, count, repeats), refusal);
        }
        for (int k : others) { // the rest, while the budget lasts
            if (System.nanoTime() >= until) break;
            fail(measure(sweep, k / Sweep.CHUNK, measured, periodsPerYear, count, repeats), refusal);
        }
        return new Measured(count[0], groups.size(), unmeasured);
    }

    /** {@link #PER_GROUP} rows of group {@code g} drawn by {@code chance} (its first ones without it). */
    private List<Integer> drawn(List<Integer> g) {
        List<Integer> copy = new ArrayList<>(g);
        shuffle(copy);
        return copy.subList(0, Math.min(PER_GROUP, copy.size()));
    }

    /** A row measured again that the job's does not match: its configuration, the first column that differs, and why. */
    private record Wrong(int configuration, String column, String why) {}

    /** Measures batch {@code batch} unless done; the first of its rows that differs (the best's, if it does), or null. */
    private static Wrong measure(SweepResult sweep, int batch, boolean[] measured, double periodsPerYear, int[] count, Map<Integer, Integer> repeats) {
        if (measured[batch]) return null;
        measured[batch] = true;
        int from = batch * Sweep.CHUNK, to = Math.min(sweep.configurations(), from + Sweep.CHUNK);
        SweepChunk here = SweepChunk.measure(sweep.kernel(), from, to, sweep.split(), periodsPerYear);
        count[0] += to - from;
        int best = sweep.bestInSample();
        Wrong first = null;
        for (int k = from; k < to; k++) {
            String column = differs(sweep, k, here, k - from);
            if (column == null || first != null && k != best) continue;
            Integer copied = repeats.get(k);
            first = copied == null ? new Wrong(k, column, "is not what this configuration measures when measured again here on the store's prices")
                    : new Wrong(k, "block_sum", "repeats configuration " + copied + "'s 16 block sums to the bit under other parameters,"
                    + " and measured again here this configuration differs");
        }
        return first;
    }

    private static void fail(Wrong wrong, Refusal refusal) {
        if (wrong != null) throw refusal.of(wrong.configuration(), wrong.column(), wrong.why());
    }

    /** The first column of the job's row {@code k} that the measured row {@code i} of {@code here} does not reproduce to the bit, or null. */
    static String differs(SweepResult job, int k, SweepChunk here, int i) {
        String m = differs("is_", job.inSample()[k], here.inSample()[i]);
        if (m == null) m = differs("oos_", job.outOfSample()[k], here.outOfSample()[i]);
        if (m != null) return m;
        if (!Arrays.equals(job.blockSum()[k], here.blockSum()[i])) return "block_sum";
        return Arrays.equals(job.blockSq()[k], here.blockSq()[i]) ? null : "block_sq";
    }

    private static String differs(String prefix, Metrics job, Metrics here) {
        double[] a = values(job), b = values(here);
        for (int j = 0; j < a.length; j++) if (Double.compare(a[j], b[j]) != 0) return prefix + COLUMNS[j];
        return null;
    }

    /** The output's metric columns (StrategySweepRows.METRICS), in the order of {@link #values}. */
    private static final String[] COLUMNS = {"cagr", "volatility", "sharpe", "sortino", "max_drawdown", "turnover", "exposure", "hit_rate", "bars"};

    private static double[] values(Metrics m) {
        return new double[]{m.cagr(), m.volatility(), m.sharpe(), m.sortino(), m.maxDrawdown(), m.turnover(), m.exposure(), m.hitRate(), m.bars()};
    }

    /**
     * Groups of rows whose block sums and squares repeat each other's to the bit while the spec gives them other
     * parameters. Honest ones exist (configurations that never trade, a stop never reached), so they are sampled rather
     * than refused unseen; a copy spread by a forger is a group too, with one genuine row.
     */
    static List<List<Integer>> repeatGroups(SweepResult sweep) {
        record Blocks(double[] sum, double[] sq) {
            @Override public boolean equals(Object o) { return o instanceof Blocks b && Arrays.equals(sum, b.sum) && Arrays.equals(sq, b.sq); }
            @Override public int hashCode() { return 31 * Arrays.hashCode(sum) + Arrays.hashCode(sq); }
        }
        Map<Blocks, List<Integer>> byBlocks = new java.util.LinkedHashMap<>();
        for (int k = 0; k < sweep.configurations(); k++) byBlocks.computeIfAbsent(new Blocks(sweep.blockSum()[k], sweep.blockSq()[k]), b -> new ArrayList<>()).add(k);
        List<List<Integer>> groups = new ArrayList<>();
        for (List<Integer> g : byBlocks.values()) {
            var first = sweep.kernel().parameters(g.get(0));
            if (g.stream().anyMatch(k -> !sweep.kernel().parameters(k).equals(first))) groups.add(g);
        }
        return groups;
    }

    /** Each row of a group to another row of it (the first, or the second for the first): what a refusal names it as repeating. */
    private static Map<Integer, Integer> repeats(List<List<Integer>> groups) {
        Map<Integer, Integer> repeats = new HashMap<>();
        for (List<Integer> g : groups) for (int k : g) repeats.put(k, k == g.get(0) ? g.get(1) : g.get(0));
        return repeats;
    }

    /** Ranks configurations by Sharpe, highest first; an undefined one last. */
    private static Comparator<Integer> bySharpe(Metrics[] m) {
        return Comparator.comparingDouble((Integer k) -> {
            double s = SweepResult.comparableSharpe(m[k]);
            return Double.isNaN(s) ? Double.POSITIVE_INFINITY : -s;
        }).thenComparing(k -> k);
    }

    private <T> void shuffle(List<T> list) {
        if (chance == null) return;
        for (int i = list.size() - 1; i > 0; i--) java.util.Collections.swap(list, i, chance.nextInt(i + 1));
    }
}
