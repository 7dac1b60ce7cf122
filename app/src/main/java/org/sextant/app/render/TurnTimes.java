package org.sextant.app.render;

/**
 * How long recent pictures held the turn, per pixel: what a picture waiting in line expects the pictures ahead
 * of it, and itself, to take. The fastest of the last {@link #KEPT} rates is used, so an estimate errs short and a
 * picture is refused early only when even that cannot fit its budget; none yet (just started): unknown (0).
 */
final class TurnTimes {
    static final int KEPT = 8;
    private final double[] nanosPerPixel = new double[KEPT];
    private int count; // guarded by this

    synchronized void record(long pixels, long nanos) {
        if (pixels <= 0 || nanos <= 0) return;
        nanosPerPixel[count++ % KEPT] = (double) nanos / pixels;
    }

    /** Nanoseconds a picture of {@code pixels} is expected to hold the turn, 0 when unknown. */
    synchronized long expected(long pixels) {
        if (count == 0 || pixels <= 0) return 0;
        double fastest = Double.MAX_VALUE;
        for (int i = 0; i < Math.min(count, KEPT); i++) fastest = Math.min(fastest, nanosPerPixel[i]);
        return (long) (fastest * pixels);
    }
}
