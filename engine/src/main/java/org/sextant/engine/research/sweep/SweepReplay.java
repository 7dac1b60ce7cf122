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
 * by in- and out-of-sample Sharpe, every row whose 16 block sums repeat another's to the bit under other parameters,
 * and {@code random} others drawn by {@code chance}, which the writer of the files cannot predict; then more drawn
 * others until {@code budgetSeconds} have passed. Configurations are measured in their sweep batch of {@link Sweep#CHUNK},
 * and every row of a measured batch must be the job's to the bit (the same kernel on the same prices; a price scaled
 * after the export already moves a Sharpe's last bits).
 */
public record SweepReplay(double budgetSeconds, int extremes, int random, RandomGenerator chance) {
    /** An import's replay: {@link ImportBudget#SECONDS} measure again the whole of a sweep of some 10,000 configurations of 30 assets (docs/benchmarks.md). */
    public static SweepReplay standard() {
        return new SweepReplay(ImportBudget.SECONDS, 4, 20, ImportBudget.chance());
    }

    /** The best's batch and the repeats only (the best alone was measured before attack 24): the import's cost without the other replays (benchmarks). */
    public static final SweepReplay BEST_ONLY = new SweepReplay(0, 0, 0, null);

    /** Refuses configuration {@code k}'s row at {@code column} for {@code why}, named as its caller names rows (its part file). */
    @FunctionalInterface
    public interface Refusal {
        SextantException of(int configuration, String column, String why);
    }

    /**
     * Measures again the configurations this replay chooses of {@code sweep} (the job's rows), best first; returns how
     * many were measured, each as the job wrote it. A best that differs means other prices (refused as such); another row
     * that differs, or a repeat that does not measure so, is refused through {@code refusal}.
     */
    public int check(SweepResult sweep, double periodsPerYear, Refusal refusal) {
        long until = System.nanoTime() + (long) (budgetSeconds * 1e9);
        int n = sweep.configurations(), best = sweep.bestInSample();
        boolean[] measured = new boolean[(n + Sweep.CHUNK - 1) / Sweep.CHUNK];
        Map<Integer, Integer> repeats = repeats(sweep);
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
        List<Integer> repeated = new ArrayList<>(repeats.keySet());
        shuffle(repeated);
        must.addAll(repeated);
        List<Integer> others = IntStream.range(0, n).boxed().collect(java.util.stream.Collectors.toCollection(ArrayList::new));
        shuffle(others);
        int drawn = 0;
        for (int k : others) {
            if (drawn++ == random) break;
            must.add(k);
        }
        for (int k : new LinkedHashSet<>(must)) fail(measure(sweep, k / Sweep.CHUNK, measured, periodsPerYear, count, repeats), refusal);
        for (int k : others) { // the rest, while the budget lasts
            if (System.nanoTime() >= until) break;
            fail(measure(sweep, k / Sweep.CHUNK, measured, periodsPerYear, count, repeats), refusal);
        }
        return count[0];
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
     * Rows whose block sums and squares repeat an earlier row's to the bit while the spec gives them other parameters,
     * each to the configuration it repeats. Honest ones exist (configurations that never trade, a stop never reached),
     * so they are all measured again rather than refused unseen; copies a forger spread are refused with certainty.
     */
    static Map<Integer, Integer> repeats(SweepResult sweep) {
        record Blocks(double[] sum, double[] sq) {
            @Override public boolean equals(Object o) { return o instanceof Blocks b && Arrays.equals(sum, b.sum) && Arrays.equals(sq, b.sq); }
            @Override public int hashCode() { return 31 * Arrays.hashCode(sum) + Arrays.hashCode(sq); }
        }
        Map<Blocks, Integer> first = new HashMap<>();
        Map<Integer, Integer> repeats = new HashMap<>();
        for (int k = 0; k < sweep.configurations(); k++) {
            Integer j = first.putIfAbsent(new Blocks(sweep.blockSum()[k], sweep.blockSq()[k]), k);
            if (j != null && !sweep.kernel().parameters(k).equals(sweep.kernel().parameters(j))) {
                repeats.put(k, j);
                repeats.putIfAbsent(j, k); // the copy may be the earlier row
            }
        }
        return repeats;
    }

    /** Ranks configurations by Sharpe, highest first; an undefined one last. */
    private static Comparator<Integer> bySharpe(Metrics[] m) {
        return Comparator.comparingDouble((Integer k) -> {
            double s = SweepResult.comparableSharpe(m[k]);
            return Double.isNaN(s) ? Double.POSITIVE_INFINITY : -s;
        }).thenComparing(k -> k);
    }

    private void shuffle(List<Integer> list) {
        if (chance == null) return;
        for (int i = list.size() - 1; i > 0; i--) java.util.Collections.swap(list, i, chance.nextInt(i + 1));
    }
}
