package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sextant.engine.SextantException;

/**
 * Where walk-forward origins fall: {@code monthly} (the default: after the last close of each
 * calendar month), {@code weekly} (after the last close of each of the series' weeks, {@link TradingWeek}: Monday to
 * Sunday for weekday and 7-day markets, Sunday to Saturday for a Sunday-to-Thursday one) or every N closes.
 * An origin index o means the forecast is made from the history dates[0..o), on dates[o-1].
 */
public record OriginRule(String kind, int every) {
    public static final OriginRule MONTHLY = new OriginRule("monthly", 0);

    /** "monthly" (or null), "weekly", or a whole number of closes; anything else is invalid input on field origins. */
    public static OriginRule parse(String s) {
        if (s == null || s.isBlank() || s.trim().equalsIgnoreCase("monthly")) return MONTHLY;
        String t = s.trim().toLowerCase(Locale.ROOT);
        if (t.equals("weekly")) return new OriginRule("weekly", 0);
        try {
            int n = Integer.parseInt(t);
            if (n >= 1) return new OriginRule("every", n);
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw SextantException.invalid("origins", "origins must be monthly, weekly or a whole number of closes >= 1, was '" + s + "'",
                "e.g. \"monthly\" (the default), \"weekly\" or 20 (a number of closes between origins)");
    }

    public String label() { return every > 0 ? "every " + every : kind; }

    /** Origin indices in [first, dates.size()-1] (each leaves at least one close to score). */
    public int[] origins(List<LocalDate> dates, int first) {
        List<Integer> out = new ArrayList<>();
        int n = dates.size();
        TradingWeek week = kind.equals("weekly") ? TradingWeek.of(dates) : null;
        for (int o = Math.max(first, 1); o <= n - 1; o++) {
            boolean take = switch (kind) {
                case "every" -> (o - first) % every == 0;
                case "weekly" -> !week.weekStart(dates.get(o)).equals(week.weekStart(dates.get(o - 1)));
                default -> dates.get(o).getMonthValue() != dates.get(o - 1).getMonthValue() || dates.get(o).getYear() != dates.get(o - 1).getYear();
            };
            if (take) out.add(o);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
