package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;

import java.util.ArrayList;
import java.util.List;

/**
 * Exponential smoothing with automatic model selection: every admissible combination of
 * error (A/M), trend (N/A/Ad) and season (N/A/M) is fitted by maximum likelihood and the
 * lowest AICc wins. As in R's ets: additive error is not paired with a multiplicative season
 * (numerically unstable), multiplicative parts need strictly positive data, seasonal models
 * need two full seasons and a period of 2..24, and a model needs more observations than
 * parameters + 1 for its AICc to exist.
 */
public final class AutoEts implements Forecaster {
    private final List<EtsSpec> fixed;
    private final String name;

    /** Automatic selection among all admissible models. */
    public AutoEts() { this("ets", null); }

    /** A single model (e.g. "A,N,N" = simple exponential smoothing); fails when it is not admissible. */
    public static AutoEts fixed(String name, String code) { return new AutoEts(name, List.of(EtsSpec.of(code))); }

    private AutoEts(String name, List<EtsSpec> fixed) {
        this.name = name;
        this.fixed = fixed;
    }

    @Override public String name() { return name; }

    @Override public int minLength(int period) {
        if (fixed == null) return 5;
        return Math.max(5, fixed.get(0).parameterCount(period) + 3);
    }

    @Override
    public Forecast compute(double[] y, int period, int h, double[] levels) {
        EtsModel best = select(y, period);
        return best.forecast(name, h, levels);
    }

    /** The fitted model with the lowest AICc among the candidates. */
    public EtsModel select(double[] y, int m) {
        EtsModel best = null;
        for (EtsSpec spec : candidates(y, m)) {
            EtsModel fit = EtsFitter.fit(y, m, spec);
            if (fit == null) continue;
            if (best == null || fit.aicc() < best.aicc()) best = fit;
        }
        // additive simple smoothing is always feasible
        return best != null ? best : EtsFitter.fit(y, m, new EtsSpec(false, EtsSpec.Trend.N, EtsSpec.Season.N));
    }

    List<EtsSpec> candidates(double[] y, int m) {
        if (fixed != null) return fixed;
        boolean positive = SeasonalAdjustment.allPositive(y);
        boolean canSeason = m > 1 && m <= 24 && y.length >= 2 * m;
        List<EtsSpec> out = new ArrayList<>();
        for (boolean me : new boolean[] {false, true}) {
            if (me && !positive) continue;
            for (EtsSpec.Trend tr : EtsSpec.Trend.values()) {
                for (EtsSpec.Season se : EtsSpec.Season.values()) {
                    if (se != EtsSpec.Season.N && !canSeason) continue;
                    if (se == EtsSpec.Season.M && (!me || !positive)) continue;
                    EtsSpec spec = new EtsSpec(me, tr, se);
                    if (y.length <= spec.parameterCount(m) + 2) continue;
                    out.add(spec);
                }
            }
        }
        if (out.isEmpty()) out.add(new EtsSpec(false, EtsSpec.Trend.N, EtsSpec.Season.N));
        return out;
    }
}
