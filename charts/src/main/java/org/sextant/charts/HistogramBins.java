package org.sextant.charts;

import java.util.Arrays;

/**
 * Equal-width bins of a sample for a histogram: {@code count} bins between the sample's minimum
 * and maximum, a value on an inner edge going to the bin on its right and the maximum to the
 * last bin. Missing values (NaN) are left out.
 */
public record HistogramBins(double[] edges, int[] counts) {

    /** Bins for a sample of {@code n}: about √n, between 5 and 40 (a hundred analogues get ten). */
    public static int binsFor(int n) {
        return Math.max(5, Math.min(40, (int) Math.ceil(Math.sqrt(n))));
    }

    public static HistogramBins of(double[] values, int count) {
        if (count < 1) throw new IllegalArgumentException("a histogram needs at least one bin");
        double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).toArray();
        if (v.length == 0) return new HistogramBins(new double[0], new int[0]);
        double lo = Arrays.stream(v).min().getAsDouble(), hi = Arrays.stream(v).max().getAsDouble();
        if (hi == lo) { // one value: one bin around it
            double half = lo == 0 ? 0.5 : Math.abs(lo) * 0.05;
            lo -= half;
            hi += half;
        }
        double width = (hi - lo) / count;
        double[] edges = new double[count + 1];
        for (int i = 0; i <= count; i++) edges[i] = lo + i * width;
        edges[count] = hi; // no rounding drift at the top
        int[] counts = new int[count];
        for (double x : v) counts[Math.min(count - 1, (int) Math.floor((x - lo) / width))]++;
        return new HistogramBins(edges, counts);
    }

    public int size() { return counts.length; }
    public double centre(int bin) { return (edges[bin] + edges[bin + 1]) / 2; }
    public int total() { return Arrays.stream(counts).sum(); }
}
