package org.sextant.engine.analogue;

import java.util.List;

/**
 * The written rules for the two categorical dimensions (docs/analogues.md repeats them).
 * They use only the row's own trailing signals, so a tag never looks ahead.
 */
public final class RegimeRules {
    /** Annualised 20-day volatility edges: LOW below 10%, NORMAL to 18%, HIGH to 28%, EXTREME above. */
    public static final double VOL_LOW_BELOW = 0.10;
    public static final double VOL_HIGH_FROM = 0.18;
    public static final double VOL_EXTREME_FROM = 0.28;
    public static final List<String> VOL_LEVELS = List.of("LOW", "NORMAL", "HIGH", "EXTREME");

    public static final String RISK_ON = "RISK-ON";
    public static final String TRANSITIONAL = "TRANSITIONAL";
    public static final String CAUTIOUS = "CAUTIOUS";
    public static final String RISK_OFF = "RISK-OFF";
    public static final List<String> REGIME_LEVELS = List.of(RISK_ON, TRANSITIONAL, CAUTIOUS, RISK_OFF);

    /** A drawdown this deep from the 252-day high is RISK-OFF whatever else holds. */
    public static final double DEEP_DRAWDOWN = -0.15;
    /** RISK-ON needs the benchmark within 5% of its 252-day high. */
    public static final double NEAR_HIGH = -0.05;
    /** RISK-ON needs at least half the breadth universe above its 50-day average (when breadth is known). */
    public static final double BREADTH_HEALTHY = 50.0;

    private RegimeRules() {}

    /** Level code of VOL_LEVELS, or -1 when volatility is unknown. */
    public static int volRegime(double vol20) {
        if (Double.isNaN(vol20)) return -1;
        if (vol20 < VOL_LOW_BELOW) return 0;
        if (vol20 < VOL_HIGH_FROM) return 1;
        if (vol20 < VOL_EXTREME_FROM) return 2;
        return 3;
    }

    /**
     * Level code of REGIME_LEVELS, or -1 when the inputs are not yet defined.
     * RISK-OFF: drawdown <= -15%, or below the 200-day average with HIGH/EXTREME volatility.
     * RISK-ON: above both averages, within 5% of the high, volatility LOW/NORMAL, breadth >= 50% (if known).
     * CAUTIOUS: below the 200-day average otherwise. TRANSITIONAL: everything else.
     */
    public static int regime(double distSma50, double distSma200, double drawdown252, double vol20, double breadth50) {
        if (Double.isNaN(distSma50) || Double.isNaN(distSma200) || Double.isNaN(drawdown252) || Double.isNaN(vol20)) return -1;
        int vol = volRegime(vol20);
        if (drawdown252 <= DEEP_DRAWDOWN || (distSma200 < 0 && vol >= 2)) return 3;
        boolean breadthOk = Double.isNaN(breadth50) || breadth50 >= BREADTH_HEALTHY;
        if (distSma200 > 0 && distSma50 > 0 && drawdown252 > NEAR_HIGH && vol <= 1 && breadthOk) return 0;
        if (distSma200 < 0) return 2;
        return 1;
    }
}
