package org.sextant.engine.forecast.global;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * A store of {@code symbols} random walks of {@code days} closes each, as a reader of training
 * closes: only the parts asked for are made (a walk is generated afresh for each), and it counts
 * the closes it hands over, which is what training holds.
 */
final class SyntheticStore implements GlobalPriceModels.TrainingCloses {
    private final int symbols, days;
    long closesHandedOver;

    SyntheticStore(int symbols, int days) {
        this.symbols = symbols;
        this.days = days;
    }

    @Override
    public List<double[]> read(Function<int[], TrainingSample> choose) {
        int[] counts = new int[symbols];
        Arrays.fill(counts, days);
        TrainingSample s = choose.apply(counts);
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < symbols; i++) {
            TrainingSample.Part p = s.part(i);
            if (p == null) continue;
            out.add(walk(i, p.from(), p.to()));
            closesHandedOver += p.length();
        }
        return out;
    }

    /** Closes [from, to) of symbol i's walk. */
    private static double[] walk(int i, int from, int to) {
        Random r = new Random(i);
        double[] y = new double[to - from];
        double v = 50;
        for (int t = 0; t < to; t++) {
            if (t > 0) v *= Math.exp(0.01 * r.nextGaussian());
            if (t >= from) y[t - from] = v;
        }
        return y;
    }
}
