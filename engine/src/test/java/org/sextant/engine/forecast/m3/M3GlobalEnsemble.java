package org.sextant.engine.forecast.m3;

import org.sextant.engine.forecast.global.GlobalConfig;
import org.sextant.engine.forecast.global.GlobalModel;
import org.sextant.engine.forecast.global.ThetaAnchoredModel;
import org.sextant.engine.forecast.model.SeasonalAdjustment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * The global ensemble of the M3 benchmark: per category, one {@link GlobalModel} per
 * {@link Group} (short or long lookbacks, all or only recent training origins, as N-BEATS varies
 * its members), each trained on {@code seen} of that category's series only. The answer keeps
 * every member's path so that which groups forecast can be chosen on a validation split.
 */
final class M3GlobalEnsemble {
    /**
     * Members of one group: lookbacks as multiples of the horizon (at least 8 values), and the
     * history limit L_H: training origins among the last L_H·h of each series.
     */
    record Group(String name, int[] lookbackMultiples, double historyLimit) {}

    static final List<Group> GROUPS = List.of(
            new Group("lookback 2-4h, all origins", new int[] {2, 3, 4}, 20),
            new Group("lookback 5-7h, all origins", new int[] {5, 6, 7}, 20),
            new Group("lookback 2-4h, last 1.5h origins", new int[] {2, 3, 4}, 1.5),
            new Group("lookback 5-7h, last 1.5h origins", new int[] {5, 6, 7}, 1.5));

    /**
     * Training settings: members per group (cycling over its lookbacks), Adam steps, seed,
     * threads, and the losses: each loss trains every group once (relative loss first), as
     * N-BEATS trains its members on different losses to make them disagree usefully; the
     * networks' width and depth; whether they see the logarithms of the (adjusted) values; and per
     * category (lower case) what its models train on: {@code own} (the default) its own series,
     * {@code pooled} every category's, {@code both} one set of groups on each; with
     * {@code thetaAnchored}, networks that correct Theta's forecast ({@link ThetaAnchoredModel}).
     */
    record Settings(int membersPerGroup, int steps, long seed, int threads, List<Boolean> relativeLosses, boolean deseasonalise,
                    int hidden, int layers, boolean logValues, Map<String, String> pools, boolean thetaAnchored) {
        Settings(int membersPerGroup, int steps, long seed, int threads, boolean relativeLoss, boolean deseasonalise) {
            this(membersPerGroup, steps, seed, threads, List.of(relativeLoss), deseasonalise, 128, 3, false, Map.of(), false);
        }

        /** What the networks see of an (adjusted) series: its logarithms with {@code logValues}, else itself. */
        double[] seen(double[] adjusted) {
            return logValues ? java.util.Arrays.stream(adjusted).map(Math::log).toArray() : adjusted;
        }

        /** A network's output back in the series' units. */
        double unseen(double v) { return logValues ? Math.exp(v) : v; }

        /**
         * The training sets of a category, one set of groups each: {@code own}, {@code pooled},
         * {@code both} (own and pooled), or {@code aggregated} (its own series and every series
         * of a finer frequency summed into its periods, monthly into quarters and years).
         */
        List<Pool> pools(String category) {
            String p = pools.getOrDefault(category.toLowerCase(java.util.Locale.ROOT), "own");
            return switch (p) {
                case "own" -> List.of(Pool.OWN);
                case "pooled" -> List.of(Pool.POOLED);
                case "both" -> List.of(Pool.OWN, Pool.POOLED);
                case "aggregated" -> List.of(Pool.AGGREGATED);
                default -> throw new IllegalArgumentException("a pool is own, pooled, both or aggregated, not " + p);
            };
        }

        /** Groups trained per category: every group of {@link #GROUPS} once per loss. */
        int groups() { return GROUPS.size() * relativeLosses.size(); }
    }

    /** What one set of a category's groups trains on. */
    enum Pool { OWN, POOLED, AGGREGATED }

    /**
     * The values of {@code y} (frequency {@code from} per year) summed into periods of frequency
     * {@code to}, whole periods only, aligned on the last value: monthly into quarters (3 to 1)
     * or years (12 to 1). A series the category's networks could learn its own rhythm from.
     */
    static double[] aggregated(double[] y, int from, int to) {
        int k = from / to, n = y.length / k, skip = y.length - n * k;
        double[] out = new double[n];
        for (int i = 0; i < n; i++) for (int j = 0; j < k; j++) out[i] += y[skip + i * k + j];
        return out;
    }

