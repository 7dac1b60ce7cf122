package org.sextant.engine.forecast;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import org.sextant.engine.SextantException;

/**
 * The week-aligned start of a forecast run: the last close of the last completed week on or
 * before an as-of date. A week ends on the last day of the series' own week ({@link TradingWeek}): Friday for a weekday
 * market, Thursday for a Sunday-to-Thursday one (Tadawul), Sunday for one that trades every day; it is completed once
 * the as-of date has reached its last day; only the dates up to the as-of date tell the series' week. The start is the latest date of
 * the series on or before that week end, so a Friday holiday falls back to Thursday and a week
 * without trading to the week before. Every symbol of a scan thus forecasts from the same week.
 */
public record ForecastStart(String symbol, LocalDate asOf, LocalDate startDate, LocalDate weekEnd, int historyRows, String rule) {

    public static final String RULE = "the last close on or before the end (the last day of the series' week: Friday for weekdays, Thursday for Sunday to "
            + "Thursday, Sunday for every day) "
            + "of the last completed week on or before as_of";

    /** @param asOf null: the series' last date */
    public static ForecastStart resolve(String symbol, List<LocalDate> dates, LocalDate asOf) {
        if (dates.isEmpty()) throw SextantException.invalid("symbol", "no prices for " + symbol, "import or fetch prices first");
        LocalDate at = asOf == null ? dates.get(dates.size() - 1) : asOf;
        // only the closes stored by as_of decide the week's last day: a series that began trading every day later
        // moved a past forecast's start (attack 22, H1)
        DayOfWeek last = TradingWeek.of(dates.subList(0, lastOnOrBefore(dates, at) + 1)).lastDay();
        LocalDate weekEnd = at.with(TemporalAdjusters.previousOrSame(last));
        int idx = lastOnOrBefore(dates, weekEnd);
        if (idx < 0) {
            LocalDate firstWeekEnd = dates.get(0).with(TemporalAdjusters.nextOrSame(last));
            String why = symbol + " has no close on or before " + weekEnd + " (its history starts " + dates.get(0) + ")";
            // without an as_of the history itself is short of a completed week: a later as_of is no fix the caller can act on
            if (asOf == null) {
                throw SextantException.invalid("symbol", why, "a forecast starts from the last close of a completed week (on a "
                        + TradingWeek.name(last) + "): import " + symbol + "'s prices up to " + firstWeekEnd + " or later");
            }
            throw SextantException.invalid("as_of", why, "give an as_of after " + firstWeekEnd);
        }
        return new ForecastStart(symbol, at, dates.get(idx), weekEnd, idx + 1, RULE);
    }

    /**
     * Refuses a forecast job's {@code asOf} outside {@code symbol}'s stored days (first and last date), naming as_of: before
     * them there is nothing to fit, after them nothing to compare and the latest forecast is the one without as_of.
     */
    public static void checkWithin(String symbol, LocalDate first, LocalDate last, LocalDate asOf) {
        if (asOf == null || first == null || last == null) return;
        String span = "give an as_of from " + first + " to " + last + " (" + symbol + "'s stored days)";
        if (asOf.isBefore(first)) throw SextantException.invalid("as_of", "as_of " + asOf + " is before " + symbol + "'s first close " + first, span);
        if (asOf.isAfter(last)) {
            throw SextantException.invalid("as_of", "as_of " + asOf + " is after " + symbol + "'s last close " + last,
                    span + ", or leave as_of out to forecast from the last completed week");
        }
    }

    /** Index of the latest date <= d in ascending dates, or -1. */
    static int lastOnOrBefore(List<LocalDate> dates, LocalDate d) {
        int lo = 0, hi = dates.size() - 1, best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (!dates.get(mid).isAfter(d)) {
                best = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return best;
    }
}
