package org.sextant.engine.analogue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ordered set of signal dimensions a {@link DailySignals} carries. Numeric and categorical
 * dimensions keep separate column numbers; the order is part of the matcher's fingerprint.
 */
public final class SignalRegistry {
    // dup: the dimensions' wire names, one constant each; alike only in shape to other name lists
    public static final String RET_1D = "ret_1d";
    public static final String RET_5D = "ret_5d";
    public static final String RET_20D = "ret_20d";
    public static final String VOL_20D = "vol_20d";
    public static final String DIST_SMA50 = "dist_sma50";
    public static final String DIST_SMA200 = "dist_sma200";
    public static final String RSI_14 = "rsi_14";
    public static final String DRAWDOWN_252 = "drawdown_252";
    public static final String BREADTH_50 = "breadth_50";
    public static final String VOL_REGIME = "vol_regime";
    public static final String REGIME = "regime";

    private final List<SignalDefinition> all;
    private final Map<String, SignalDefinition> byName = new LinkedHashMap<>();
    private final Map<String, Integer> column = new LinkedHashMap<>();
    private final List<SignalDefinition> numeric = new ArrayList<>();
    private final List<SignalDefinition> categorical = new ArrayList<>();

    public SignalRegistry(List<SignalDefinition> definitions) {
        this.all = List.copyOf(definitions);
        for (SignalDefinition d : all) {
            if (byName.put(d.name(), d) != null) throw new IllegalArgumentException("signal defined twice: " + d.name());
            if (d.numeric()) {
                column.put(d.name(), numeric.size());
                numeric.add(d);
            } else {
                column.put(d.name(), categorical.size());
                categorical.add(d);
            }
        }
    }

    /** The dimensions computed from prices (docs/analogues.md explains each, its bins and trust). */
    public static SignalRegistry builtin() {
        return new SignalRegistry(builtinDefinitions());
    }

    public static List<SignalDefinition> builtinDefinitions() {
        return List.of(
                SignalDefinition.numeric(RET_1D, 0.5, "benchmark return over 1 day (fraction)", -0.01, 0.01),
                SignalDefinition.numeric(RET_5D, 0.75, "benchmark return over 5 days (fraction)", -0.02, 0.02),
                SignalDefinition.numeric(RET_20D, 1.0, "benchmark return over 20 days (fraction)", -0.04, 0.04),
                SignalDefinition.numeric(VOL_20D, 1.0, "realised volatility of daily log returns over 20 days, annualised (fraction)",
                        RegimeRules.VOL_LOW_BELOW, RegimeRules.VOL_HIGH_FROM, RegimeRules.VOL_EXTREME_FROM),
                SignalDefinition.numeric(DIST_SMA50, 1.0, "close / 50-day average - 1", -0.03, 0.03),
                SignalDefinition.numeric(DIST_SMA200, 1.0, "close / 200-day average - 1", -0.05, 0.05),
                SignalDefinition.numeric(RSI_14, 0.75, "Wilder RSI over 14 days (0..100)", 30, 70),
                SignalDefinition.numeric(DRAWDOWN_252, 1.0, "close / highest close of the last 252 days - 1 (<= 0)", -0.15, -0.05),
                SignalDefinition.numeric(BREADTH_50, 1.0, "% of the breadth universe closing above its 50-day average (0..100)", 35, 65),
                SignalDefinition.categorical(VOL_REGIME, "volatility regime from vol_20d", RegimeRules.VOL_LEVELS.toArray(String[]::new)),
                SignalDefinition.categorical(REGIME, "regime tag from the rules in docs/analogues.md", RegimeRules.REGIME_LEVELS.toArray(String[]::new)));
    }

    /** This registry plus user signals appended (their names must be new). */
    public SignalRegistry with(List<SignalDefinition> more) {
        List<SignalDefinition> list = new ArrayList<>(all);
        list.addAll(more);
        return new SignalRegistry(list);
    }

    public List<SignalDefinition> all() { return Collections.unmodifiableList(all); }
    public List<SignalDefinition> numeric() { return Collections.unmodifiableList(numeric); }
    public List<SignalDefinition> categorical() { return Collections.unmodifiableList(categorical); }
    public SignalDefinition get(String name) { return byName.get(name); }
    public boolean has(String name) { return byName.containsKey(name); }
    public List<String> names() { return List.copyOf(byName.keySet()); }

    /** Column of a dimension within its kind (numeric or categorical). */
    public int column(String name) {
        Integer c = column.get(name);
        if (c == null) throw new IllegalArgumentException("unknown signal " + name);
        return c;
    }

    /** Stable text of every definition, for the matcher version. */
    String fingerprint() {
        StringBuilder sb = new StringBuilder();
        for (SignalDefinition d : all) {
            sb.append(d.name()).append('|').append(d.kind()).append('|').append(d.bins()).append('|')
                    .append(d.levels()).append('|').append(d.defaultTrust());
            // The carry-forward changes a user signal's values, hence the matches.
            if (SignalDefinition.USER.equals(d.origin())) sb.append("|fill=").append(d.maxFillDays());
            sb.append(';');
        }
        return sb.toString();
    }
}
