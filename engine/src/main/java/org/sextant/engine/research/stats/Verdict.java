package org.sextant.engine.research.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The plain-word conclusion shown beside a result, with the figures that decided it, e.g.
 * "not significant: DSR 0.410 after 240 configurations; PBO 0.62".
 *
 * <p>Rules (each threshold is the conventional 5% / one-half level): the result is
 * <b>significant</b> only when the DSR is at least 0.95, the PBO is below 0.5, the haircut
 * p-value (when computed) is at most 0.05, and the placebo p-value (when run) is at most 0.05.
 * A sweep of one configuration has no PBO (nothing was selected among configurations; the DSR
 * still deflates by the session's configurations): the reasons say "PBO not computed (one
 * configuration)"; likewise a sweep whose configurations all tie ("PBO not computed (configurations tie
 * ...)"). An undefined figure is never cited as a number: its reason is. It is <b>not significant</b> when the DSR is below 0.95 (or undefined) or the haircut p-value
 * is above 0.05; it is <b>likely overfit</b> when only the PBO fails, and <b>no timing
 * skill</b> when only the placebo fails. A strategy whose equity reached 0 is <b>ruined</b>,
 * whatever its figures ({@link #ruined}).
 */
public record Verdict(String label, String headline, List<String> reasons) {
    public static final double DSR_LEVEL = 0.95;
    public static final double PBO_LEVEL = 0.5;
    public static final double P_LEVEL = 0.05;
    public static final String RUINED = "ruined";
    /** Which way the chosen configuration held its assets: what a failed placebo says the returns came from. */
    public enum Held {
        LONG("holding the assets, not from when they were held"),
        SHORT("being short the assets, not from when they were shorted"),
        LONG_AND_SHORT("the long and short positions themselves, not from when each was taken");

        final String source;

        Held(String source) { this.source = source; }

        /** How {@code positions[asset][bar]} held: short when none was above 0, long and short when both signs occur, else long. */
        public static Held of(double[][] positions) {
            boolean longs = false, shorts = false;
            for (double[] asset : positions) for (double w : asset) { longs |= w > 0; shorts |= w < 0; }
            return shorts ? (longs ? LONG_AND_SHORT : SHORT) : LONG;
        }
    }

    /**
     * A p-value as read: three decimals from 0.001, two digits below (0.000 said nothing of 1e-5 against 1e-300), and below
     * what a double holds (about 1e-308, where it is 0) as its base-10 log, {@code log10}, which is exact there.
     */
    public static String pValue(double p, double log10) {
        if (p >= 0.001) return String.format(Locale.ROOT, "%.3f", p);
        if (p >= Double.MIN_NORMAL) return String.format(Locale.ROOT, "%.1e", p);
        return Double.isFinite(log10) ? String.format(Locale.ROOT, "below 1e-308 (10^%.1f)", log10) : "below 1e-308";
    }

    /** What a failed placebo means: said beside its p-value, since the DSR may pass on the same returns. */
    static String placeboFails(Held held) {
        return " (the same positions shifted to random dates did as well: the returns came from " + held.source + ")";
    }

    /** The verdict with a fact every figure rests on (how they were annualised) at the end of its headline and reasons. */
    public Verdict stating(String fact) {
        List<String> more = new ArrayList<>(reasons);
        more.add(fact);
        return new Verdict(label, headline + "; " + fact, List.copyOf(more));
    }

    /** The verdict with {@code reason} after its other reasons; its label and headline, which its rules decide, unchanged. */
    public Verdict noting(String reason) {
        List<String> more = new ArrayList<>(reasons);
        more.add(reason);
        return new Verdict(label, headline, List.copyOf(more));
    }

    /**
     * This verdict overruled by ruin: the label is "ruined" and the headline and first reason say
     * on which day the equity reached 0; the figures' own reasons follow.
     */
    public Verdict ruined(java.time.LocalDate day, boolean outOfSample) {
        String why = "ruined on " + day + " (" + (outOfSample ? "out of sample" : "in sample")
                + "): that day lost all the equity, which stays at 0 from then on; the figures are taken up to that day";
        List<String> more = new ArrayList<>();
        more.add(why);
        more.addAll(reasons);
        return new Verdict(RUINED, why, List.copyOf(more));
    }

    /**
     * @param dsr                  deflated Sharpe ratio of the chosen configuration
     * @param configurations       configurations tried in the session (N of the DSR)
     * @param sweepConfigurations  configurations in this sweep (one has no PBO)
     * @param pbo                  PBO of the sweep, or NaN when it could not be computed
     * @param haircutP             adjusted p-value of the haircut Sharpe, or NaN
     * @param placeboP             placebo p-value, or NaN
     */
    public static Verdict of(double dsr, long configurations, int sweepConfigurations, double pbo, double haircutP, double placeboP) {
        return of(dsr, null, configurations, sweepConfigurations, pbo, null, haircutP, null, placeboP);
    }

    /**
     * As {@link #of(double, long, int, double, double, double)}, saying why a figure is undefined
     * (NaN) instead of citing it: {@code dsrWhy}, {@code pboWhy} and {@code haircutWhy} (each
     * may be null: a generic reason, or for the haircut nothing).
     */
    public static Verdict of(double dsr, String dsrWhy, long configurations, int sweepConfigurations, double pbo, String pboWhy,
                             double haircutP, String haircutWhy, double placeboP) {
        return of(dsr, dsrWhy, configurations, sweepConfigurations, pbo, pboWhy, haircutP, haircutWhy, placeboP, Held.LONG);
    }

    /** As above, a failed placebo saying what the returns came from as the configuration held its assets ({@code held}). */
    public static Verdict of(double dsr, String dsrWhy, long configurations, int sweepConfigurations, double pbo, String pboWhy,
                             double haircutP, String haircutWhy, double placeboP, Held held) {
        return of(dsr, dsrWhy, configurations, sweepConfigurations, pbo, pboWhy, haircutP, Math.log10(haircutP), haircutWhy, placeboP, held);
    }

    /** As above, with the haircut p-value's base-10 log ({@link Haircut#log10AdjustedPValue}): said where the p-value is below a double. */
    public static Verdict of(double dsr, String dsrWhy, long configurations, int sweepConfigurations, double pbo, String pboWhy,
                             double haircutP, double haircutLog10P, String haircutWhy, double placeboP, Held held) {
        List<String> bad = new ArrayList<>(), good = new ArrayList<>();
        String dsrText = Double.isNaN(dsr)
                ? String.format(Locale.ROOT, "DSR undefined after %d configuration%s (%s)", configurations, configurations == 1 ? "" : "s",
                        dsrWhy != null ? dsrWhy : "no variation in returns, or moments outside the formula's range")
                : String.format(Locale.ROOT, "DSR %.3f after %d configuration%s", dsr, configurations, configurations == 1 ? "" : "s");
        boolean dsrFails = !(dsr >= DSR_LEVEL);   // NaN fails
        (dsrFails ? bad : good).add(dsrText);
        boolean haircutFails = !Double.isNaN(haircutP) && haircutP > P_LEVEL;
        if (!Double.isNaN(haircutP)) (haircutFails ? bad : good).add("haircut p-value " + pValue(haircutP, haircutLog10P));
        boolean pboFails = !Double.isNaN(pbo) && pbo >= PBO_LEVEL;
        if (!Double.isNaN(pbo)) (pboFails ? bad : good).add(String.format(Locale.ROOT, "PBO %.2f", pbo));
        // said even beside "significant": the reader must see that the overfitting check did not run
        List<String> notes = new ArrayList<>();
        if (Double.isNaN(pbo)) notes.add(sweepConfigurations == 1 ? "PBO not computed (one configuration)"
                : pboWhy != null ? "PBO not computed (" + pboWhy + ")" : "PBO undefined");
        if (Double.isNaN(haircutP) && haircutWhy != null) notes.add("haircut not computed (" + haircutWhy + ")");
        boolean placeboFails = !Double.isNaN(placeboP) && placeboP > P_LEVEL;
        // a strong DSR beside "no timing skill" reads as a contradiction unless the placebo says what it tested
        if (!Double.isNaN(placeboP)) (placeboFails ? bad : good).add(String.format(Locale.ROOT, "placebo p-value %.3f", placeboP)
                + (placeboFails ? placeboFails(held) : ""));

        String label;
        if (dsrFails || haircutFails) label = "not significant";
        else if (pboFails) label = "likely overfit";
        else if (placeboFails) label = "no timing skill";
        else label = "significant";
        List<String> reasons = new ArrayList<>(bad);
        reasons.addAll(good);
        reasons.addAll(notes);
        List<String> said = new ArrayList<>(label.equals("significant") ? good : bad);
        if (label.equals("significant")) said.addAll(notes);
        String headline = label + ": " + String.join("; ", said);
        return new Verdict(label, headline, List.copyOf(reasons));
    }
}
