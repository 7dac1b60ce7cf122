package org.sextant.engine.forecast;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import org.sextant.engine.Sextant;
import org.sextant.engine.TestData;
import org.sextant.engine.data.BarReadCostBench;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.store.ForecastStore;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.jobs.JobContext;

/**
 * Harness: what a live daily forecast read answered from memory (a cache hit) spends on the closes' digest, on a long
 * series. Baseline: the lookup as {@code ForecastService} made it before 2026-12-06, kept here: the stored forecasts at
 * the origin checked against {@link ClosesDigest#of} of the closes, then the memory's key hashing them again (and a
 * stored backtest's check hashing a copy of them a third time). Now: {@link DigestedCloses}, hashed once for all of them.
 * Both run on the same closes and the same kept answer, interleaved round by round; the whole read through
 * {@link ForecastService#forecast} (the store's read of the closes included) is given beside them.
 *
 * <p>Run: see docs/benchmarks.md, "Live forecast: one closes digest per read".
 */
public final class DigestOnceBench {
    private static final String MODEL = "naive";
    private static final int HORIZON = 5;
    /** Levels a forecast job did not store: the stored row at the origin is checked, and does not answer. */
    private static final double[] OTHER_LEVELS = {0.5, 0.9};
    private static final JobContext QUIET = new JobContext() {
        @Override public void progress(double fraction, String message) { }
        @Override public boolean cancelled() { return false; }
    };

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 11;
        Path home = Files.createTempDirectory("sextant-digest-bench");
        try (Sextant engine = Sextant.open(new SextantHome(home))) {
            ForecastService service = new ForecastService(engine.store(), new PriceRepository(engine.store()), home.resolve("models"));
            System.out.printf(Locale.ROOT, "cores=%d, load average=%.2f, %d calls per burst, median of %d rounds after 2 discarded, model %s, horizon %d;"
                    + " before and now: CPU ms of the calling thread per call (the hashing runs there), the whole read: wall ms%n",
                    Runtime.getRuntime().availableProcessors(), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                    calls, rounds, MODEL, HORIZON);
            System.out.println("| closes | cache hit | digests before / now | before (baseline) CPU ms | now CPU ms | saved CPU ms | one digest CPU ms | whole get_forecast now, wall ms |");
            System.out.println("|---:|---|---|---:|---:|---:|---:|---:|");
            for (int n : new int[] {10_000, 50_000}) {
                String sym = "LONG" + n / 1000 + "K";
                LocalDate last = LocalDate.of(2026, 11, 29); // a Sunday: a forecast job's week-aligned origin is the last close
                TestData.insertCloses(engine.store(), last.minusDays(n - 1), Map.of(sym, walk(n)));
                service.forecastJob(service.forecastJobRequest(List.of(sym), MODEL, HORIZON, false, null), QUIET); // stores the default levels
                PriceSeries p = new PriceRepository(engine.store()).closes(sym, null, null);
                ForecastStore store = new ForecastStore(engine.store());
                row(n, "stored row of other levels at the origin", "2 / 1", service, store, p, OTHER_LEVELS, false, calls, rounds);
                row(n, "chart: as above, and a stored backtest of every close", "3 / 1", service, store, p, OTHER_LEVELS, true, calls, rounds);
            }
        }
    }

    private static void row(int n, String label, String digests, ForecastService service, ForecastStore store, PriceSeries p, double[] levels,
                            boolean backtest, int calls, int rounds) {
        PriceForecast kept = service.forecast(p.symbol(), MODEL, HORIZON, levels, null); // fitted once, then kept by the service
        LiveForecastCache<PriceForecast> cache = new LiveForecastCache<>();
        cache.put(LiveForecastCache.key(DigestedCloses.of(p), MODEL, HORIZON, levels, "conformal"), kept);
        String stored = ClosesDigest.of(p); // a backtest of every close: the digest its row holds
        double[] before = new double[rounds + 2], now = new double[rounds + 2], whole = new double[rounds + 2], one = new double[rounds + 2];
        for (int r = 0; r < rounds + 2; r++) { // the first two warm the JIT up and are not counted
            one[r] = cpuMillis(() -> {
                for (int i = 0; i < calls; i++) check(stored.equals(ClosesDigest.of(p)));
            }) / calls;
            before[r] = cpuMillis(() -> {
                for (int i = 0; i < calls; i++) check(before(store, cache, p, levels) == kept && (!backtest || backtestBefore(p, stored)));
            }) / calls;
            now[r] = cpuMillis(() -> {
                for (int i = 0; i < calls; i++) {
                    DigestedCloses c = DigestedCloses.of(p);
                    check(now(store, cache, c, levels) == kept && (!backtest || stored.equals(c.digest())));
                }
            }) / calls;
            whole[r] = BarReadCostBench.millis(() -> {
                for (int i = 0; i < calls; i++) check(service.forecast(p.symbol(), MODEL, HORIZON, levels, null) == kept);
            }) / calls;
        }
        double b = counted(before), w = counted(now);
        System.out.printf(Locale.ROOT, "| %,d | %s | %s | %.2f | %.2f | %.2f | %.2f | %.1f |%n", n, label, digests, b, w, b - w, counted(one), counted(whole));
    }

    /** The median of the rounds after the two that warmed up. */
    private static double counted(double[] v) {
        return BarReadCostBench.median(Arrays.copyOfRange(v, 2, v.length));
    }

    /** CPU milliseconds the calling thread spends in {@code r}. */
    private static double cpuMillis(Runnable r) {
        java.lang.management.ThreadMXBean t = java.lang.management.ManagementFactory.getThreadMXBean();
        long t0 = t.getCurrentThreadCpuTime();
        r.run();
        return (t.getCurrentThreadCpuTime() - t0) / 1e6;
    }

    /** The lookup before: the stored rows at the origin checked against a digest of the closes, the memory's key hashing them again. */
    private static PriceForecast before(ForecastStore store, LiveForecastCache<PriceForecast> cache, PriceSeries p, double[] levels) {
        LocalDate origin = p.dates().get(p.size() - 1);
        List<StoredForecast> found = store.find(p.symbol(), MODEL, HORIZON, StoredForecast.LIVE, "conformal", origin, origin);
        if (!found.isEmpty()) {
            String digest = ClosesDigest.of(p);
            for (StoredForecast s : found) if (digest.equals(s.closesDigest()) && s.forecast().bands().size() == levels.length) return null;
        }
        return cache.get(p.symbol() + "|1d|" + p.size() + "|" + ClosesDigest.of(p) + "|" + MODEL + "|" + HORIZON + "|" + Arrays.toString(levels) + "|conformal");
    }

    /** The lookup now: both checks take the one digest of {@code c}. */
    private static PriceForecast now(ForecastStore store, LiveForecastCache<PriceForecast> cache, DigestedCloses c, double[] levels) {
        PriceSeries p = c.prices();
        LocalDate origin = p.dates().get(p.size() - 1);
        List<StoredForecast> found = store.find(p.symbol(), MODEL, HORIZON, StoredForecast.LIVE, "conformal", origin, origin);
        if (!found.isEmpty()) {
            for (StoredForecast s : found) if (c.digest().equals(s.closesDigest()) && s.forecast().bands().size() == levels.length) return null;
        }
        return cache.get(LiveForecastCache.key(c, MODEL, HORIZON, levels, "conformal"));
    }

    /** A stored backtest's check before: the closes from its first to its last date copied out and hashed on their own. */
    private static boolean backtestBefore(PriceSeries p, String stored) {
        PriceSeries held = new PriceSeries(p.symbol(), p.from(), p.to(), p.dates().subList(0, p.size()), Arrays.copyOf(p.close(), p.size()),
                Arrays.copyOf(p.adjClose(), p.size()));
        return stored.equals(ClosesDigest.of(held));
    }

    private static void check(boolean same) {
        if (!same) throw new IllegalStateException("the baseline and the read now do not give the kept answer");
    }

    /** A positive random walk of {@code n} closes (seeded). */
    private static double[] walk(int n) {
        java.util.Random r = new java.util.Random(n);
        double[] y = new double[n];
        y[0] = 100;
        for (int t = 1; t < n; t++) y[t] = y[t - 1] * Math.exp(0.01 * r.nextGaussian());
        return y;
    }
}
