package org.sextant.engine.research.sweep;

import java.util.List;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.backtest.Metrics;

/**
 * Configurations [from, from + size) of a sweep, measured exactly as {@link Sweep} measures them
 * (same batches, same arithmetic): what one task of a distributed sweep computes. Chunks that
 * cover every configuration once assemble into the {@link SweepResult} a local sweep returns.
 */
public record SweepChunk(int from, Metrics[] inSample, Metrics[] outOfSample, double[][] blockSum, double[][] blockSq, int[] blockCount) {

    public int size() { return inSample.length; }

    /** Measures configurations [from, to); {@code from} must be a multiple of {@link Sweep#CHUNK} so the batches are the local ones. */
    public static SweepChunk measure(SweepKernel kernel, int from, int to, int split, double periodsPerYear) {
        if (from % Sweep.CHUNK != 0 || from < 0 || to < from || to > kernel.configurations()) {
            throw new IllegalArgumentException("chunk [" + from + ", " + to + ") must start on a multiple of " + Sweep.CHUNK + " inside 0.." + kernel.configurations());
        }
        Sweep.checkSplit(kernel.universe(), split);
        int n = to - from, bars = kernel.universe().bars();
        Metrics[] is = new Metrics[n], oos = new Metrics[n];
        double[][] sum = new double[n][Sweep.PBO_BLOCKS], sq = new double[n][Sweep.PBO_BLOCKS];
        int[] count = new int[Sweep.PBO_BLOCKS];
        double[][] ret = new double[Sweep.CHUNK][bars], expo = new double[Sweep.CHUNK][bars], traded = new double[Sweep.CHUNK][bars];
        for (int b = from; b < to; b += Sweep.CHUNK) {
            Sweep.measureBatch(kernel, b, Math.min(to, b + Sweep.CHUNK), split, periodsPerYear, ret, expo, traded, from, is, oos, sum, sq, count, null);
        }
        return new SweepChunk(from, is, oos, sum, sq, count);
    }

    /**
     * The sweep result of chunks that together cover configurations 0..n-1 of {@code kernel}
     * exactly once (in any order); refused naming the first configuration missing or repeated.
     */
    public static SweepResult assemble(SweepKernel kernel, int split, List<SweepChunk> chunks, double seconds) {
        int n = kernel.configurations();
        Metrics[] is = new Metrics[n], oos = new Metrics[n];
        double[][] sum = new double[n][], sq = new double[n][];
        int[] count = null;
        for (SweepChunk c : chunks) {
            for (int i = 0; i < c.size(); i++) {
                int k = c.from() + i;
                if (k < 0 || k >= n) throw SextantException.invalid("configuration", "configuration " + k + " is not in 0.." + (n - 1) + " of this spec",
                        "import the output of a sweep of this spec");
                if (is[k] != null) throw SextantException.invalid("configuration", "configuration " + k + " appears twice", "import one job's output folder");
                is[k] = c.inSample()[i];
                oos[k] = c.outOfSample()[i];
                sum[k] = c.blockSum()[i];
                sq[k] = c.blockSq()[i];
            }
            count = c.blockCount();
        }
        for (int k = 0; k < n; k++) {
            if (is[k] == null) throw SextantException.invalid("configuration", "configuration " + k + " of " + n + " is missing",
                    "import a finished job's complete output folder");
        }
        return new SweepResult(kernel, split, is, oos, null, sum, sq, count, (long) n * kernel.universe().assets() * kernel.universe().bars(), seconds);
    }
}
