package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One-bar spikes in the closes a model fits (a close stored 100 times too large for one day, a
 * bad tick): a log return beyond {@link #TIMES_MEDIAN} times the median absolute log return and
 * beyond {@link #FLOOR}, that the next return takes at least half back. A genuine crash is not
 * undone the next bar (the Dow Jones average on 19 October 1987 fell 0.26 in log and won back 0.06), so it is not named.
 * Answers only warn: the forecast is made from the stored closes as they are.
 */
public final class OutlierReturns {
    /** How many times the median absolute log return a spike exceeds. */
    public static final double TIMES_MEDIAN = 12;
    /** The smallest absolute log return that is a spike (0.25: a 28% rise or a 22% fall). */
    public static final double FLOOR = 0.25;
    /** Share of the jump the next return must take back (what is left is at most half of it). */
    public static final double REVERSED = 0.5;
    private static final int MAX_NAMED = 5;

    private OutlierReturns() {}

    /** A spike: the close at {@code index} jumped {@code jump} in log from the one before, and the next return was {@code back}. */
    public record Spike(int index, double jump, double back) {}

    /** The spikes of {@code closes} in order; closes that are not positive and finite give no return. */
    public static List<Spike> find(double[] closes) {
        int n = closes.length;
        double[] r = new double[Math.max(0, n - 1)];
        for (int i = 1; i < n; i++) {
            double a = closes[i - 1], b = closes[i];
            r[i - 1] = a > 0 && b > 0 && Double.isFinite(a) && Double.isFinite(b) ? Math.log(b / a) : Double.NaN;
        }
        double limit = Math.max(FLOOR, TIMES_MEDIAN * medianAbs(r));
        List<Spike> out = new ArrayList<>();
        for (int i = 0; i + 1 < r.length; i++) {
            double jump = r[i], back = r[i + 1];
            if (!(Math.abs(jump) > limit) || Double.isNaN(back) || Math.signum(back) == Math.signum(jump)) continue;
            if (Math.abs(jump + back) <= (1 - REVERSED) * Math.abs(jump)) out.add(new Spike(i + 1, jump, back));
        }
        return out;
    }

    /**
     * The warning an answer carries for the spikes of {@code closes}, each named by its {@code labels}
     * entry (a date, or a bar's open time), or null when there is none.
     */
    public static String warning(String symbol, List<String> labels, double[] closes) {
        List<Spike> spikes = find(closes);
        if (spikes.isEmpty()) return null;
        List<String> named = new ArrayList<>();
        for (Spike s : spikes.subList(0, Math.min(MAX_NAMED, spikes.size()))) {
            named.add(String.format(Locale.ROOT, "%s (close %.6g, x%.3g the one before, log return %+.2f, then %+.2f)",
                    labels.get(s.index()), closes[s.index()], Math.exp(s.jump()), s.jump(), s.back()));
        }
        String more = spikes.size() > MAX_NAMED ? " and " + (spikes.size() - MAX_NAMED) + " more" : "";
        return symbol + ": " + spikes.size() + " close(s) jump and fall straight back, as a bad tick does: " + String.join("; ", named) + more
                + ". The forecast is computed from the stored closes as they are: check those rows (sextant's SQL console, run_select on "
                + "prices or bars) and re-import corrected prices if they are wrong";
    }

    private static double medianAbs(double[] r) {
        double[] a = Arrays.stream(r).filter(Double::isFinite).map(Math::abs).sorted().toArray();
        if (a.length == 0) return 0;
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
