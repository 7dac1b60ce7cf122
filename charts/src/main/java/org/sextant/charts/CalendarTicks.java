package org.sextant.charts;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Date ticks that fall on calendar boundaries (1 Jan, first of a quarter or month, Mondays),
 * for an axis whose values are epoch seconds at UTC midnight. Numeric tick units in seconds
 * would put labels on arbitrary days; a reader expects "2000", "Apr 2000", "2000-04-03".
 */
public enum CalendarTicks {
    // duplicates: a table of calendar steps, one constant a step; alike by nature
    DAY(ChronoUnit.DAYS, 1, "yyyy-MM-dd"),
    TWO_DAYS(ChronoUnit.DAYS, 2, "yyyy-MM-dd"),
    WEEK(ChronoUnit.WEEKS, 1, "yyyy-MM-dd"),
    TWO_WEEKS(ChronoUnit.WEEKS, 2, "yyyy-MM-dd"),
    MONTH(ChronoUnit.MONTHS, 1, "MMM yyyy"),
    QUARTER(ChronoUnit.MONTHS, 3, "MMM yyyy"),
    HALF_YEAR(ChronoUnit.MONTHS, 6, "MMM yyyy"),
    YEAR(ChronoUnit.YEARS, 1, "yyyy"),
    TWO_YEARS(ChronoUnit.YEARS, 2, "yyyy"),
    FIVE_YEARS(ChronoUnit.YEARS, 5, "yyyy"),
    DECADE(ChronoUnit.YEARS, 10, "yyyy"),
    QUARTER_CENTURY(ChronoUnit.YEARS, 25, "yyyy"),
    CENTURY(ChronoUnit.YEARS, 100, "yyyy");

    /** Seconds in one day: axis values are {@code epochDay * SECONDS_PER_DAY}. */
    public static final long SECONDS_PER_DAY = 86_400L;

    private static final double LABEL_CHAR_PIXELS = 6.5;
    private static final double LABEL_GAP_PIXELS = 16;

    private final ChronoUnit unit;
    private final int count;
    private final DateTimeFormatter format;

    CalendarTicks(ChronoUnit unit, int count, String pattern) {
        this.unit = unit;
        this.count = count;
        this.format = DateTimeFormatter.ofPattern(pattern, Locale.ENGLISH);
    }

    /** Axis value (epoch seconds at UTC midnight) of a date. */
    public static double toAxis(LocalDate date) {
        return (double) date.toEpochDay() * SECONDS_PER_DAY;
    }

    /** Date whose UTC day contains the axis value. */
    public static LocalDate fromAxis(double epochSeconds) {
        return LocalDate.ofEpochDay(Math.floorDiv((long) Math.floor(epochSeconds), SECONDS_PER_DAY));
    }

    /**
     * The finest step whose labels fit side by side on {@code axisPixels} without overlapping,
     * with at most {@code maxTicks} ticks.
     */
    public static CalendarTicks choose(double lowerSeconds, double upperSeconds, double axisPixels, int maxTicks) {
        double spanDays = Math.abs(upperSeconds - lowerSeconds) / SECONDS_PER_DAY;
        for (CalendarTicks step : values()) {
            double ticks = Math.floor(spanDays / step.approximateDays()) + 1;
            if (ticks <= Math.max(2, maxTicks) && ticks * step.labelPixels() <= axisPixels) {
                return step;
            }
        }
        return CENTURY;
    }

    /** Room one label needs: its text at the default 10-11 px tick font plus a gap. */
    double labelPixels() {
        return LABEL_CHAR_PIXELS * format.format(LocalDate.of(2000, 12, 28)).length() + LABEL_GAP_PIXELS;
    }

    /** Tick values (epoch seconds) on this step's calendar boundaries within [lower, upper]. */
    public List<Double> ticks(double lowerSeconds, double upperSeconds) {
        List<Double> out = new ArrayList<>();
        if (!(upperSeconds >= lowerSeconds) || Double.isInfinite(lowerSeconds) || Double.isInfinite(upperSeconds)) {
            return out;
        }
        LocalDate last = fromAxis(upperSeconds);
        for (LocalDate d = firstOnOrAfter(fromAxis(lowerSeconds)); !d.isAfter(last); d = d.plus(count, unit)) {
            double v = toAxis(d);
            if (v >= lowerSeconds && v <= upperSeconds) {
                out.add(v);
            }
        }
        return out;
    }

    /** Label of a tick at this step ("2000", "Apr 2000", "2000-04-03"). */
    public String label(double epochSeconds) {
        return format.format(fromAxis(epochSeconds));
    }

    double approximateDays() {
        return switch (unit) {
            case DAYS -> count;
            case WEEKS -> 7.0 * count;
            case MONTHS -> 30.44 * count;
            default -> 365.25 * count;
        };
    }

    /** First boundary of this step on or after {@code day}: years divisible by count, months of a quarter, Mondays. */
    private LocalDate firstOnOrAfter(LocalDate day) {
        switch (unit) {
            case YEARS: {
                int year = day.getYear() + (day.getDayOfYear() == 1 ? 0 : 1);
                return LocalDate.of(Math.floorDiv(year + count - 1, count) * count, 1, 1);
            }
            case MONTHS: {
                LocalDate start = day.getDayOfMonth() == 1 ? day : day.with(TemporalAdjusters.firstDayOfNextMonth());
                int monthIndex = start.getMonthValue() - 1;
                int aligned = Math.floorDiv(monthIndex + count - 1, count) * count;
                return start.withMonth(1).plusMonths(aligned);
            }
            case WEEKS:
                return day.with(TemporalAdjusters.nextOrSame(java.time.DayOfWeek.MONDAY));
            default: {
                long epochDay = day.toEpochDay();
                return LocalDate.ofEpochDay(Math.floorDiv(epochDay + count - 1, count) * count);
            }
        }
    }
}
