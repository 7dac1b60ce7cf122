package org.sextant.engine.analogue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Every default and bound of the matcher, in one place. The matcher version is derived from
 * this text plus the signal registry (dimensions, bins, default trust), so changing a default,
 * the dimension set, the bins or the distance semantics changes matcher_version by itself.
 */
public final class AnalogueDefaults {
    public static final String BENCHMARK = "NYSE";
    /** The Dow 30 of the sample data: the breadth universe where its dates overlap the benchmark. */
    public static final List<String> BREADTH_UNIVERSE = List.of("AA", "AXP", "T", "BA", "CAT", "C", "KO", "DD", "EK", "XOM",
            "GE", "GM", "HWP", "HD", "HON", "INTC", "IBM", "IP", "JPM", "JNJ", "MCD", "MRK", "MSFT", "MMM", "MO", "PG", "SBC",
            "UTX", "WMT", "DIS");

    public static final MatchMode MODE = MatchMode.SOFT;
    public static final int TOP_K = 100;
    public static final int TOP_K_MIN = 1;
    public static final int TOP_K_MAX = 500;
    public static final double RECENCY_HALF_LIFE_DAYS = 730;
    public static final double RECENCY_HALF_LIFE_MAX = 36_500;
    public static final double BACKFILL_WEIGHT = 0.5;
    public static final double TRUST_MAX = 10;
    /** The longest forward window; an analogue qualifies only when it closed before the as-of date. */
    public static final int MAX_HORIZON = 5;
    /** Extra trading days between the end of an analogue's forward window and the as-of date. */
    public static final int EMBARGO_DAYS = 5;
    /** Chosen analogues are at least this many trading days apart, so their 5-day outcomes never overlap. */
    public static final int MIN_SEPARATION_DAYS = 5;
    /** Hybrid falls back to the whole history when fewer thinned analogues share the tag. */
    public static final int HYBRID_MIN_ANALOGUES = 30;
    /**
     * Eligible days the shortest history must leave: ret_1d, the first dimension with a value
     * (day 2), needs two values for a spread to scale a distance by, so three closes.
     */
    public static final int MIN_ELIGIBLE_DAYS = 3;
    public static final int BOOTSTRAP_RESAMPLES = 1000;
    public static final long BOOTSTRAP_SEED = 0x5E_C7A7L;
    public static final double CI_LEVEL = 0.95;
    /**
     * Below this many independent outcomes an answer says "small sample": a 95% percentile
     * bootstrap of a mean of n normal outcomes holds only about 2·T_{n-1}(1.96·sqrt((n-1)/n)) − 1,
     * 92.9% at 20, 90.4% at 10, 88% at 7 (docs/analogues.md, "Small samples"); fat-tailed returns do worse.
     */
    public static final int SMALL_SAMPLE_OUTCOMES = 20;
    /** Default carry-forward of a user signal, in business days: a week covers holidays and weekly series. */
    public static final int MAX_FILL_DAYS = 5;
    /** Longest carry-forward a signal definition may ask for: about a year of business days. */
    public static final int MAX_FILL_DAYS_LIMIT = 260;
    /** The distance, in words; part of the version. */
    public static final String DISTANCE = "d = sqrt(sum_j t_j*((x_j-q_j)/sd_j)^2 / sum_j t_j); sd_j over eligible rows; "
            + "rows missing a matched dimension are skipped; ties: more recent first; hard = same bin on every matched dimension; "
            + "hybrid counts thinned tagged rows that have every matched dimension; "
            + "weights = 0.5^(age_days/half_life) * (backfill ? backfill_weight : 1), normalised to the newest; "
            + "quantiles weighted (Hazen); CI = circular block bootstrap of the weighted mean, block = round(n^(1/3))";

    /** What to do when compare_to_history runs out of time: its first call with new knobs scores the conformal origins, which stay scored. */
    public static final String TIMEOUT_FIX = "retry: the conformal scores built so far stay built, so the next call goes further;"
            + " or lower top_k, or use the knobs of an earlier call (its scores are reused)";

    private AnalogueDefaults() {}

    /** "analog-1+" and the first 10 hex digits of SHA-256 over the defaults and the registry. */
    public static String matcherVersion(SignalRegistry registry) {
        return "analog-1+" + digest(describe() + "#" + registry.fingerprint());
    }

    static String describe() {
        return String.join("|", BENCHMARK, String.valueOf(BREADTH_UNIVERSE), MODE.wire(), String.valueOf(TOP_K),
                String.valueOf(TOP_K_MAX), String.valueOf(RECENCY_HALF_LIFE_DAYS), String.valueOf(BACKFILL_WEIGHT),
                String.valueOf(MAX_HORIZON), String.valueOf(EMBARGO_DAYS), String.valueOf(MIN_SEPARATION_DAYS),
                String.valueOf(HYBRID_MIN_ANALOGUES), String.valueOf(BOOTSTRAP_RESAMPLES), String.valueOf(BOOTSTRAP_SEED),
                String.valueOf(CI_LEVEL), DISTANCE, "fill<=" + MAX_FILL_DAYS + " business days, never backward", String.valueOf(DailySignals.MIN_BREADTH_MEMBERS),
                // The regime rules decide what tag and hybrid modes filter on.
                String.valueOf(RegimeRules.DEEP_DRAWDOWN), String.valueOf(RegimeRules.NEAR_HIGH), String.valueOf(RegimeRules.BREADTH_HEALTHY),
                String.valueOf(RegimeRules.VOL_LOW_BELOW), String.valueOf(RegimeRules.VOL_HIGH_FROM), String.valueOf(RegimeRules.VOL_EXTREME_FROM));
    }

    static String digest(String text) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h).substring(0, 10);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
