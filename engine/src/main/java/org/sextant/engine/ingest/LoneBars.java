package org.sextant.engine.ingest;

import java.sql.Connection;
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

    /**
     * The lone bars of a batch: per symbol with one bar time in a file, the intervals of its stored bars, finest first (one query
     * for the batch), and, asked only when one is refused, every lone bar's time (one query too: a query per refused symbol ran
     * for each of a file of hundreds of new symbols of one bar, though only the first refusal is said).
     */
    static final class Batch {
        private final Connection c;
        private final Map<String, List<BarInterval>> stored = new HashMap<>();
        private Map<String, String> times;

        private Batch(Connection c) {
            this.c = c;
        }

        /** The stored intervals of the lone bars' symbols, in one query. */
        static Batch of(Connection c) throws SQLException {
            Batch out = new Batch(c);
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT DISTINCT symbol, interval FROM bars "
                    + "WHERE symbol IN (SELECT symbol FROM bar_steps GROUP BY file_no, symbol HAVING count(*) = 1)")) {
                while (r.next()) out.stored.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add(BarInterval.of("interval", r.getString(2)));
            }
            out.stored.values().forEach(l -> l.sort(Comparator.comparingInt(i -> i.minutes)));
            return out;
        }

        /** The lone bar's time as read, in UTC: "2023-06-01 14:30 UTC". */
        private String time(int fileNo, String symbol) throws SQLException {
            if (times == null) {
                times = new HashMap<>();
                try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                        "SELECT file_no, symbol, any_value(ts) FROM bar_steps GROUP BY file_no, symbol HAVING count(*) = 1")) {
                    while (r.next()) times.put(r.getInt(1) + "\u0000" + r.getString(2), r.getTimestamp(3).toLocalDateTime().toString().replace('T', ' ') + " UTC");
                }
            }
            return times.getOrDefault(fileNo + "\u0000" + symbol, "");
        }
    }

    /** The interval of {@code symbol}'s lone bar in file {@code s}: its stored bars' one interval, else refused on {@code paths}. */
    static BarInterval interval(BarImport.Source s, String symbol, Batch batch) throws SQLException {
        List<BarInterval> intervals = batch.stored.getOrDefault(symbol, List.of());
        if (intervals.size() == 1) return intervals.get(0);
        String has = intervals.isEmpty() ? "no stored bars: one bar tells no interval" : "stored bars of " + said(intervals) + ": one bar tells not which";
        throw SextantException.invalid("paths", s.bar().file() + ": " + symbol + " has a single bar (" + batch.time(s.no(), symbol) + ") and " + has,
                "import at least two bars of " + symbol + " (their step is its interval)"
                        + (intervals.isEmpty() ? ", or its earlier bars first: a single newest bar then takes their interval" : ": the bar before it too"));
    }

    /** "1m and 1h", "1m, 5m and 1h". */
    private static String said(List<BarInterval> intervals) {
        List<String> labels = intervals.stream().map(i -> i.label).toList();
        return String.join(", ", labels.subList(0, labels.size() - 1)) + " and " + labels.get(labels.size() - 1);
    }
}
