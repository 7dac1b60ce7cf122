package org.sextant.engine.data;

import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The bars that follow a bar along a session's calendar, as the resample_bars macro buckets them:
 * fx trades from Sunday 17:00 to Friday 17:00 New York, us_equity 09:30-16:00 New York on weekdays,
 * eu_equity (Xetra) 09:00-17:30 Berlin, six 09:00-17:20 Zurich, lse 08:00-16:30 London, euronext 09:00-17:30 Paris on weekdays,
 * continuous always.
 * Steps are taken on the session's clock, so a daylight-saving change keeps an equity bar at 09:30 New York or 09:00 Berlin
 * local. Each equity session skips its venue's holidays and stops at its early closes: the NYSE's ({@link NyseCalendar},
 * 13:00), Xetra's ({@link XetraCalendar}, 14:00 on a year's last day), SIX's ({@link SixCalendar}), London's
 * ({@link LseCalendar}, 12:30 on 24 and 31 December), Euronext's ({@link EuronextCalendar}, 14:00 on 24 and 31 December); fx knows no holidays. Week and month bars follow the calendar ({@link #calendarBarsAfter}).
 */
public final class SessionCalendar {
    private SessionCalendar() {}

    /** Open times (UTC) of the {@code count} bars of {@code interval} after the bar that opened at {@code lastOpenUtc}. */
    public static List<LocalDateTime> barsAfter(TradingSession session, BarInterval interval, LocalDateTime lastOpenUtc, int count) {
        ZoneId zone = session.zone();
        LocalDateTime local = lastOpenUtc.atOffset(ZoneOffset.UTC).atZoneSameInstant(zone).toLocalDateTime();
        List<LocalDateTime> out = new ArrayList<>(count);
        while (out.size() < count) {
            local = switch (interval) {
                case W1 -> local.plusWeeks(1);
                case MO1 -> local.plusMonths(1);
                case D1 -> local.plusDays(1);
                default -> local.plusMinutes(interval.minutes);
            };
            if (inSession(session, interval, local)) out.add(local.atZone(zone).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime());
        }
        return out;
    }

    /**
     * Open times (UTC) of the {@code count} week or month bars after the one holding trading day
     * {@code lastDay}, named as resample_bars names them: the bucket's first calendar day (Monday, the
     * 1st) opening on the session's clock ({@link TradingSession#dayOpen}: fx 17:00 New York the day
     * before), whether the bars were made from intraday bars or daily prices. Stepping the last open by
     * a month instead drifted: from an fx March bar opening 28 February 17:00 it gave 28 March, not 31 March.
     */
    public static List<LocalDateTime> calendarBarsAfter(TradingSession session, BarInterval interval, java.time.LocalDate lastDay, int count) {
        if (interval != BarInterval.W1 && interval != BarInterval.MO1) throw new IllegalArgumentException("not a calendar interval: " + interval);
        java.time.LocalDate bucket = interval == BarInterval.W1 ? lastDay.with(DayOfWeek.MONDAY) : lastDay.withDayOfMonth(1);
        List<LocalDateTime> out = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) out.add(session.dayOpen(interval == BarInterval.W1 ? bucket.plusWeeks(i) : bucket.plusMonths(i)));
        return out;
    }

    /** The first day of the session on or after {@code day}: the trading day a week or month bar starting then is dated by. */
    public static java.time.LocalDate firstSessionDay(TradingSession session, java.time.LocalDate day) {
        java.time.LocalDate d = day;
        while (session.closed(d)) d = d.plusDays(1);
        return d;
    }

    /** The trading day a bar opening at {@code utc} belongs to: fx days end 17:00 New York, others are days on the session's clock. */
    public static java.time.LocalDate tradingDay(TradingSession session, LocalDateTime utc) {
        LocalDateTime local = utc.atOffset(ZoneOffset.UTC).atZoneSameInstant(session.zone()).toLocalDateTime();
        return local.plusHours(session.shiftHours()).toLocalDate();
    }

    /** Whether a bar opening at {@code local} (the session's clock) belongs to the session. */
    static boolean inSession(TradingSession session, BarInterval interval, LocalDateTime local) {
        if (interval == BarInterval.W1 || interval == BarInterval.MO1) return true;
        return switch (session) {
            case CONTINUOUS -> true;
            // the fx trading day runs 17:00 to 17:00 and is named by the weekday it ends on
            case FX -> weekday(local.plusHours(7));
            default -> !session.closed(local.toLocalDate()) && (!interval.intraday()
                    || (!local.toLocalTime().isBefore(session.open()) && local.toLocalTime().isBefore(session.close(local.toLocalDate()))));
        };
    }

    private static boolean weekday(LocalDateTime t) {
        return t.getDayOfWeek() != DayOfWeek.SATURDAY && t.getDayOfWeek() != DayOfWeek.SUNDAY;
    }
}
