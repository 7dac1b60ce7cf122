package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;

/**
 * Spikes in the closes a model fits (a close stored 100 times too large for one day, a bad tick, or
 * up to {@link #MAX_RUN} such closes in a row): a log return beyond {@link #TIMES_MEDIAN} times the
 * median absolute log return and beyond {@link #FLOOR}, that the return after the last wrong close
 * takes at least half back. A genuine crash is not
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
    /** Most wrong closes in a row a spike may hold (a bad tick repeated by a feed for a day or two). */
    public static final int MAX_RUN = 3;
    /**
     * The smallest absolute log return of the LAST close that is warned about (1.0: 2.7 times or a
     * 2.7th of the one before): no next close says whether it falls back, so only a jump far past
     * what a real day does is named; forecasts start from it and analogues match on it.
     */
    public static final double LAST_FLOOR = 1.0;

    private OutlierReturns() {}

    /**
     * A spike: the {@code closes} closes from {@code index} on (1 to {@link #MAX_RUN}) jumped {@code jump} in log from the one
     * before, and the return after the last of them was {@code back}.
     */
    public record Spike(int index, double jump, double back, int closes) {
        /** A spike of one close. */
        public Spike(int index, double jump, double back) {
            this(index, jump, back, 1);
        }
    }

    /** The spikes of {@code closes} in order; closes that are not positive and finite give no return. */
    public static List<Spike> find(double[] closes) {
        double[] r = returns(closes);
        return find(r, medianAbs(r));
    }

    /** The spikes in the log returns {@code r}, whose median absolute value is {@code medianAbs}. */
    static List<Spike> find(double[] r, double medianAbs) {
        double limit = Math.max(FLOOR, TIMES_MEDIAN * medianAbs);
        List<Spike> out = new ArrayList<>();
        for (int i = 0; i + 1 < r.length; i++) {
            if (!(Math.abs(r[i]) > limit)) continue;
            int run = run(r, i);
            if (run == 0) continue;
            out.add(new Spike(i + 1, r[i], r[i + run], run));
            i += run; // the return that came back is not a jump of its own
        }
        return out;
    }

    /** The log returns of {@code closes}, NaN where a close is not positive and finite. */
    static double[] returns(double[] closes) {
        int n = closes.length;
        double[] r = new double[Math.max(0, n - 1)];
        for (int i = 1; i < n; i++) {
            double a = closes[i - 1], b = closes[i];
            r[i - 1] = valid(a, b) ? Math.log(b / a) : Double.NaN;
        }
        return r;
    }

    /**
     * How many closes from return {@code i} on stay jumped, 1 to {@link #MAX_RUN}, before a return of the other sign
     * takes at least {@link #REVERSED} of the jump back; 0 when none does. The closes inside a run move less than
     * that share of the jump, so a level that steps and drifts is not a run.
     */
    private static int run(double[] r, int i) {
        double jump = r[i], sum = jump;
        for (int k = 1; k <= MAX_RUN && i + k < r.length; k++) {
            double next = r[i + k];
            if (Double.isNaN(next)) return 0;
            sum += next;
            if (Math.signum(next) != Math.signum(jump) && Math.abs(sum) <= (1 - REVERSED) * Math.abs(jump)) return k;
            if (Math.abs(next) > REVERSED * Math.abs(jump)) return 0; // a second jump, or a fall that does not come back far enough
        }
        return 0;
    }

    /**
     * The warning an answer carries for the probable unadjusted splits ({@link UnadjustedSplits}) and the spikes of
     * {@code closes}, each named by its {@code labels} entry (a date, or a bar's open time), or null when there is none.
     */
    public static String warning(String symbol, List<String> labels, double[] closes) {
        return warning(symbol, labels, closes, new int[0]);
    }

    /**
     * As above, for closes with gaps: {@code gaps} holds the indices of closes that follow a gap in the dates
     * ({@link CalibrationNotes#gaps}); a return across one spans months, not a day, and is no split.
     */
    public static String warning(String symbol, List<String> labels, double[] closes, int[] gaps) {
        return findings(symbol, labels, closes, gaps).warning();
    }

    /** A close a warning names: its index and what it is ("1:10 reverse split", "bad tick", "last-close jump"). */
    public record Flag(int index, String what) {}

    /**
     * The warning (null when none), the probable unadjusted splits (a scan does not rank a symbol with one) and
     * each close the warning names, in the order named, every one of them (the text names 5 of a kind; a backtest
     * says which of its windows each falls in).
     */
    public record Findings(String warning, List<UnadjustedSplits.Split> splits, List<Flag> flags) {}

    /** The splits, flags and warning of {@code closes} from one pass over their returns. */
    public static Findings findings(String symbol, List<String> labels, double[] closes, int[] gaps) {
        double[] r = returns(closes);
        double median = medianAbs(r); // once: a series of 2,000,000 bars sorts its returns for it
        List<UnadjustedSplits.Split> splits = UnadjustedSplits.find(r, median, gaps);
        List<Spike> spikes = find(r, median);
        List<Flag> flags = new ArrayList<>();
        for (UnadjustedSplits.Split s : splits) flags.add(new Flag(s.index(), s.name()));
        for (Spike s : spikes) flags.add(new Flag(s.index(), "bad tick"));
        String last = lastJump(symbol, labels, closes, r); // the last close: no later one shows a split stays
        if (last != null) flags.add(new Flag(closes.length - 1, "last-close jump"));
        return new Findings(warning(symbol, labels::get, i -> closes[i], splits, spikes, last), splits, List.copyOf(flags));
    }

    /**
     * The warning of the splits, spikes and last-close jump found (null when none), each close named by {@code label}
     * and read by {@code close} at its index in the series: a long series' warning needs only the closes it names.
     */
    static String warning(String symbol, IntFunction<String> label, IntToDoubleFunction close, List<UnadjustedSplits.Split> splits,
                          List<Spike> spikes, String last) {
        List<String> parts = new ArrayList<>();
        if (!splits.isEmpty()) parts.add(UnadjustedSplits.warning(symbol, label, close, splits));
        if (!spikes.isEmpty()) parts.add(spikesWarning(symbol, label, close, spikes));
        if (last != null) parts.add(last);
        return parts.isEmpty() ? null : String.join(". ", parts);
    }

    /** The probable unadjusted splits of {@code closes} ({@link UnadjustedSplits}), none across the gaps {@code gaps} (see {@link #warning(String, List, double[], int[])}). */
    public static List<UnadjustedSplits.Split> splits(double[] closes, int[] gaps) {
        double[] r = returns(closes);
        return UnadjustedSplits.find(r, medianAbs(r), gaps);
    }

    /** The warning for a last close of {@code closes} (log returns {@code r}) beyond {@link #LAST_FLOOR} and {@link #TIMES_MEDIAN} times the median move before it, or null. */
    private static String lastJump(String symbol, List<String> labels, double[] closes, double[] r) {
        int n = closes.length;
        if (n < 3 || !valid(closes[n - 2], closes[n - 1])) return null;
        return lastJump(symbol, labels.get(n - 1), closes[n - 2], closes[n - 1], medianAbs(Arrays.copyOf(r, n - 2)));
    }

    /**
     * As above, for a last close {@code b} labelled {@code label} after {@code a}, with {@code medianBefore} the median
     * absolute log return of the closes up to {@code a}; the series has 3 closes or more.
     */
    static String lastJump(String symbol, String label, double a, double b, double medianBefore) {
        if (!valid(a, b)) return null;
        double jump = Math.log(b / a);
        if (!(Math.abs(jump) > Math.max(LAST_FLOOR, TIMES_MEDIAN * medianBefore))) return null;
        return String.format(Locale.ROOT, "%s: the last close, %s (%.6g), is x%.3g the one before (log return %+.2f), far past a real day's move;"
                + " no later close shows whether it falls back, and forecasts start from it and analogues match on it: check that row and re-import it if it is wrong",
                symbol, label, b, Math.exp(jump), jump);
    }

    /** Whether a log return can be taken from close {@code a} to close {@code b}. */
    static boolean valid(double a, double b) {
        return a > 0 && b > 0 && Double.isFinite(a) && Double.isFinite(b);
    }

    private static String spikesWarning(String symbol, IntFunction<String> label, IntToDoubleFunction close, List<Spike> spikes) {
        List<String> named = new ArrayList<>();
        for (Spike s : spikes.subList(0, Math.min(MAX_NAMED, spikes.size()))) {
            int last = s.index() + s.closes() - 1;
            named.add(s.closes() == 1
                    ? String.format(Locale.ROOT, "%s (close %.6g, x%.3g the one before, log return %+.2f, then %+.2f)",
                            label.apply(s.index()), close.applyAsDouble(s.index()), Math.exp(s.jump()), s.jump(), s.back())
                    : String.format(Locale.ROOT, "%s to %s (%d closes in a row, x%.3g the one before, log return %+.2f, closes %.6g to %.6g, then %+.2f)",
                            label.apply(s.index()), label.apply(last), s.closes(), Math.exp(s.jump()), s.jump(), close.applyAsDouble(s.index()),
                            close.applyAsDouble(last), s.back()));
        }
        int all = spikes.stream().mapToInt(Spike::closes).sum(), unnamed = spikes.size() > MAX_NAMED
                ? spikes.subList(MAX_NAMED, spikes.size()).stream().mapToInt(Spike::closes).sum() : 0;
        String more = unnamed > 0 ? " and " + unnamed + " more" : "";
        return symbol + ": " + all + " close(s) jump and fall straight back, as a bad tick does: " + String.join("; ", named) + more
                + ". Forecasts, backtests and analogues are computed from the stored closes as they are: check those rows (sextant's SQL console, run_select on "
                + "prices or bars) and re-import corrected prices if they are wrong";
    }

    static double medianAbs(double[] r) {
        double[] a = Arrays.stream(r).filter(Double::isFinite).map(Math::abs).sorted().toArray();
        if (a.length == 0) return 0;
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