    /**
     * With {@code deseasonalise}, the networks see each series with the M3 seasonal adjustment
     * taken out ({@link SeasonalAdjustment}, from the values the series shows only) and their
     * forecasts get the seasonal indices back, as Theta does; without it, the series itself.
     */
    static SeasonalAdjustment adjustment(double[] y, int m, Settings s) {
        return SeasonalAdjustment.of(y, s.deseasonalise() ? m : 1);
    }

    /** Per series id: [group][member][step] paths over the official horizon. */
    record Forecasts(Map<String, double[][][]> paths, double trainCpuSeconds, double forecastCpuSeconds) {
        int groups() { return paths.values().iterator().next().length; }

        /** Every group's first {@code k} members (a run trained with k members per group gives the same). */
        Forecasts firstMembers(int k) {
            Map<String, double[][][]> out = new LinkedHashMap<>();
            for (Map.Entry<String, double[][][]> e : paths.entrySet()) {
                double[][][] g = new double[e.getValue().length][][];
                for (int i = 0; i < g.length; i++) g[i] = java.util.Arrays.copyOf(e.getValue()[i], Math.min(k, e.getValue()[i].length));
                out.put(e.getKey(), g);
            }
            return new Forecasts(out, Double.NaN, Double.NaN);
        }

        /** Writes every path: one line per series, group and member (id,group,member,v;v;...). */
        void write(java.nio.file.Path file) throws java.io.IOException {
            StringBuilder sb = new StringBuilder();
            for (Map.Entry<String, double[][][]> e : paths.entrySet()) {
                for (int g = 0; g < e.getValue().length; g++) {
                    for (int m = 0; m < e.getValue()[g].length; m++) {
                        sb.append(e.getKey()).append(',').append(g).append(',').append(m).append(',');
                        sb.append(String.join(";", java.util.Arrays.stream(e.getValue()[g][m]).mapToObj(Double::toString).toList())).append('\n');
                    }
                }
            }
            java.nio.file.Files.writeString(file, sb.toString());
        }

        /** Paths {@link #write} wrote (forecasts of a run made earlier; no training time). */
        static Forecasts read(java.nio.file.Path file) throws java.io.IOException {
            Map<String, List<List<double[]>>> byId = new LinkedHashMap<>();
            for (String line : java.nio.file.Files.readAllLines(file)) {
                String[] f = line.split(",");
                List<List<double[]>> groups = byId.computeIfAbsent(f[0], k -> new ArrayList<>());
                int g = Integer.parseInt(f[1]);
                while (groups.size() <= g) groups.add(new ArrayList<>());
                groups.get(g).add(java.util.Arrays.stream(f[3].split(";")).mapToDouble(Double::parseDouble).toArray());
            }
            Map<String, double[][][]> out = new LinkedHashMap<>();
            byId.forEach((id, groups) -> out.put(id, groups.stream().map(l -> l.toArray(double[][]::new)).toArray(double[][][]::new)));
            return new Forecasts(out, Double.NaN, Double.NaN);
        }
        /** The step-wise median over the members of the groups in {@code mask} (bit g = group g). */
        double[] median(String id, int mask) {
            List<double[]> chosen = new ArrayList<>();
            double[][][] byGroup = paths.get(id);
            for (int g = 0; g < byGroup.length; g++) if ((mask & (1 << g)) != 0) chosen.addAll(List.of(byGroup[g]));
            return GlobalModel.median(chosen.toArray(double[][]::new));
        }
    }

    /** A trained group: every member's path for the next h values after a history. */
    interface PathModel {
        double[][] paths(double[] history, int h);
    }

    /** The mask of all groups of {@code f}. */
    static int allGroups(Forecasts f) { return (1 << f.groups()) - 1; }

    /** Every group of every series, however many its category has (pooled and own). */
    static final int EVERY_GROUP = -1;

    private M3GlobalEnsemble() {}

