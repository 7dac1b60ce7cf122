package org.sextant.engine.research;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.sextant.engine.forecast.CalibrationNotes;
import org.sextant.engine.forecast.OutlierReturns;
import org.sextant.engine.forecast.PeriodicCloses;
import org.sextant.engine.ingest.PeriodicDates;
import org.sextant.engine.research.sweep.Universe;

/**
 * The data_warning of each symbol's closes as a run reads them (its range, on the bars its symbols share), with the rule
 * and wording forecasts and charts use ({@link OutlierReturns}): a run reads an unadjusted 1:10 reverse split as a +900%
 * day, and its out-of-sample figures rest on it (attack 12, M2). Daily closes whose dates are spaced further apart than
 * trading days, weekly, monthly, quarterly or so ({@link PeriodicCloses}), are warned about too: the run annualises them
 * with 252 bars a year (attack 13, M1; attack 14, M1), as daily prices read on weekdays are ({@link org.sextant.engine.research.sweep.BarAxis#weekdayDaily}).
 * {@code verdictNotes} cite in the verdict the closes named, saying which window each falls in, and such spacing.
 */
record RunDataWarnings(List<String> warnings, List<String> verdictNotes) {
    /** Symbols, and closes of one symbol, the verdict's note names at most; the warnings name every symbol. */
    static final int NAMED_IN_VERDICT = 5;

    /** {@code intervals}: a symbol's stored intervals, for the spacing warning's fix (read only when it warns). */
    static RunDataWarnings of(Universe u, int split, Function<String, List<String>> intervals) {
        List<String> warnings = new ArrayList<>(), named = new ArrayList<>();
        List<String> labels = u.labels();
        int[] gaps = CalibrationNotes.gaps(u.dates()); // bars by their session dates, as a bar forecast's warning
        for (int a = 0; a < u.assets(); a++) {
            OutlierReturns.Findings f = OutlierReturns.findings(u.symbols().get(a), labels, u.close()[a], gaps);
            if (f.warning() == null) continue;
            warnings.add(f.warning());
            List<String> flags = f.flags().stream().limit(NAMED_IN_VERDICT).map(g -> "a " + g.what() + " on " + labels.get(g.index())
                    + (g.index() >= split ? " (out of sample)" : " (in sample)")).toList();
            int unnamed = f.flags().size() - flags.size();
            named.add(u.symbols().get(a) + " " + String.join(", ", flags) + (unnamed > 0 ? " and " + unnamed + " more" : ""));
        }
        List<String> notes = new ArrayList<>();
        String spaced = spacing(u, intervals, warnings);
        if (!named.isEmpty()) {
            String more = named.size() > NAMED_IN_VERDICT ? " and " + (named.size() - NAMED_IN_VERDICT) + " more symbols" : "";
            notes.add("the closes hold " + String.join("; ", named.subList(0, Math.min(NAMED_IN_VERDICT, named.size()))) + more
                    + ", each read as a real move: the figures of that window rest on it (see the warnings)");
        }
        if (spaced != null) notes.add(spaced);
        return new RunDataWarnings(List.copyOf(warnings), List.copyOf(notes));
    }

    /**
     * Adds the warning of daily closes dated further apart than trading days to {@code warnings} and answers the verdict's
     * note of it; null when the run reads bars at an interval (annualised by their own count) or its dates, whole and
     * recent, are daily.
     */
    private static String spacing(Universe u, Function<String, List<String>> intervals, List<String> warnings) {
        if (!u.axis().weekdayDaily()) return null;
        String w = PeriodicCloses.warning(u.symbols(), u.dates(), intervals);
        if (w == null) return null;
        warnings.add(w);
        PeriodicDates.Part part = PeriodicDates.judged(u.dates());
        PeriodicDates.Spacing s = part.spacing();
        return "the " + (part.recent() ? "last " + part.dates() + " dates it reads (from " + part.from() + ")" : "dates it reads") + " are a median "
                + PeriodicDates.days(s.medianDays()) + " apart, " + (s.kind() != null ? s.prices() : "far wider than trading days,") + " read as daily ones: its annual figures"
                + " count " + String.format(java.util.Locale.ROOT, "%.0f", u.axis().barsPerYear()) + " of them a year (see the warnings)";
    }
}
