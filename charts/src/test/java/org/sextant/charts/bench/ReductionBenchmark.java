package org.sextant.charts.bench;

import io.fair_acc.chartfx.renderer.RendererDataReducer;
import io.fair_acc.chartfx.renderer.datareduction.DefaultDataReducer;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import org.sextant.charts.MinMaxColumnReducer;

/**
 * Harness: line reduction of a large daily-like series onto a 1000-pixel plot, chartfx's
 * DefaultDataReducer (the baseline) against MinMaxColumnReducer, in the same run. Prints the
 * time per reduction and how far a column's drawn high/low can be from the true one, in pixels.
 *
 * <p>Run: {@code ./mvnw -q -pl charts -am test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=org.sextant.charts.bench.ReductionBenchmark}
 */
public final class ReductionBenchmark {
    private static final int PIXELS = 1000;
    private static final int RUNS = 21;

    public static void main(String[] args) {
        System.out.println("| points | reducer | points kept | median ms | worst column high/low miss, px (lower bound) |");
        System.out.println("|---:|---|---:|---:|---:|");
        for (int n : new int[] {100_000, 1_000_000, 5_000_000}) {
            double[][] screen = randomWalkOnScreen(n);
            RendererDataReducer[] reducers = {new DefaultDataReducer(), new MinMaxColumnReducer()};
            long[][] nanos = new long[reducers.length][RUNS];
            int[] kept = new int[reducers.length];
            double[][][] out = new double[reducers.length][][];
            // the reducers take turns in every run, so load from other processes hits both alike
            for (int run = -10; run < RUNS; run++) { // ten warm-up runs
                for (int r = 0; r < reducers.length; r++) {
                    Result result = reduce(n, screen, reducers[r]);
                    if (run >= 0) nanos[r][run] = result.nanos();
                    kept[r] = result.kept();
                    out[r] = new double[][] {result.x(), result.y()};
                }
            }
            for (int r = 0; r < reducers.length; r++) {
                Arrays.sort(nanos[r]);
                System.out.printf(Locale.ROOT, "| %,d | %s | %,d | %.2f | %.1f |%n", n, reducers[r].getClass().getSimpleName(),
                        kept[r], nanos[r][RUNS / 2] / 1e6, worstExtremeError(screen, out[r][0], out[r][1], kept[r]));
            }
        }
    }

    private record Result(long nanos, int kept, double[] x, double[] y) {}

    private static Result reduce(int n, double[][] screen, RendererDataReducer reducer) {
        double[] x = screen[0].clone();
        double[] y = screen[1].clone();
        double[] yErrPos = screen[1].clone();
        double[] yErrNeg = screen[1].clone();
        long start = System.nanoTime();
        int kept = reducer.reducePoints(x, y, null, null, yErrPos, yErrNeg, new String[n], new boolean[n], 0, n);
        return new Result(System.nanoTime() - start, kept, x, y);
    }

    /** Largest distance, over all columns, between the true column high (or low) and the drawn one. */
    private static double worstExtremeError(double[][] screen, double[] keptX, double[] keptY, int kept) {
        double[] trueMin = new double[PIXELS + 1];
        double[] trueMax = new double[PIXELS + 1];
        double[] drawnMin = new double[PIXELS + 1];
        double[] drawnMax = new double[PIXELS + 1];
        Arrays.fill(trueMin, Double.MAX_VALUE);
        Arrays.fill(trueMax, -Double.MAX_VALUE);
        Arrays.fill(drawnMin, Double.MAX_VALUE);
        Arrays.fill(drawnMax, -Double.MAX_VALUE);
        for (int i = 0; i < screen[0].length; i++) {
            int c = (int) screen[0][i];
            trueMin[c] = Math.min(trueMin[c], screen[1][i]);
            trueMax[c] = Math.max(trueMax[c], screen[1][i]);
        }
        // generous to the reducer: a column counts as covering everything up to its kept points'
        // neighbours, as if the segments to them stayed inside it; the error is a lower bound
        for (int i = 0; i < kept; i++) {
            int c = (int) keptX[i];
            double lo = keptY[i];
            double hi = keptY[i];
            for (int k = Math.max(0, i - 1); k <= Math.min(kept - 1, i + 1); k++) {
                lo = Math.min(lo, keptY[k]);
                hi = Math.max(hi, keptY[k]);
            }
            drawnMin[c] = Math.min(drawnMin[c], lo);
            drawnMax[c] = Math.max(drawnMax[c], hi);
        }
        double worst = 0;
        for (int c = 0; c <= PIXELS; c++) {
            if (trueMax[c] == -Double.MAX_VALUE) continue;
            if (drawnMax[c] == -Double.MAX_VALUE) continue; // no kept point in the column: not counted
            worst = Math.max(worst, Math.max(trueMax[c] - drawnMax[c], drawnMin[c] - trueMin[c]));
        }
        return worst;
    }

    /** A daily-return random walk (1% volatility) scaled onto a 1000 x 500 pixel plot. */
    private static double[][] randomWalkOnScreen(int n) {
        Random random = new Random(42);
        double[] x = new double[n];
        double[] y = new double[n];
        double price = 100;
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            price *= Math.exp(0.01 * random.nextGaussian());
            y[i] = price;
            min = Math.min(min, price);
            max = Math.max(max, price);
            x[i] = (double) i * PIXELS / n;
        }
        for (int i = 0; i < n; i++) {
            y[i] = 500 - (y[i] - min) / (max - min) * 500; // screen y grows downwards
        }
        return new double[][] {x, y};
    }
}
