package org.sextant.engine.research;

import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.forecast.CalibrationNotes;
import org.sextant.engine.forecast.OutlierReturns;
import org.sextant.engine.research.sweep.Universe;

/**
 * The data_warning of each symbol's closes as a run reads them (its range, on the bars its symbols share), with the rule
 * and wording forecasts and charts use ({@link OutlierReturns}): a run reads an unadjusted 1:10 reverse split as a +900%
 * day, and its out-of-sample figures rest on it (attack 12, M2). {@code verdictNote} cites the closes named in the
 * verdict, saying which window each falls in; null when nothing is named.
 */
record RunDataWarnings(List<String> warnings, String verdictNote) {
    /** Symbols, and closes of one symbol, the verdict's note names at most; the warnings name every symbol. */
    static final int NAMED_IN_VERDICT = 5;

    static RunDataWarnings of(Universe u, int split) {
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
        if (named.isEmpty()) return new RunDataWarnings(List.of(), null);
        String more = named.size() > NAMED_IN_VERDICT ? " and " + (named.size() - NAMED_IN_VERDICT) + " more symbols" : "";
        String note = "the closes hold " + String.join("; ", named.subList(0, Math.min(NAMED_IN_VERDICT, named.size()))) + more
                + ", each read as a real move: the figures of that window rest on it (see the warnings)";
        return new RunDataWarnings(List.copyOf(warnings), note);
    }
}
