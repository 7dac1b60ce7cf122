package org.sextant.engine.forecast.global;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The blocked training pass computes the gradient of the batch's mean absolute error: checked
 * weight by weight against finite differences of the loss of {@link Mlp#predict}, the one-sample
 * forward pass written separately. A batch of 7 leaves an incomplete block of four. With window
 * weights (the relative loss) the gradient is that of the weighted loss.
 */
class MlpTest {
    @Test
    void trainingGradientsMatchFiniteDifferencesOfThePredictedLoss() {
        check(null);
    }

    @Test
    void weightedTrainingGradientsMatchFiniteDifferencesOfTheWeightedLoss() {
        check(new double[] {0.2, 3, 1, 0.5, 1.7, 0.01, 0.6});
    }

    /**
     * The weights after 20 seeded steps (batches of 7, weighted every other step) are those the
     * flat layout of the first release gave, byte for byte: every published M3 figure of the global
     * model was trained with that code and must reproduce (docs/benchmarks.md).
     */
    @Test
    void trainingGivesTheWeightsThePublishedFiguresWereTrainedWith() throws Exception {
        Mlp net = new Mlp(new int[] {12, 32, 32, 5}, 42);
        Mlp.Trainer trainer = net.new Trainer();
        Random r = new Random(5);
        double[][] xs = new double[7][12], ys = new double[7][5];
        double[] weights = {0.5, 1, 2, 0.1, 1.5, 1, 0.9};
        for (int s = 0; s < 20; s++) {
            for (double[] x : xs) for (int i = 0; i < 12; i++) x[i] = r.nextGaussian();
            for (double[] y : ys) for (int i = 0; i < 5; i++) y[i] = r.nextGaussian();
            trainer.step(xs, ys, s % 2 == 0 ? weights : null, 1e-2);
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        net.write(new java.io.DataOutputStream(bytes));
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(bytes.toByteArray());
        assertEquals(13116, bytes.size());
        assertEquals("bbd40c05", String.format("%08x", crc.getValue()), "CRC32 of the trained network as the flat layout wrote it");
    }

    private static void check(double[] weights) {
        Mlp net = new Mlp(new int[] {5, 8, 6, 3}, 11);
        Random r = new Random(3);
        double[][] xs = new double[7][5], ys = new double[7][3];
        for (double[] x : xs) for (int i = 0; i < x.length; i++) x[i] = r.nextGaussian();
        for (double[] y : ys) for (int j = 0; j < y.length; j++) y[j] = r.nextGaussian();
        Mlp.Trainer trainer = net.new Trainer();
        double loss = trainer.gradients(xs, ys, weights);
        assertEquals(loss(net, xs, ys, weights), loss, 1e-12, "the training pass and predict agree on the loss");
        double eps = 1e-6;
        for (int l = 0; l < 3; l++) {
            double[][] w = net.weights(l), g = trainer.weightGradient(l);
            for (int i = 0; i < w.length; i++) {
                for (int j = 0; j < w[i].length; j++) {
                    double keep = w[i][j];
                    w[i][j] = keep + eps;
                    double up = loss(net, xs, ys, weights);
                    w[i][j] = keep - eps;
                    double down = loss(net, xs, ys, weights);
                    w[i][j] = keep;
                    assertEquals((up - down) / (2 * eps), g[i][j], 1e-6, "layer " + l + " weight " + i + "," + j);
                }
            }
        }
    }

    private static double loss(Mlp net, double[][] xs, double[][] ys, double[] weights) {
        double sum = 0;
        for (int s = 0; s < xs.length; s++) {
            double[] p = net.predict(xs[s]);
            for (int j = 0; j < p.length; j++) sum += (weights == null ? 1 : weights[s]) * Math.abs(p[j] - ys[s][j]);
        }
        return sum / (xs.length * ys[0].length);
    }
}
