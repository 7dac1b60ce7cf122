package org.sextant.engine.analogue;

/**
 * Mean and standard deviation of each numeric dimension over the first {@code cut} rows, in
 * O(block) per call: cumulative sums are kept every BLOCK rows and the remainder is summed on the
 * fly. Values are shifted by each column's first value before summing, which keeps the
 * variance accurate. The range (min, max) is kept the same way. Standardising over eligible rows only means the scale never looks ahead.
 */
final class Standardiser {
    static final int BLOCK = 512;
    private final DailySignals s;
    private final int d;
    private final double[] shift;
    private final long[] count;
    private final double[] sum;
    private final double[] sumSq;
    private final double[] min;
    private final double[] max;

    Standardiser(DailySignals s) {
        this.s = s;
        this.d = s.dims();
        int n = s.size();
        shift = new double[d];
        for (int c = 0; c < d; c++) {
            for (int i = 0; i < n; i++) {
                double v = s.value(i, c);
                if (!Double.isNaN(v)) {
                    shift[c] = v;
                    break;
                }
            }
        }
        int blocks = n / BLOCK + 1;
        count = new long[blocks * d];
        sum = new double[blocks * d];
        sumSq = new double[blocks * d];
        min = new double[blocks * d];
        max = new double[blocks * d];
        double[] x = s.flatNumeric();
        long[] cn = new long[d];
        double[] cs = new double[d];
        double[] cq = new double[d];
        double[] lo = new double[d];
        double[] hi = new double[d];
        java.util.Arrays.fill(lo, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(hi, Double.NEGATIVE_INFINITY);
        for (int i = 0; i <= n; i++) {
            if (i % BLOCK == 0) {
                int b = i / BLOCK;
                System.arraycopy(cn, 0, count, b * d, d);
                System.arraycopy(cs, 0, sum, b * d, d);
                System.arraycopy(cq, 0, sumSq, b * d, d);
                System.arraycopy(lo, 0, min, b * d, d);
                System.arraycopy(hi, 0, max, b * d, d);
            }
            if (i == n) break;
            for (int c = 0; c < d; c++) {
                double v = x[i * d + c];
                if (!Double.isNaN(v)) {
                    double y = v - shift[c];
                    cn[c]++;
                    cs[c] += y;
                    cq[c] += y * y;
                    lo[c] = Math.min(lo[c], v);
                    hi[c] = Math.max(hi[c], v);
                }
            }
        }
    }

    /** {min, max} of column {@code c} over rows [0, cut); {+inf, -inf} without a value. */
    double[] range(int c, int cut) {
        int b = cut / BLOCK;
        double lo = min[b * d + c], hi = max[b * d + c];
        for (int i = b * BLOCK; i < cut; i++) {
            double v = s.value(i, c);
            if (!Double.isNaN(v)) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        return new double[]{lo, hi};
    }

    /** {mean, sd, count} of column {@code c} over rows [0, cut); sd NaN below two values. */
    double[] stats(int c, int cut) {
        int b = cut / BLOCK;
        long n = count[b * d + c];
        double sm = sum[b * d + c];
        double sq = sumSq[b * d + c];
        for (int i = b * BLOCK; i < cut; i++) {
            double v = s.value(i, c);
            if (!Double.isNaN(v)) {
                double y = v - shift[c];
                n++;
                sm += y;
                sq += y * y;
            }
        }
        if (n == 0) return new double[]{Double.NaN, Double.NaN, 0};
        double mean = sm / n;
        double var = n > 1 ? Math.max(0, (sq - sm * mean) / (n - 1)) : Double.NaN;
        return new double[]{mean + shift[c], Math.sqrt(var), n};
    }
}
