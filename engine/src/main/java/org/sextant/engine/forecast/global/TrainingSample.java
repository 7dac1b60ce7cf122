package org.sextant.engine.forecast.global;

import java.util.Arrays;
import java.util.Random;

/**
 * Which stored closes train the global model of prices, chosen from every training symbol's count
 * before any close is read, so training holds at most {@code maxCloses} closes whatever the size
 * of the store. Under the cap every series trains whole (the model is the one trained before the
 * cap). Over it, each series keeps its most recent closes, the same number L for every series
 * longer than L (the largest L that fits: the recent past is what is forecast); and when even
 * {@link #minimumPart} closes of each do not fit, a seeded draw of the series keeps as many as fit.
 * A part cut from a longer series draws origins only where every member's window is observed,
 * as in the whole series, instead of padding the cut as the start of a young series.
 */
final class TrainingSample {
    /**
     * The most closes training holds: 4,000,000 doubles, 32 MB, a few percent of the app's heap
     * (docs/forecast.md). Each series' windows are drawn from them; training draws 256,000 windows a
     * member (1000 steps of 256), so the cap leaves more distinct windows than a member sees.
     */
    static final long MAX_CLOSES = 4_000_000;
    /** A training window needs this many observed values (as {@code GlobalModel}). */
    private static final int MIN_OBSERVED = 3;

    /** Closes [from, to) of a stored series' n. */
    record Part(int from, int to) {
        int length() { return to - from; }
    }

    private final Part[] parts;
    private final int firstOrigin;
    private final long windows, windowsOfAll;

    private TrainingSample(Part[] parts, int firstOrigin, long windows, long windowsOfAll) {
        this.parts = parts;
        this.firstOrigin = firstOrigin;
        this.windows = windows;
        this.windowsOfAll = windowsOfAll;
    }

    /**
     * The parts of series whose training parts are {@code lengths} long (oldest first, each the
     * first {@link GlobalPriceModels#trainingLength} of its closes), for config c, holding at most
     * {@code maxCloses}.
     */
    static TrainingSample choose(int[] lengths, GlobalConfig c, long maxCloses) {
        int h = c.horizon(), lookback = Arrays.stream(c.lookbacks()).max().orElseThrow();
        long all = 0, windowsOfAll = 0;
        for (int p : lengths) {
            all += p;
            windowsOfAll += wholeWindows(p, h, c.recentOrigins());
        }
        Part[] parts = new Part[lengths.length];
        if (all <= maxCloses) {
            for (int i = 0; i < lengths.length; i++) parts[i] = new Part(0, lengths[i]);
            return new TrainingSample(parts, 0, windowsOfAll, windowsOfAll);
        }
        int least = minimumPart(c), keep = least;
        if (held(lengths, least) <= maxCloses) {
            int hi = Arrays.stream(lengths).max().orElseThrow(); // held(hi) = all > maxCloses
            while (hi - keep > 1) { // the largest L with held(L) <= maxCloses
                int mid = (keep + hi) >>> 1;
                if (held(lengths, mid) <= maxCloses) keep = mid; else hi = mid;
            }
            for (int i = 0; i < lengths.length; i++) parts[i] = new Part(Math.max(0, lengths[i] - keep), lengths[i]);
        } else {
            long room = maxCloses;
            for (int i : drawOrder(lengths.length, c.seed())) {
                int take = Math.min(lengths[i], least);
                if (take > room) continue;
                parts[i] = new Part(lengths[i] - take, lengths[i]);
                room -= take;
            }
        }
        long windows = 0;
        for (Part p : parts) {
            if (p != null) windows += p.from() == 0 ? wholeWindows(p.length(), h, c.recentOrigins()) : Math.max(0, Math.min(p.length() - h - lookback + 1, c.recentOrigins()));
        }
        return new TrainingSample(parts, lookback - 1, windows, windowsOfAll);
    }

    /** The fewest closes a cut part keeps: every member's window and target at the last 20 origins (the calibration's). */
    static int minimumPart(GlobalConfig c) {
        return Arrays.stream(c.lookbacks()).max().orElseThrow() + c.horizon() + 19;
    }

    /** Closes held when every series keeps at most {@code keep}. */
    private static long held(int[] lengths, int keep) {
        long sum = 0;
        for (int p : lengths) sum += Math.min(p, keep);
        return sum;
    }

    /** The training windows of a whole part of p closes: origins from the third value on with h values after them. */
    private static long wholeWindows(int p, int h, int recentOrigins) {
        return Math.max(0, Math.min(p - h - MIN_OBSERVED + 1, recentOrigins));
    }

    private static int[] drawOrder(int n, long seed) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Random r = new Random(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1), t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }

    /** Series i's closes to read, null when it is left out. */
    Part part(int i) { return parts[i]; }

    int series() { return parts.length; }

    /** Series with a part to read. */
    int seriesRead() { return (int) Arrays.stream(parts).filter(p -> p != null).count(); }

    /** Whether any close of a training part is left out. */
    boolean sampled() { return windows != windowsOfAll || Arrays.stream(parts).anyMatch(p -> p == null || p.from() > 0); }

    /** The first origin a part cut from a longer series draws (0 for a whole part: GlobalModel's own rule). */
    int firstOrigin(Part p) { return p.from() > 0 ? firstOrigin : 0; }

    /** Training windows in the parts read, and in the whole training parts. */
    long windows() { return windows; }

    long windowsOfAll() { return windowsOfAll; }

    /** Closes the parts read hold. */
    long closes() { return Arrays.stream(parts).filter(p -> p != null).mapToLong(Part::length).sum(); }
}
