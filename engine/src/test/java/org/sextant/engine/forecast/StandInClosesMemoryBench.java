package org.sextant.engine.forecast;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import org.sextant.engine.data.PriceSeries;

/**
 * The heap a scan import's {@link StandInCloses} holds at the worst case its budget allows (docs/benchmarks.md, "Scan
 * import: memory of the stand-ins' closes"): ARIMA forecasts of n weekday closes each, as many as the standard replay's
 * share ({@link ScanReplay#OWN_MEDIAN_SHARE} of {@link org.sextant.engine.exchange.ImportBudget#SECONDS}) reaches and a
 * fifth more, each its own read (its own arrays), drawn by a SecureRandom; within {@link StandInCloses#HELD_BYTES} and
 * without a bound (the time share alone). A second table adds theta forecasts, whose closes are kept for the replay alone in
 * what the bound leaves (as many as it holds and a fifth more), on their own and alternating with the ARIMA ones: all within
 * the same bound. Baseline, same run: the kept closes and day gaps as bare arrays. Each figure the median of three. Run with
 * -XX:+UseSerialGC so a full collection leaves only what is reachable. Args: closes a forecast (default 300,1000,2500,10000,30000).
 */
public final class StandInClosesMemoryBench {
    public static void main(String[] args) {
        int[] sizes = Arrays.stream((args.length > 0 ? args[0] : "300,1000,2500,10000,30000").split(",")).mapToInt(Integer::parseInt).toArray();
        System.out.println("| closes a forecast | forecasts added | the time share reaches | kept (bound / none) | counted MB | StandInCloses MB | without the bound MB | baseline: kept closes and gaps as bare arrays MB |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int n : sizes) System.out.println(row(n)); // one call a row: no array of the row before still referenced while measuring
        System.out.println();
        System.out.println("| closes a forecast | theta forecasts added | theta kept (bound / none) | StandInCloses MB | without the bound MB | ARIMA and theta alternately: kept ARIMA + theta | StandInCloses MB | baseline: kept closes and gaps as bare arrays (theta alone / alternately) MB |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int n : sizes) System.out.println(thetaRow(n));
    }

    private static String thetaRow(int n) {
        int theta = (int) (StandInCloses.HELD_BYTES / StandInCloses.heldBytes(n)) * 6 / 5 + 10;
        int arima = arimaAdded(n);
        PriceSeries read = StandInClosesTest.series(n, n);
        String[] alone = new String[theta], both = new String[theta + arima];
        java.util.Arrays.fill(alone, "theta");
        for (int i = 0, a = 0, t = 0; i < both.length; i++) { // one each in turn while both last
            boolean takeArima = a < arima && (t == theta || i % 2 == 0);
            both[i] = takeArima ? "arima" : "theta";
            if (takeArima) a++;
            else t++;
        }
        long[] bounded = median(() -> held(read, alone, StandInCloses.HELD_BYTES)), unbounded = median(() -> held(read, alone, Long.MAX_VALUE));
        long[] mixed = median(() -> held(read, both, StandInCloses.HELD_BYTES));
        int keptAlone = (int) (bounded[1] + bounded[2]), keptBoth = (int) (mixed[1] + mixed[2]);
        return String.format(Locale.ROOT, "| %d | %d | %d / %d | %.1f | %.1f | %d + %d | %.1f | %.1f / %.1f |", n, theta, keptAlone, unbounded[1] + unbounded[2],
                bounded[0] / 1e6, unbounded[0] / 1e6, mixed[1], mixed[2], mixed[0] / 1e6,
                median(() -> new long[]{bare(read, keptAlone)})[0] / 1e6, median(() -> new long[]{bare(read, keptBoth)})[0] / 1e6);
    }

    /** ARIMA forecasts the time share reaches, a fifth more and 10: past what it keeps, whatever the bound. */
    private static int arimaAdded(int n) {
        int reaches = (int) (ScanReplay.OWN_MEDIAN_SHARE * ScanReplay.standard().budgetSeconds() / ScanStoreRanks.fitSeconds("arima", n));
        return reaches + reaches / 5 + 10;
    }

    private static String row(int n) {
        int reaches = (int) (ScanReplay.OWN_MEDIAN_SHARE * ScanReplay.standard().budgetSeconds() / ScanStoreRanks.fitSeconds("arima", n));
        int added = arimaAdded(n);
        PriceSeries read = StandInClosesTest.series(n, n);
        String[] arima = new String[added];
        java.util.Arrays.fill(arima, "arima");
        long[] bounded = median(() -> held(read, arima, StandInCloses.HELD_BYTES)), unbounded = median(() -> held(read, arima, Long.MAX_VALUE));
        int kept = (int) bounded[1];
        return String.format(Locale.ROOT, "| %d | %d | %d | %d / %d | %.1f | %.1f | %.1f | %.1f |", n, added, reaches, kept, unbounded[1],
                kept * StandInCloses.heldBytes(n) / 1e6, bounded[0] / 1e6, unbounded[0] / 1e6, median(() -> new long[]{bare(read, kept)})[0] / 1e6);
    }

    /** The measurement whose bytes (its first figure) are the median of three: a collection now and then leaves a few MB either way. */
    private static long[] median(java.util.function.Supplier<long[]> measure) {
        long[][] m = {measure.get(), measure.get(), measure.get()};
        Arrays.sort(m, java.util.Comparator.comparingLong(x -> x[0]));
        return m[1];
    }

    /** The heap of {@code kept} copies of {@code read}'s closes and a byte a date each, as bare arrays. */
    private static long bare(PriceSeries read, int kept) {
        long before = used();
        Object[] bare = new Object[2 * kept];
        for (int i = 0; i < kept; i++) {
            bare[2 * i] = read.adjClose().clone();
            bare[2 * i + 1] = new byte[read.size()];
        }
        long held = used() - before;
        java.lang.ref.Reference.reachabilityFence(bare);
        return held;
    }

    /**
     * The heap a StandInCloses within {@code bound} holds after a read of {@code read}'s closes for each model of {@code models},
     * how many it kept for the stand-ins' fits and how many for the replay alone (a theta forecast's).
     */
    private static long[] held(PriceSeries read, String[] models, long bound) {
        long before = used();
        StandInCloses own = new StandInCloses(ForecastModels.BUILT_IN, ScanReplay.standard(), bound);
        for (String model : models) {
            own.add(model, 20, new PriceSeries(read.symbol(), read.from(), read.to(), read.dates(), read.close(), read.adjClose().clone()));
        }
        long held = used() - before;
        long kept = own.order(null, null).size(), forReplay = 0;
        for (int i = 0; i < models.length; i++) if (models[i].equals("theta") && own.held(i) != null) forReplay++;
        java.lang.ref.Reference.reachabilityFence(own);
        return new long[]{held, kept, forReplay};
    }

    /** Heap in use after full collections (serial GC: what is reachable). */
    private static long used() {
        for (int i = 0; i < 3; i++) System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private StandInClosesMemoryBench() {}
}
