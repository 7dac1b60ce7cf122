package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.forecast.store.StoredForecast.LevelCoverage;

/**
 * What a calibrated answer's {@code calibration_note} says about its bands: levels the residuals
 * cannot support, gaps in the closes whose residuals were left out, and a horizon long against
 * the history. One place for the live answer and for a stored one read back (the store keeps no notes).
 */
public final class CalibrationNotes {
    private CalibrationNotes() {}

    /** The note of a calibrated answer ({@code calibration} as used), or null when there is nothing to say. */
    public static String of(List<LocalDate> dates, int[] breaks, int liveResiduals, double[] levels, String calibration) {
        return notes(thinNote(liveResiduals, levels, calibration), gapNote(dates, breaks, calibration));
    }

    /**
     * The note of a calibrated answer whose residuals (k per step at the live origin) cannot
     * support some levels ({@link org.sextant.engine.forecast.calibration.ConformalBands#supports}),
     * or null.
     */
    private static String thinNote(int k, double[] levels, String calibration) {
        if (!calibration.equals(BandCalibration.CONFORMAL.wire())) return null; // adaptive falls back only where its working level asks it
        StringBuilder ls = new StringBuilder();
        for (double l : levels) {
            if (!org.sextant.engine.forecast.calibration.ConformalBands.supports(k, l)) ls.append(ls.length() == 0 ? "" : ", ").append(Math.round(l * 1000) / 10.0).append('%');
        }
        if (ls.length() == 0) return null;
        return k + " residuals per step cannot support the " + ls + " band (the extremes alone under-cover); "
                + "the model's own band is shown there, widened to at least the largest residuals";
    }

    /**
     * The note of adaptive bands a higher level of which is a lower level's band at every step, or
     * null: its working level fell to or below the lower one's (few recent misses), and the bands
     * are nested, so the higher level says no more than the lower one.
     */
    public static String sameBandNote(Forecast f, double[] levels, String calibration) {
        if (!calibration.equals(BandCalibration.ADAPTIVE.wire())) return null;
        double[] sorted = levels.clone();
        java.util.Arrays.sort(sorted);
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < sorted.length; i++) {
            QuantileBand lower = f.band(sorted[i - 1]), higher = f.band(sorted[i]);
            if (java.util.Arrays.equals(lower.lower(), higher.lower()) && java.util.Arrays.equals(lower.upper(), higher.upper())) {
                sb.append(sb.length() == 0 ? "" : "; ").append("the adaptive ").append(pct(sorted[i])).append(" band is the ").append(pct(sorted[i - 1]))
                        .append(" band at every step: few recent misses lowered its working level to the lower one's");
            }
        }
        return sb.length() == 0 ? null : sb.toString();
    }

    private static String pct(double level) {
        return Math.round(level * 1000) / 10.0 + "%";
    }

    /** Consecutive daily closes more than this many calendar days apart are a gap, not a weekend or holiday (at most 7 in the sample data). */
    public static final int GAP_DAYS = 10;

    /**
     * Indices i where dates[i] is more than max({@link #GAP_DAYS}, 5 × the median spacing) calendar
     * days after dates[i−1]: a gap in daily closes, while weekly or monthly closes (bars at 1w, 1mo)
     * are measured against their own spacing.
     */
    public static int[] gaps(List<LocalDate> dates) {
        List<Integer> out = new ArrayList<>();
        if (dates.size() < 2) return new int[0];
        long[] d = new long[dates.size() - 1];
        for (int i = 1; i < dates.size(); i++) d[i - 1] = java.time.temporal.ChronoUnit.DAYS.between(dates.get(i - 1), dates.get(i));
        long[] sorted = d.clone();
        java.util.Arrays.sort(sorted);
        long limit = gapDays(sorted[sorted.length / 2]);
        for (int i = 1; i < dates.size(); i++) if (d[i - 1] > limit) out.add(i);
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Calendar days between consecutive dates beyond which {@link #gaps} sees a gap, given the upper median spacing. */
    static long gapDays(long medianSpacing) {
        return Math.max(GAP_DAYS, 5 * medianSpacing);
    }

    /** The note of a calibrated answer whose closes have gaps, or null. */
    private static String gapNote(List<LocalDate> dates, int[] breaks, String calibration) {
        if (breaks.length == 0 || calibration.equals(BandCalibration.MODEL.wire())) return null;
        StringBuilder sb = new StringBuilder();
        for (int b : breaks) {
            sb.append(sb.length() == 0 ? "" : ", ").append(dates.get(b - 1)).append(" to ").append(dates.get(b))
                    .append(" (").append(java.time.temporal.ChronoUnit.DAYS.between(dates.get(b - 1), dates.get(b))).append(" days)");
        }
        return "gap" + (breaks.length > 1 ? "s" : "") + " in the closes, " + sb + ": residuals spanning "
                + (breaks.length > 1 ? "them" : "it") + " are left out of the calibration";
    }

    /**
     * The note of a forecast whose horizon is longer than half the closes (or bars) it was fitted
     * on, or null: its median and bands then extrapolate a model over a span the history has
     * barely shown once (KO's 120 monthly closes forecast 260 months ahead). The numbers stand.
     */
    public static String horizonNote(int historyRows, int horizon) {
        if (2L * horizon <= historyRows) return null;
        return "horizon " + horizon + " steps is more than half the " + historyRows + " closes the model was fitted on: "
                + "the median and bands extrapolate far past what the history shows; read them as a rough guide, or use a shorter horizon";
    }

    /**
     * Fewest walk-forward origins an empirical coverage is reported from: one origin's band either holds
     * or not, and a 12-close series reported "1.0" from one.
     */
    public static final int MIN_COVERAGE_ORIGINS = 30;

    /** The coverage with each level's empirical figure null when it rests on fewer than {@link #MIN_COVERAGE_ORIGINS} origins. */
    public static List<LevelCoverage> measured(List<LevelCoverage> coverage) {
        if (coverage == null) return null;
        return coverage.stream().map(c -> c.origins() < MIN_COVERAGE_ORIGINS && c.empirical() != null
                ? new LevelCoverage(c.level(), null, c.origins()) : c).toList();
    }

    /** Says why coverage is null when too few origins measured it, or null. */
    public static String coverageNote(List<LevelCoverage> coverage) {
        if (coverage == null || coverage.isEmpty() || coverage.get(0).origins() >= MIN_COVERAGE_ORIGINS) return null;
        int n = coverage.get(0).origins();
        return "empirical coverage is null: " + n + " walk-forward origin(s), fewer than the " + MIN_COVERAGE_ORIGINS
                + " it needs to be measured (an origin every " + LiveCalibration.EVERY + " closes: about " + (MIN_COVERAGE_ORIGINS - n) * LiveCalibration.EVERY
                + " closes more history)";
    }

    /** The non-null notes joined, or null. */
    public static String notes(String... parts) {
        String out = null;
        for (String p : parts) if (p != null) out = out == null ? p : out + "; " + p;
        return out;
    }
}
