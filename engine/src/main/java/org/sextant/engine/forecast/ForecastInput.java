package org.sextant.engine.forecast;

import org.sextant.engine.SextantException;

/** Checks of a forecast request; every failure names the field and the fix. */
public final class ForecastInput {
    private ForecastInput() {}

    public static void check(double[] history, int period, int horizon, double[] levels, int minLength, String model) {
        if (history == null) throw SextantException.invalid("history", "no history given", "pass the observed values, oldest first");
        if (period < 1) throw SextantException.invalid("period", "period must be >= 1, got " + period, "use 1 for non-seasonal data, 12 for monthly, 4 for quarterly, 5 for business days");
        if (horizon < 1) throw SextantException.invalid("horizon", "horizon must be >= 1, got " + horizon, "ask for at least one step ahead");
        if (history.length < minLength) {
            throw SextantException.invalid("history", "model " + model + " needs at least " + minLength + " observations at period " + period + ", got " + history.length,
                    "supply a longer history or choose a simpler model (naive, drift)");
        }
        for (int i = 0; i < history.length; i++) {
            if (!Double.isFinite(history[i])) {
                throw SextantException.invalid("history", "value " + (i + 1) + " is " + history[i], "remove or fill missing values before forecasting");
            }
        }
        checkLevels(levels);
    }

    /**
     * A live forecast looks at most as far ahead as the history it was fitted on: 12 closes gave a "99%" band
     * 260 days ahead that lay wholly above every close seen. {@code unit}: "closes" or "bars"; {@code minLength}: the
     * model's shortest history, below which its own check names the symbol as too short (whatever the horizon).
     */
    public static void checkHorizonWithinHistory(int closes, int horizon, int minLength, String unit) {
        if (closes < Math.max(1, minLength) || horizon <= closes) return;
        throw SextantException.invalid("horizon", "horizon " + horizon + " steps is longer than the " + closes + " " + unit
                + " of history: a forecast cannot look further ahead than the history it is fitted on",
                "set horizon to " + closes + " or less (the longest this history supports), or import a longer history");
    }

    /** Most coverage levels one forecast may ask for (each level is a band computed and stored). */
    public static final int MAX_LEVELS = org.sextant.contract.Bounds.MAX_LEVELS;
    /** The lowest level a band may have (the schema's bound). */
    public static final double MIN_LEVEL = org.sextant.contract.Bounds.MIN_LEVEL;

    public static void checkLevels(double[] levels) {
        if (levels == null) throw SextantException.invalid("levels", "no levels given", "pass levels such as 0.8, 0.95, 0.99");
        if (levels.length > MAX_LEVELS) {
            throw SextantException.invalid("levels", levels.length + " levels given, more than " + MAX_LEVELS, "pass at most " + MAX_LEVELS + " levels, e.g. 0.8, 0.95, 0.99");
        }
        for (int i = 0; i < levels.length; i++) {
            double l = levels[i];
            if (!(l >= MIN_LEVEL && l < 1)) {
                throw SextantException.invalid("levels", "level " + l + " is outside " + MIN_LEVEL + " up to (not including) 1",
                        "give coverage levels as fractions from " + MIN_LEVEL + " to below 1, e.g. 0.8, 0.95, 0.99 (a narrower band is no useful range)");
            }
            for (int j = 0; j < i; j++) {
                if (levels[j] == l) {
                    throw SextantException.invalid("levels", "level " + l + " is asked twice", "give distinct levels, each once, e.g. 0.8, 0.95, 0.99");
                }
            }
        }
    }

    /** For models on the log scale: every value must be strictly positive. */
    public static void checkPositive(double[] history) {
        for (int i = 0; i < history.length; i++) {
            if (!(history[i] > 0)) {
                throw SextantException.invalid("history", "value " + (i + 1) + " is " + history[i] + " but a log-scale model needs positive prices",
                        "use a model on the natural scale, or clean non-positive prices");
            }
        }
    }
}
