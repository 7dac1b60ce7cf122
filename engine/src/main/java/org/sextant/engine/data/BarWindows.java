package org.sextant.engine.data;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * A read of bars resampled from one stored interval that resamples only the stored bars of the trading days it may
 * answer ({@link ResampleWindow}): a bounded read (a page, a chart's newest bars) tries a span of days its bars
 * likely fill, and widens it fourfold until it holds the bars asked or the whole series, so a 1000-row page of
 * 2,000,000 1-minute bars groups weeks of bars, not all of them. Every bar dated in the span is the whole series' bar.
 */
record BarWindows(BarReader reader, String symbol, BarInterval stored, BarInterval at, TradingSession session) {
    /** The bars dated within from..to (either may be null), the first {@code limit} (0: all) in date order or, newestFirst, the last. */
    BarReader.Read read(LocalDate from, LocalDate to, int limit, boolean newestFirst) {
        LocalDateTime[] extent = limit > 0 ? reader.storedExtent(symbol, stored) : null;
        if (extent == null) return query(from, to, limit, newestFirst);
        // a trading day is its bars' UTC date or a day either side
        LocalDate first = extent[0].toLocalDate().minusDays(1), last = extent[1].toLocalDate().plusDays(1);
        long whole = ChronoUnit.DAYS.between(first, last) + 1;
        // calendar days that likely hold limit bars: the session's trading minutes a day, five trading days a week, a week's slack
        long span = Math.min(whole, (long) Math.ceil((double) limit * at.minutes / session.minutesPerDay * 7 / 5) + 7);
        while (true) {
            if (!newestFirst) {
                LocalDate start = from == null || from.isBefore(first) ? first : from;
                LocalDate end = start.plusDays(span);
                boolean all = end.isAfter(last) || (to != null && !end.isBefore(to));
                BarReader.Read r = query(from, all ? to : end, limit, false);
                if (all || r.bars().size() >= limit) return r;
            } else {
                LocalDate end = to == null || to.isAfter(last) ? last : to;
                LocalDate start = end.minusDays(span);
                boolean all = start.isBefore(first) || (from != null && !start.isAfter(from));
                BarReader.Read r = query(all ? from : start, to, limit, true);
                if (all || r.bars().size() >= limit) return r;
            }
            span = Math.min(whole + 1, span * 4);
        }
    }

    private BarReader.Read query(LocalDate from, LocalDate to, int limit, boolean newestFirst) {
        String sql = "SELECT ts, date, open, high, low, close, volume FROM (" + ResampleWindow.sql(stored, at)
                + ") WHERE (? IS NULL OR date >= ?) AND (? IS NULL OR date <= ?) " + BarReader.order(newestFirst) + (limit > 0 ? " LIMIT " + limit : "");
        List<IntervalBar> bars = reader.store().read(c -> {
            List<IntervalBar> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement(sql)) {
                BarReader.bindDays(p, ResampleWindow.bind(p, 1, symbol, from, to, at), from, to);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new IntervalBar(r.getTimestamp(1).toLocalDateTime(), r.getDate(2).toLocalDate(), BarReader.nullable(r, 3), BarReader.nullable(r, 4),
                                BarReader.nullable(r, 5), r.getDouble(6), BarReader.nullable(r, 7)));
                    }
                }
            }
            if (newestFirst) Collections.reverse(out);
            return out;
        });
        return new BarReader.Read(bars, bars.isEmpty() ? Set.of() : Set.of(stored.label));
    }
}
