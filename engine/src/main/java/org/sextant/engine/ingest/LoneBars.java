package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;

/**
 * A symbol of one bar time in a file (its newest bar appended, a new symbol's first): one bar has no step to tell its
 * interval, so it takes the one interval of the symbol's stored bars; with none or several stored it is refused, saying why.
 */
final class LoneBars {
    private LoneBars() {}

    /** Per symbol with one bar time in a file of the batch, the intervals of its stored bars, finest first: one query for the batch. */
    static Map<String, List<BarInterval>> storedIntervals(Connection c) throws SQLException {
        Map<String, List<BarInterval>> out = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT DISTINCT symbol, interval FROM bars "
                + "WHERE symbol IN (SELECT symbol FROM bar_steps GROUP BY file_no, symbol HAVING count(*) = 1)")) {
            while (r.next()) out.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add(BarInterval.of("interval", r.getString(2)));
        }
        out.values().forEach(l -> l.sort(Comparator.comparingInt(i -> i.minutes)));
        return out;
    }

    /** The interval of {@code symbol}'s lone bar in file {@code s}: its stored bars' one interval, else refused on {@code paths}. */
    static BarInterval interval(Connection c, BarImport.Source s, String symbol, Map<String, List<BarInterval>> stored) throws SQLException {
        List<BarInterval> intervals = stored.getOrDefault(symbol, List.of());
        if (intervals.size() == 1) return intervals.get(0);
        String has = intervals.isEmpty() ? "no stored bars: one bar tells no interval" : "stored bars of " + said(intervals) + ": one bar tells not which";
        throw SextantException.invalid("paths", s.bar().file() + ": " + symbol + " has a single bar (" + time(c, s, symbol) + ") and " + has,
                "import at least two bars of " + symbol + " (their step is its interval)"
                        + (intervals.isEmpty() ? ", or its earlier bars first: a single newest bar then takes their interval" : ": the bar before it too"));
    }

    /** "1m and 1h", "1m, 5m and 1h". */
    private static String said(List<BarInterval> intervals) {
        List<String> labels = intervals.stream().map(i -> i.label).toList();
        return String.join(", ", labels.subList(0, labels.size() - 1)) + " and " + labels.get(labels.size() - 1);
    }

    /** The lone bar's time as read, in UTC: "2023-06-01 14:30 UTC". */
    private static String time(Connection c, BarImport.Source s, String symbol) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT ts FROM bar_steps WHERE file_no = ? AND symbol = ?")) {
            p.setInt(1, s.no());
            p.setString(2, symbol);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? r.getTimestamp(1).toLocalDateTime().toString().replace('T', ' ') + " UTC" : "";
            }
        }
    }
}
