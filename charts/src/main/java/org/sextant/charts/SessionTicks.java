package org.sextant.charts;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Ticks of a bar-index time axis ({@link TimedBars}): a tick on the first bar of each new
 * period (quarter hour, hour, trading day, week, month, year...), the finest period whose labels
 * fit side by side. Labels say what changed, in the exchange's wall time: "09:30", "10:00" within
 * a day, the day ("Mon 3") where a new trading day starts, the month ("Mar") where a month starts
 * and the year ("2024") where a year does.
 */
public enum SessionTicks {
    MINUTES_5(5), MINUTES_15(15), MINUTES_30(30), HOUR(60), HOURS_2(120), HOURS_4(240), HOURS_8(480),
    DAY(-1), WEEK(-7), MONTH(-30), QUARTER(-91), YEAR(-365), YEARS_2(-730), YEARS_5(-1826), YEARS_10(-3652);

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm", Locale.ENGLISH);
    private static final DateTimeFormatter DAY_OF_WEEK = DateTimeFormatter.ofPattern("EEE d", Locale.ENGLISH);
    private static final DateTimeFormatter MONTH_DAY = DateTimeFormatter.ofPattern("MMM d", Locale.ENGLISH);
    private static final DateTimeFormatter MONTH_NAME = DateTimeFormatter.ofPattern("MMM", Locale.ENGLISH);
    private static final double LABEL_PIXELS = 6.5 * 6 + 16;

    /** Minutes of an intraday step; minus the approximate days of a calendar one. */
    private final int size;

    SessionTicks(int size) {
        this.size = size;
    }

    /** A tick: the bar index it stands on and its label. */
    public record Tick(int bar, String label) {}

    /**
     * The ticks of the bars {@code from..to} (indices, clamped to the series) on an axis of
     * {@code pixels}: the finest step whose labels fit, at most {@code maxTicks} of them.
     */
    public static List<Tick> ticks(TimedBars bars, double from, double to, double pixels, int maxTicks) {
        int lo = (int) Math.max(0, Math.ceil(from));
        int hi = (int) Math.min(bars.size() - 1, Math.floor(to));
        if (hi < lo) return List.of();
        for (SessionTicks step : values()) {
            if (step.size > 0 && (!bars.interval().intraday() || step.size < bars.interval().minutes)) continue;
            if (step.size < 0 && bars.interval().ordinal() > ChartInterval.D1.ordinal() && -step.size < bars.interval().minutes / 1440) continue;
            int count = 0;
            for (int i = Math.max(lo, 1); i <= hi; i++) if (step.starts(bars, i)) count++;
            if (count <= Math.max(2, maxTicks) && count * LABEL_PIXELS <= pixels) {
                return spaced(step.ticksOf(bars, lo, hi), pixels / Math.max(1e-9, to - from));
            }
        }
        return List.of();
    }

    /**
     * The ticks without those whose label would touch the next one's: a new day a bar or two
     * after a round hour (fx's Friday 16:00 and Sunday 17:00 stand side by side) keeps the day.
     */
    private static List<Tick> spaced(List<Tick> ticks, double pixelsPerBar) {
        List<Tick> out = new ArrayList<>();
        for (Tick t : ticks) {
            Tick last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last == null || (t.bar() - last.bar()) * pixelsPerBar >= LABEL_PIXELS) {
                out.add(t);
            } else if (!t.label().contains(":") && last.label().contains(":")) {
                out.set(out.size() - 1, t); // a day, month or year wins over a time of day
            }
        }
        return out;
    }

    private List<Tick> ticksOf(TimedBars bars, int lo, int hi) {
        List<Tick> out = new ArrayList<>();
        for (int i = Math.max(lo, 1); i <= hi; i++) {
            if (starts(bars, i)) out.add(new Tick(i, label(bars, i)));
        }
        return out;
    }

    /** Whether bar {@code i} is the first of a new period of this step. */
    boolean starts(TimedBars bars, int i) {
        if (size > 0) return Math.floorDiv(bars.wallMinute(i), size) != Math.floorDiv(bars.wallMinute(i - 1), size) || newDay(bars, i);
        LocalDate now = bars.tradingDay(i);
        LocalDate before = bars.tradingDay(i - 1);
        return switch (this) {
            case DAY -> !now.equals(before);
            case WEEK -> now.toEpochDay() - Math.floorMod(now.toEpochDay() + 3, 7) != before.toEpochDay() - Math.floorMod(before.toEpochDay() + 3, 7);
            case MONTH -> now.getMonthValue() != before.getMonthValue() || now.getYear() != before.getYear();
            case QUARTER -> (now.getMonthValue() - 1) / 3 != (before.getMonthValue() - 1) / 3 || now.getYear() != before.getYear();
            default -> now.getYear() / years() != before.getYear() / years();
        };
    }

    private int years() {
        return this == YEAR ? 1 : this == YEARS_2 ? 2 : this == YEARS_5 ? 5 : 10;
    }

    private static boolean newDay(TimedBars bars, int i) {
        return bars.tradingEpochDay(i) != bars.tradingEpochDay(i - 1);
    }

    /** What changed at bar {@code i}, the coarsest first: the year, the month, the day, else the time. */
    String label(TimedBars bars, int i) {
        LocalDate now = bars.tradingDay(i);
        LocalDate before = bars.tradingDay(i - 1);
        if (now.getYear() != before.getYear()) return Integer.toString(now.getYear());
        if (ordinal() >= YEAR.ordinal()) return Integer.toString(now.getYear());
        if (now.getMonthValue() != before.getMonthValue()) return MONTH_NAME.format(now);
        if (ordinal() >= MONTH.ordinal()) return MONTH_NAME.format(now);
        if (this == WEEK) return MONTH_DAY.format(now);
        if (!now.equals(before) || this == DAY) return DAY_OF_WEEK.format(now);
        return TIME.format(LocalDateTime.ofEpochSecond(bars.wallMinute(i) * 60, 0, ZoneOffset.UTC));
    }
}
