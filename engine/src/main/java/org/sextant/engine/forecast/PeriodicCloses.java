package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.sextant.engine.ingest.PeriodicDates;
import org.sextant.engine.research.sweep.BarAxis;

/**
 * Daily closes dated as prices of longer periods are: weekly or monthly (attack 13, M1 and M2: a weekly symbol stored as
 * daily prices because its file also held a daily symbol, a column of it was sparse, it had a stray date, or its daily rows
 * stayed when it was imported again as 1w bars), or quarterly, yearly, biweekly or any median past trading days, which no
 * bar interval holds (attack 14, M1), over the whole history or its recent part. Every daily read then takes a period for
 * a day, and nothing failed to say so: this is the read side's warning, by the import's rule ({@link PeriodicDates}),
 * whatever the import did. It only warns.
 */
public final class PeriodicCloses {
    private PeriodicCloses() {}

    /** The warning of one symbol's daily closes dated {@code dates} (oldest first), or null (see {@link #warning(List, List, Function)}). */
    public static String warning(String symbol, List<LocalDate> dates, Function<String, List<String>> intervals) {
        return warning(List.of(symbol), dates, intervals);
    }

    /**
     * The warning of the daily closes of {@code symbols} on {@code dates} (the dates they share), or null when the dates,
     * whole and recent, are trading days ({@link PeriodicDates#judged}); {@code intervals} gives a symbol's stored intervals,
     * asked only when warning of weekly or monthly dates (null: not known here, as on a cluster), so the fix can say whether
     * its bars at that interval are there to read.
     */
    public static String warning(List<String> symbols, List<LocalDate> dates, Function<String, List<String>> intervals) {
        PeriodicDates.Part part = PeriodicDates.judged(dates);
        if (part == null) return null;
        PeriodicDates.Spacing s = part.spacing();
        boolean one = symbols.size() == 1;
        double perYear = BarAxis.DAILY.barsPerYear();
        String who = String.join(", ", symbols);
        // a weekday series steps on weekdays; quarter-ends fall on weekends too, so their steps fall on consecutive days
        String what = who + ": " + dated(one, part) + " a median " + PeriodicDates.days(s.medianDays()) + " apart, " + s.as() + ", yet read as daily prices: a forecast dates its steps"
                + (s.bars() ? " on weekdays" : " day by day") + " and a backtest annualises with " + String.format(Locale.ROOT, "%.0f", perYear) + " bars a year (a Sharpe ratio and volatility"
                + String.format(Locale.ROOT, " about x%.2g", s.times(perYear)) + " too large)";
        if (!s.bars()) return what + "; " + s.perStep(perYear);
        String bars = s.interval() + " bars", ask = "ask with interval \"" + s.interval() + "\"";
        String importFix = "import them as " + bars + ": a file of one date per " + s.unit() + " that holds no daily symbol imports so (docs/data.md), then " + ask;
        if (intervals == null) {
            return what + "; if " + (one ? who + " has " : "each has ") + bars + " (list_symbols names the intervals), " + ask + "; if not, and they are "
                    + s.kind() + " prices, " + importFix;
        }
        List<String> lacking = symbols.stream().filter(x -> !intervals.apply(x).contains(s.interval())).toList();
        // daily rows all spaced so are the mistake itself (a recent part: older ones are real days, which stay)
        String delete = part.recent() ? "" : ", or delete " + (one ? "its" : "their") + " daily rows (delete_prices with interval \"1d\", which keeps a CSV of them)"
                + " so that every read uses the bars";
        if (lacking.isEmpty()) return what + "; " + (one ? who + " also has " : "each also has ") + bars + ": " + ask + ", which reads those bars" + delete;
        return what + "; " + (one ? "" : String.join(", ", lacking) + (lacking.size() == 1 ? " has" : " have") + " no " + bars + ": ")
                + "if they are " + s.kind() + " prices, " + importFix;
    }

    /** "its 150 daily closes are dated", "the last 120 of the 1800 dates they share (from 2010-05-07) are": the closes judged. */
    private static String dated(boolean one, PeriodicDates.Part part) {
        if (!part.recent()) return one ? "its " + part.dates() + " daily closes are dated" : "the " + part.dates() + " dates they share are";
        return one ? "its last " + part.dates() + " daily closes (from " + part.from() + ", of " + part.total() + ") are dated"
                : "the last " + part.dates() + " of the " + part.total() + " dates they share (from " + part.from() + ") are";
    }
}
