package org.sextant.engine.research.source;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.sextant.engine.SextantException;
import org.sextant.engine.analogue.AnalogueResponse;
import org.sextant.engine.analogue.AnalogueService;
import org.sextant.engine.analogue.ForwardStats;
import org.sextant.engine.jobs.Cancellation;

/**
 * The analogue node's values from the real matcher: compare_to_history as of each query date
 * (the matcher excludes every analogue whose forward window is not closed by then, plus an
 * embargo, so nothing after the date is used). Answers are cached per (benchmark, horizon, date)
 * for the life of the service, so sweeping other parameters, or running again, costs no new
 * matches; the cache is dropped with the matcher's when prices or signals change.
 */
public final class MatcherAnalogueSource implements AnalogueSource {
    private final AnalogueService analogues;
    private final Map<String, ForwardStats> answers = new ConcurrentHashMap<>();
    private final Map<String, LocalDate> lastDates = new ConcurrentHashMap<>();

    public MatcherAnalogueSource(AnalogueService analogues) {
        this.analogues = analogues;
    }

    /** Forget cached answers (prices or signals changed). */
    public void invalidate() {
        answers.clear();
        lastDates.clear();
    }

    @Override
    public double[] series(List<LocalDate> dates, String benchmark, int horizon, String measure, int every) {
        double[] out = new double[dates.size()];
        Arrays.fill(out, Double.NaN);
        // past it the matcher would answer "as of the last day" for every date: no value, not a frozen one
        LocalDate stale = lastDate(benchmark).plusDays(STALE_DAYS);
        double held = Double.NaN;
        for (int t = 0; t < dates.size() && !dates.get(t).isAfter(stale); t++) {
            if (t % every == 0) {
                Cancellation.check(); // thousands of matches: a cancelled job or a spent request budget stops here
                held = value(stats(dates.get(t), benchmark, horizon), measure);
            }
            out[t] = held;
        }
        return out;
    }

    @Override
    public LocalDate lastDate(String benchmark) {
        LocalDate hit = lastDates.get(benchmark);
        if (hit != null) return hit;
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("benchmark", benchmark);
        LocalDate last = analogues.compareToHistory(args).tradeDate(); // without as_of: matched as of the last signal day
        lastDates.put(benchmark, last);
        return last;
    }

    private ForwardStats stats(LocalDate asOf, String benchmark, int horizon) {
        String key = benchmark + "|" + horizon + "|" + asOf;
        ForwardStats hit = answers.get(key);
        if (hit != null) return hit;
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("as_of", asOf.toString());
        args.put("horizon", horizon);
        args.put("benchmark", benchmark);
        ForwardStats s;
        try {
            AnalogueResponse r = analogues.compareToHistory(args);
            s = r.forward(horizon);
        } catch (SextantException e) {
            if ("benchmark".equals(e.field())) throw e;   // no signals at all: say so, do not run flat
            s = null;                                      // a date before the signals start: no answer
        }
        ForwardStats stored = s == null ? new ForwardStats(horizon, 0, null, null, null, null, null, null, null, null, null, null, null, null) : s;
        answers.put(key, stored);
        return stored;
    }

    private static double value(ForwardStats s, String measure) {
        if (s.count() == 0) return Double.NaN;
        Double v = switch (measure) {
            case "mean" -> s.mean();
            case "median" -> s.median();
            case "positive_pct" -> s.positivePct();
            default -> throw new IllegalArgumentException("unknown analogue measure " + measure);
        };
        return v == null ? Double.NaN : v;
    }
}
