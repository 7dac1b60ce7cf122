package org.sextant.engine.analogue;

import java.util.List;
import java.util.Locale;
import org.sextant.engine.SextantException;

/**
 * One signal dimension: its name, kind, the bin edges hard mode compares (numeric; ascending,
 * a value v falls in bin k when edges[k-1] <= v < edges[k]), the labels (categorical), the
 * trust the matcher gives it by default, where it comes from (builtin or user), and for a user
 * signal how many business days its last observation is carried forward ({@link ForwardFill}).
 */
public record SignalDefinition(String name, SignalKind kind, List<Double> bins, List<String> levels,
                               double defaultTrust, String description, String origin, int maxFillDays) {

    public static final String BUILTIN = "builtin";
    public static final String USER = "user";
    public static final int DEFAULT_MAX_FILL_DAYS = AnalogueDefaults.MAX_FILL_DAYS;
    public static final int MAX_FILL_DAYS_LIMIT = AnalogueDefaults.MAX_FILL_DAYS_LIMIT;
    /**
     * Largest magnitude of a numeric signal value (stored or asked about): the matcher squares
     * distances, and ±1e308 overflowed them to Infinity (every analogue "at distance Infinity", or
     * the dimension dropped as having no spread). Rates, indices, spreads and volumes sit far below.
     */
    public static final double MAX_MAGNITUDE = 1e15;

    /** Whether a numeric signal value can be matched on: finite and within ±{@link #MAX_MAGNITUDE}. */
    public static boolean inRange(double v) {
        return Math.abs(v) <= MAX_MAGNITUDE;
    }

    /** A definition with the default carry-forward. */
    public SignalDefinition(String name, SignalKind kind, List<Double> bins, List<String> levels,
                            double defaultTrust, String description, String origin) {
        this(name, kind, bins, levels, defaultTrust, description, origin, DEFAULT_MAX_FILL_DAYS);
    }

    /**
     * The rules every definition keeps, each named by its own field as import_signal reports it
     * (the one message of old blamed the name for bins out of order). What only a new user signal
     * must keep (distinct levels, trust up to 10) is checked in {@link #user}, so a definition
     * stored before those rules still reads.
     */
    public SignalDefinition {
        if (name == null || !name.matches("[a-z][a-z0-9_]{0,39}")) {
            throw SextantException.invalid("name", "signal name must be lower_snake_case, 1..40 characters (got '" + name + "')", "use a name such as vix or credit_spread");
        }
        bins = bins == null ? List.of() : List.copyOf(bins);
        levels = levels == null ? List.of() : List.copyOf(levels);
        for (int i = 1; i < bins.size(); i++) {
            if (!(bins.get(i) > bins.get(i - 1))) {
                throw SextantException.invalid("bins", "bins of " + name + " must ascend: " + bins, "list the bin edges from low to high, each once, e.g. 15, 20, 30");
            }
        }
        if (kind == SignalKind.CATEGORICAL && levels.isEmpty()) {
            throw SextantException.invalid("levels", "categorical signal " + name + " needs its levels", "pass the labels the file uses, e.g. LOW, HIGH");
        }
        if (!(defaultTrust >= 0)) throw SextantException.invalid("default_trust", "default trust of " + name + " must be >= 0 (got " + defaultTrust + ")", "pass a trust from 0 (ignored) up");
        if (maxFillDays < 0 || maxFillDays > MAX_FILL_DAYS_LIMIT) {
            throw SextantException.invalid("max_fill_days", "max_fill_days must be in 0.." + MAX_FILL_DAYS_LIMIT + " (got " + maxFillDays + ")",
                    "pass the business days a value stays valid (e.g. 5 for a weekly series, 23 for a monthly one, 0 for exact dates), or omit it for "
                            + DEFAULT_MAX_FILL_DAYS);
        }
    }

    /**
     * A user signal's definition as import_signal names it, every rule checked with an error
     * naming the field: {@code kind} numeric (null: the default) or categorical with its levels
     * (and no bins), {@code maxFillDays} 0..MAX_FILL_DAYS_LIMIT (null: the default), a
     * lower_snake_case name, ascending bins, distinct levels and a trust 0..10 (null: 1).
     */
    public static SignalDefinition user(String name, String kind, List<Double> bins, List<String> levels, Double defaultTrust,
                                        String description, Integer maxFillDays) {
        boolean categorical = kind != null && kind.trim().equalsIgnoreCase("categorical");
        if (kind != null && !categorical && !kind.trim().equalsIgnoreCase("numeric")) {
            throw SextantException.invalid("kind", "kind must be numeric or categorical (got '" + kind + "')",
                    "omit kind for a numeric signal, or pass \"categorical\" with its levels");
        }
        if (categorical && bins != null && !bins.isEmpty()) {
            throw SextantException.invalid("bins", "a categorical signal has levels, not bins", "drop bins; hard mode compares the levels");
        }
        if (categorical && levels != null && new java.util.HashSet<>(levels).size() < levels.size()) {
            throw SextantException.invalid("levels", "the levels of " + name + " name a label twice: " + levels, "list each label once");
        }
        if (defaultTrust != null && !(defaultTrust >= 0 && defaultTrust <= AnalogueDefaults.TRUST_MAX)) {
            throw SextantException.invalid("default_trust", "default trust of " + name + " must be in 0.." + (int) AnalogueDefaults.TRUST_MAX + " (got " + defaultTrust + ")",
                    "pass a trust from 0 (ignored) to " + (int) AnalogueDefaults.TRUST_MAX + ", or omit it for 1");
        }
        return new SignalDefinition(name, categorical ? SignalKind.CATEGORICAL : SignalKind.NUMERIC, bins, categorical ? levels : List.of(),
                defaultTrust == null ? 1.0 : defaultTrust, description, USER, maxFillDays == null ? DEFAULT_MAX_FILL_DAYS : maxFillDays);
    }

    /** This definition carrying its last observation forward at most {@code days} business days. */
    public SignalDefinition withMaxFillDays(int days) {
        return new SignalDefinition(name, kind, bins, levels, defaultTrust, description, origin, days);
    }

    public static SignalDefinition numeric(String name, double trust, String description, double... edges) {
        List<Double> b = new java.util.ArrayList<>();
        for (double e : edges) b.add(e);
        return new SignalDefinition(name, SignalKind.NUMERIC, b, List.of(), trust, description, BUILTIN);
    }

    public static SignalDefinition categorical(String name, String description, String... levels) {
        return new SignalDefinition(name, SignalKind.CATEGORICAL, List.of(), List.of(levels), 0.0, description, BUILTIN);
    }

    public boolean numeric() { return kind == SignalKind.NUMERIC; }

    /** Bin index of {@code v} (0..bins.size()), or -1 for a missing value. */
    public int binOf(double v) {
        if (Double.isNaN(v)) return -1;
        int k = 0;
        while (k < bins.size() && v >= bins.get(k)) k++;
        return k;
    }

    /** Human label of bin {@code k}, e.g. "<-0.01", "-0.01..0.01", ">=0.01". */
    public String binLabel(int k) {
        if (k < 0) return null;
        if (bins.isEmpty()) return "all";
        if (k == 0) return "<" + fmt(bins.get(0));
        if (k == bins.size()) return ">=" + fmt(bins.get(k - 1));
        return fmt(bins.get(k - 1)) + ".." + fmt(bins.get(k));
    }

    /** Level code of a label (case-insensitive), or -1. */
    public int levelOf(String label) {
        if (label == null) return -1;
        for (int i = 0; i < levels.size(); i++) {
            if (levels.get(i).equalsIgnoreCase(label.trim())) return i;
        }
        return -1;
    }

    private static String fmt(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e9 ? String.valueOf((long) d) : String.format(Locale.ROOT, "%s", d);
    }
}
