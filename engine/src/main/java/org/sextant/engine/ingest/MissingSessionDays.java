package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.TradingSession;

/**
 * Trading days of a symbol's session, between its first and last stored intraday bar, that hold no bar at all: a whole
 * session missing from a file (an export that skipped a day). The report's gaps are holes inside a trading day, so such a
 * day passed unsaid, and every read, resample and backtest stepped over it as if the day had not traded.
 */
final class MissingSessionDays {
    private MissingSessionDays() {}

    /** Dates named in the note; the rest are counted. */
    static final int SHOWN_DAYS = 10;

    /** "USDCHF 30m has no bar on 1 trading day of the fx session between its first and last bar: 1997-03-12; ...", or null. */
    static String note(Connection c, String symbol, BarInterval interval, String session) throws SQLException {
        if (!interval.intraday()) return null;
        TradingSession s = TradingSession.of(session);
        Set<LocalDate> held = new HashSet<>();
        LocalDate first = null, last = null;
        // one row per trading day of the stored bars on the session's clock (fx days end 17:00 New York); the calendar is Java's
        try (PreparedStatement p = c.prepareStatement("SELECT DISTINCT " + s.tradingDaySql("ts") + " AS d FROM bars WHERE symbol = ? AND interval = ?")) {
            p.setString(1, symbol);
            p.setString(2, interval.label);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    LocalDate d = r.getObject(1, LocalDate.class);
                    if (s.closed(d)) continue;
                    held.add(d);
                    if (first == null || d.isBefore(first)) first = d;
                    if (last == null || d.isAfter(last)) last = d;
                }
            }
        }
        if (first == null) return null;
        List<LocalDate> missing = new ArrayList<>();
        for (LocalDate d = first; d.isBefore(last); d = d.plusDays(1)) {
            if (!s.closed(d) && !held.contains(d)) missing.add(d);
        }
        if (missing.isEmpty()) return null;
        StringBuilder shown = new StringBuilder();
        for (int i = 0; i < Math.min(missing.size(), SHOWN_DAYS); i++) shown.append(i == 0 ? "" : ", ").append(missing.get(i));
        if (missing.size() > SHOWN_DAYS) shown.append(String.format(java.util.Locale.ROOT, " and %,d more days", missing.size() - SHOWN_DAYS));
        int n = missing.size();
        return String.format(java.util.Locale.ROOT, "%s %s has no bar on %,d trading day%s of the %s session between its first and last bar: %s; "
                        + "reads, resamples and backtests go from the day before to the day after as if %s had not traded: "
                        + "if the file skipped %s, import the missing bars",
                symbol, interval.label, n, n == 1 ? "" : "s", s.label(), shown, n == 1 ? "it" : "they", n == 1 ? "it" : "them");
    }
}
