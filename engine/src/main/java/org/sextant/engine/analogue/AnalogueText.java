package org.sextant.engine.analogue;

import java.util.Locale;
import java.util.Map;

/** Plain-text rendering for `sextant analogues`: the headline, the outcome table and the closest dates. */
public final class AnalogueText {
    private AnalogueText() {}

    /** {@code maxDates}: how many of the closest dates to list (when the response carries them). */
    public static String render(AnalogueResponse r, int maxDates) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Analogues of %s as of %s  (mode %s, %s)%n", r.benchmark(), r.tradeDate(), r.mode(), r.matcherVersion()));
        StringBuilder q = new StringBuilder();
        for (Map.Entry<String, Object> e : r.query().entrySet()) {
            if (q.length() > 0) q.append(", ");
            q.append(e.getKey()).append('=').append(e.getValue() instanceof Double d ? String.format(Locale.ROOT, "%.4g", d) : e.getValue());
        }
        sb.append(String.format(Locale.ROOT, "matched on %s%nquery: %s%n", r.matchDimensions(), q));
        if (r.hybridFallback()) sb.append("hybrid fallback: ").append(r.hybridFallbackReason()).append(System.lineSeparator());
        sb.append(String.format(Locale.ROOT, "%d analogues (%d live, %d backfill) from %d eligible days; half-life %s days%n",
                r.sampleSize(), r.liveCount(), r.backfillCount(), r.eligibleHistoryDays(), num(r.recencyHalfLifeDays())));
        if (r.novelty() != null) sb.append(novelty(r.novelty())).append(System.lineSeparator());
        if (r.dataWarning() != null) sb.append("warning: ").append(r.dataWarning()).append(System.lineSeparator());
        for (String note : r.notes()) sb.append("note: ").append(note).append(System.lineSeparator());
        if (r.headline() != null) sb.append(System.lineSeparator()).append(r.headline().text()).append(System.lineSeparator());
        sb.append(System.lineSeparator());
        sb.append(String.format(Locale.ROOT, "%-8s %5s %6s %9s %9s %6s %9s %9s %19s%n", "horizon", "n", "eff", "mean", "median", "pos%", "p5", "p95", "95% CI of mean"));
        for (int h : DailySignals.HORIZONS) {
            ForwardStats f = r.forward(h);
            sb.append(String.format(Locale.ROOT, "%-8s %5d %6s %9s %9s %6s %9s %9s %19s%n", h + "d", f.count(), num1(f.effectiveCount()),
                    AnalogueMatcher.pct(f.mean()), AnalogueMatcher.pct(f.median()), num0(f.positivePct()), AnalogueMatcher.pct(f.p5()),
                    AnalogueMatcher.pct(f.p95()), AnalogueMatcher.pct(f.ci95().low()) + ".." + AnalogueMatcher.pct(f.ci95().high())));
        }
        sb.append(calibratedBands(r));
        if (!r.regimeDistribution().isEmpty()) sb.append("regimes: ").append(r.regimeDistribution()).append(System.lineSeparator());
        if (r.analogueDates() != null && maxDates > 0) {
            sb.append(System.lineSeparator()).append(String.format(Locale.ROOT, "%-12s %9s %7s %9s %9s %9s  %s%n", "date", "distance", "weight", "fwd 1d", "fwd 3d", "fwd 5d", "regime"));
            int shown = 0;
            for (AnalogueDate a : r.analogueDates()) {
                if (shown++ == maxDates) break;
                sb.append(String.format(Locale.ROOT, "%-12s %9s %7.3f %9s %9s %9s  %s%s%n", a.date(), a.distance() == null ? "-" : String.format(Locale.ROOT, "%.3f", a.distance()),
                        a.weight(), AnalogueMatcher.pct(a.forward1d()), AnalogueMatcher.pct(a.forward3d()), AnalogueMatcher.pct(a.forward5d()),
                        a.regime() == null ? "-" : a.regime(), a.backfill() ? " (backfill)" : ""));
            }
        }
        return sb.toString();
    }

    /** One line on how close the nearest eligible day is, against how close past days' nearest days were (CLI and the Analogues view). */
    public static String novelty(AnalogueNovelty v) {
        return String.format(Locale.ROOT, "closest day at distance %.3g: farther than %.1f%% of %d sampled past days are from their own nearest"
                + " (99th percentile %.3g)%s", v.nearestDistance(), v.fartherThanPct(), v.referenceDays(), v.referenceP99Distance(),
                v.novel() ? ": no close analogue" : "");
    }

    /** The conformal bands per horizon with the share of past outcomes such bands held. */
    private static String calibratedBands(AnalogueResponse r) {
        StringBuilder sb = new StringBuilder();
        for (int h : DailySignals.HORIZONS) {
            ForwardStats.Calibration c = r.forward(h).calibration();
            if (c == null) continue;
            sb.append(String.format(Locale.ROOT, "%-8s", h + "d"));
            for (ForwardStats.CalibratedBand b : c.bands()) {
                sb.append(String.format(Locale.ROOT, "  %.0f%%: %s..%s", 100 * b.level(), AnalogueMatcher.pct(b.lower()), AnalogueMatcher.pct(b.upper())));
                if (b.empiricalCoverage() != null) {
                    sb.append(String.format(Locale.ROOT, " (held %.1f%% of %d past dates)", 100 * b.empiricalCoverage(), b.coverageOrigins()));
                }
            }
            if (c.note() != null) sb.append("  ").append(c.note());
            sb.append(System.lineSeparator());
        }
        return sb.length() == 0 ? "" : "conformal bands (calibrated on the matcher's own past errors):" + System.lineSeparator() + sb;
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    private static String num1(Double v) {
        return v == null ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String num0(Double v) {
        return v == null ? "-" : String.format(Locale.ROOT, "%.0f", v);
    }
}
