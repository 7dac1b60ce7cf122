package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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

    /** Longest run of days between two held trading days walked day by day; a longer one is named as a span, not counted. */
    static final int WALKED_GAP_DAYS = 366;

    /**
     * 25 December and 1 January: the fx session trades them (it knows weekends only), but most brokers' feeds close, so a file
     * without them skipped nothing (attack 37b F3: a 20-year export was told to import some 40 such days).
     */
    static boolean usualFxClosure(TradingSession s, LocalDate d) {
        return s == TradingSession.FX && (d.getMonthValue() == 12 && d.getDayOfMonth() == 25 || d.getMonthValue() == 1 && d.getDayOfMonth() == 1);
    }

    /** Where {@link #notes} keeps a symbol's note: its symbol and interval. */
    static String key(String symbol, BarInterval interval) {
        return symbol + "\u0000" + interval.label;
    }

    /**
     * The note of each intraday symbol of {@code bars} that misses trading days, by {@link #key}: one query per interval and session
     * for the batch (a query per symbol was a share of the seconds a many-symbol import's report took).
     */
    static Map<String, String> notes(Connection c, List<BarChecks.SymbolBars> bars) throws SQLException {
        Map<String, Set<String>> groups = new LinkedHashMap<>(); // interval \0 session -> symbols
        Map<String, BarInterval> intervals = new HashMap<>();
        for (BarChecks.SymbolBars b : bars) {
            if (!b.interval().intraday()) continue;
            String g = b.interval().label + "\u0000" + b.session();
            groups.computeIfAbsent(g, k -> new TreeSet<>()).add(b.symbol());
            intervals.put(g, b.interval());
        }
        Map<String, String> out = new HashMap<>();
        for (Map.Entry<String, Set<String>> g : groups.entrySet()) {
            BarInterval interval = intervals.get(g.getKey());
            TradingSession s = TradingSession.of(g.getKey().substring(g.getKey().indexOf('\u0000') + 1));
            Map<String, TreeSet<LocalDate>> held = new HashMap<>();
            // one row per symbol and trading day of its stored bars on the session's clock (fx days end 17:00 New York)
            try (PreparedStatement p = c.prepareStatement("SELECT DISTINCT symbol, " + s.tradingDaySql("ts") + " AS d FROM bars "
                    + "WHERE interval = ? AND symbol IN (SELECT unnest(CAST(? AS VARCHAR[])))")) {
                p.setString(1, interval.label);
                p.setObject(2, c.createArrayOf("VARCHAR", g.getValue().toArray()));
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        LocalDate d = r.getObject(2, LocalDate.class);
                        if (!s.closed(d)) held.computeIfAbsent(r.getString(1), k -> new TreeSet<>()).add(d);
                    }
                }
            }
            for (Map.Entry<String, TreeSet<LocalDate>> h : held.entrySet()) {
                String note = note(h.getKey(), interval, s, h.getValue());
                if (note != null) out.put(key(h.getKey(), interval), note);
            }
        }
        return out;
    }

    /**
     * "USDCHF 30m has no bar on 1 trading day of the fx session between its first and last bar: 1997-03-12; ...", or null. Only the
     * days between two held ones are walked, and a run longer than {@link #WALKED_GAP_DAYS} is named as a span: a bar of 1800 beside
     * bars of 2026 must not walk 83,000 days (attack 36b F3's venue walk).
     */
    static String note(String symbol, BarInterval interval, TradingSession s, TreeSet<LocalDate> held) {
        List<LocalDate> missing = new ArrayList<>();
        List<String> spans = new ArrayList<>();
        LocalDate before = null;
        for (LocalDate d : held) {
            if (before != null && before.plusDays(WALKED_GAP_DAYS + 1).isBefore(d)) {
                spans.add(before.plusDays(1) + " to " + d.minusDays(1));
            } else if (before != null) {
                for (LocalDate e = before.plusDays(1); e.isBefore(d); e = e.plusDays(1)) if (!s.closed(e) && !usualFxClosure(s, e)) missing.add(e);
            }
            before = d;
        }
        if (missing.isEmpty() && spans.isEmpty()) return null;
        int n = missing.size();
        String spanned = String.join(", from ", spans.subList(0, Math.min(spans.size(), SHOWN_DAYS)))
                + (spans.size() > SHOWN_DAYS ? String.format(java.util.Locale.ROOT, " and %,d more spans of over a year", spans.size() - SHOWN_DAYS) : "");
        StringBuilder said = new StringBuilder(symbol + " " + interval.label + " has no bar");
        if (n == 0) {
            said.append(" at all from ").append(spanned).append(", over a year of the ").append(s.label()).append(" session between its first and last bar");
        } else {
            said.append(String.format(java.util.Locale.ROOT, " on %,d trading day%s of the %s session between its first and last bar: ", n, n == 1 ? "" : "s", s.label()));
            for (int i = 0; i < Math.min(n, SHOWN_DAYS); i++) said.append(i == 0 ? "" : ", ").append(missing.get(i));
            if (n > SHOWN_DAYS) said.append(String.format(java.util.Locale.ROOT, " and %,d more days", n - SHOWN_DAYS));
            if (!spans.isEmpty()) said.append("; and none at all from ").append(spanned);
        }
        boolean one = n == 1 && spans.isEmpty();
        return said + String.format(java.util.Locale.ROOT, "; reads, resamples and backtests go from the day before to the day after as if %s had not traded: "
                + "if the file skipped %s, import the missing bars", one ? "it" : "they", one ? "it" : "them");
    }
}