    /** Group {@code groupIndex} of {@link Settings#groups()}: {@link #GROUPS} repeated per loss. */
    static GlobalConfig config(int h, Settings s, int groupIndex) {
        Group g = GROUPS.get(groupIndex % GROUPS.size());
        boolean relative = s.relativeLosses().get(groupIndex / GROUPS.size());
        int[] lookbacks = new int[g.lookbackMultiples().length];
        for (int i = 0; i < lookbacks.length; i++) lookbacks[i] = Math.max(8, g.lookbackMultiples()[i] * h);
        return GlobalConfig.forHorizon(h, s.seed() * 31 + groupIndex).withLookbacks(lookbacks).withMembers(s.membersPerGroup())
                .withSteps(s.steps()).withRecentOrigins((int) Math.ceil(g.historyLimit() * h)).withCalibrationShare(0).withThreads(1).withRelativeLoss(relative)
                .withHidden(s.hidden()).withLayers(s.layers());
    }

    /**
     * Trains every (category, group) model on {@code seen} of the category's series, one model
     * per task on a pool of {@code threads}, then forecasts each series from its training part.
     */
    static Forecasts forecast(List<M3Series> series, Function<M3Series, double[]> seen, Settings s) throws Exception {
        return forecast(series, series, seen, s);
    }

    /** As above; a category's pooled models ({@link Settings#pools}) train on {@code seen} of all of {@code trainedOn}. */
    static Forecasts forecast(List<M3Series> series, List<M3Series> trainedOn, Function<M3Series, double[]> seen, Settings s) throws Exception {
        Map<String, List<M3Series>> byCategory = new LinkedHashMap<>();
        for (M3Series x : series) byCategory.computeIfAbsent(x.category(), k -> new ArrayList<>()).add(x);
        ExecutorService pool = Executors.newFixedThreadPool(s.threads());
        try {
            long c0 = cpuNanos();
            Map<String, List<Future<PathModel>>> models = new LinkedHashMap<>();
            for (Map.Entry<String, List<M3Series>> e : byCategory.entrySet()) {
                int h = e.getValue().get(0).horizon();
                List<Future<PathModel>> jobs = new ArrayList<>();
                int freq = e.getValue().get(0).frequency();
                for (Pool p : s.pools(e.getKey())) {
                    List<double[]> train = new ArrayList<>();
                    for (M3Series x : p == Pool.POOLED ? trainedOn : e.getValue()) train.add(s.seen(adjustment(seen.apply(x), x.frequency(), s).adjusted()));
                    if (p == Pool.AGGREGATED) {
                        for (M3Series x : trainedOn) {
                            if (x.frequency() <= freq || x.frequency() % freq != 0) continue;
                            train.add(s.seen(adjustment(aggregated(seen.apply(x), x.frequency(), freq), freq, s).adjusted()));
                        }
                    }
                    for (int g = 0; g < s.groups(); g++) {
                        GlobalConfig c = config(h, s, g);
                        jobs.add(pool.submit(() -> s.thetaAnchored() ? ThetaAnchoredModel.train(train, c)::paths
                                : GlobalModel.train(train, c, f -> { }, () -> false)::paths));
                    }
                }
                models.put(e.getKey(), jobs);
            }
            Map<String, List<PathModel>> trained = new LinkedHashMap<>();
            for (Map.Entry<String, List<Future<PathModel>>> e : models.entrySet()) {
                List<PathModel> list = new ArrayList<>();
                for (Future<PathModel> f : e.getValue()) list.add(f.get());
                trained.put(e.getKey(), list);
            }
            long c1 = cpuNanos();
            Map<String, double[][][]> paths = new java.util.concurrent.ConcurrentHashMap<>();
            List<Future<?>> jobs = new ArrayList<>();
            for (M3Series x : series) {
                List<PathModel> ms = trained.get(x.category());
                jobs.add(pool.submit(() -> {
                    double[][][] p = new double[ms.size()][][];
                    SeasonalAdjustment a = adjustment(x.train(), x.frequency(), s);
                    int n = x.train().length;
                    for (int g = 0; g < p.length; g++) {
                        p[g] = ms.get(g).paths(s.seen(a.adjusted()), x.horizon());
                        for (double[] path : p[g]) for (int k = 0; k < path.length; k++) path[k] = s.unseen(path[k]) * a.index(n + k);
                    }
                    paths.put(x.id(), p);
                }));
            }
            for (Future<?> f : jobs) f.get();
            return new Forecasts(paths, (c1 - c0) / 1e9, (cpuNanos() - c1) / 1e9);
        } finally {
            pool.shutdownNow();
        }
    }

    static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
