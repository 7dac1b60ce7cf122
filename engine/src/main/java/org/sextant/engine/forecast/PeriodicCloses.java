package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.sextant.engine.ingest.PeriodicDates;
import org.sextant.engine.research.sweep.BarAxis;

/**
 * Daily closes dated as weekly or monthly prices are (attack 13, M1 and M2): a weekly symbol stored as daily prices because
 * its file also held a daily symbol, a column of it was sparse, it had a stray date, or its daily rows stayed when it was
 * imported again as 1w bars. Every daily read then takes a week for a day, and nothing failed to say so: this is the
 * read side's warning, by the import's rule ({@link PeriodicDates}), whatever the import did. It only warns.
 */
public final class PeriodicCloses {
    private static final double DAYS_A_YEAR = 365.25;

    private PeriodicCloses() {}

    /** The warning of one symbol's daily closes dated {@code dates} (oldest first), or null (see {@link #warning(List, List, Function)}). */
    public static String warning(String symbol, List<LocalDate> dates, Function<String, List<String>> intervals) {
        return warning(List.of(symbol), dates, intervals);
    }

    /**
     * The warning of the daily closes of {@code symbols} on {@code dates} (the dates they share), or null when the dates are
     * not spaced weekly or monthly; {@code intervals} gives a symbol's stored intervals, asked only when warning (null: not
     * known here, as on a cluster), so the fix can say whether its bars at that interval are there to read.
     */
    public static String warning(List<String> symbols, List<LocalDate> dates, Function<String, List<String>> intervals) {
        PeriodicDates.Spacing s = PeriodicDates.of(dates);
        if (s == null) return null;
        boolean one = symbols.size() == 1;
        String who = String.join(", ", symbols), bars = s.interval() + " bars", ask = "ask with interval \"" + s.interval() + "\"";
        double perYear = BarAxis.DAILY.barsPerYear(), times = Math.sqrt(perYear * s.medianDays() / DAYS_A_YEAR);
        String what = who + ": " + (one ? "its " + dates.size() + " daily closes are dated" : "the " + dates.size() + " dates they share are")
                + " a median " + PeriodicDates.days(s.medianDays()) + " apart, as " + s.unit() + "ly prices are, yet read as daily prices: a forecast dates its steps"
                + " on weekdays and a backtest annualises with " + String.format(Locale.ROOT, "%.0f", perYear) + " bars a year (a Sharpe ratio and volatility"
                + String.format(Locale.ROOT, " about x%.2g", times) + " too large)";
        String importFix = "import them as " + bars + ": a file of one date per " + s.unit() + " that holds no daily symbol imports so (docs/data.md), then " + ask;
        if (intervals == null) {
            return what + "; if " + (one ? who + " has " : "each has ") + bars + " (list_symbols names the intervals), " + ask + "; if not, and they are "
                    + s.unit() + "ly prices, " + importFix;
        }
        List<String> lacking = symbols.stream().filter(x -> !intervals.apply(x).contains(s.interval())).toList();
        if (lacking.isEmpty()) return what + "; " + (one ? who + " also has " : "each also has ") + bars + ": " + ask + ", which reads those bars";
        return what + "; " + (one ? "" : String.join(", ", lacking) + (lacking.size() == 1 ? " has" : " have") + " no " + bars + ": ")
                + "if they are " + s.unit() + "ly prices, " + importFix;
    }
}
