package org.sextant.engine.ingest;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.sextant.engine.SextantException;

/**
 * A file of times all at midnight where every symbol has one row: one row has no step, so a daily price ("2024-01-02 00:00",
 * what pandas writes for a day) and an intraday bar at 00:00 look alike. What is stored of its symbols tells: daily prices
 * only, a date; bars only, a bar (its stored interval, {@link LoneBars}); neither, or both, the file is refused saying how to
 * write it, never read as a daily price unasked (session 46's note: an intraday bar at midnight became a day's close).
 */
final class LoneMidnight {
    private LoneMidnight() {}

    /** Whether the lone midnight rows of {@code bar} ({@code rows}: s = symbol, t = time) are daily prices; refuses when nothing tells. */
    static boolean isDaily(Connection c, BarFile bar, String rows) throws SQLException {
        List<String> symbols = symbols(c, bar, rows);
        List<String> daily = new ArrayList<>();
        List<String> bars = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (String symbol : symbols) {
            boolean hasDaily = stored(c, "SELECT 1 FROM prices WHERE symbol = ? LIMIT 1", symbol);
            boolean hasBars = stored(c, "SELECT 1 FROM bars WHERE symbol = ? LIMIT 1", symbol);
            (hasDaily == hasBars ? unknown : hasDaily ? daily : bars).add(symbol);
        }
        if (unknown.isEmpty() && bars.isEmpty()) return true;
        if (unknown.isEmpty() && daily.isEmpty()) return false;
        String first = unknown.isEmpty() ? bars.get(0) : unknown.get(0);
        String why = !unknown.isEmpty()
                ? first + " has " + (stored(c, "SELECT 1 FROM prices WHERE symbol = ? LIMIT 1", first) ? "both daily prices and bars stored" : "nothing stored")
                : first + " has bars stored but " + daily.get(0) + " daily prices";
        throw SextantException.invalid("paths", bar.file() + ": every time is midnight and each symbol has a single row, so a daily price and an "
                        + "intraday bar at 00:00 look alike; " + why + ", which does not tell",
                "for daily prices write the date alone (" + day(c, rows) + "); for intraday bars import at least two bars of " + first
                        + " (their step is its interval)" + (unknown.isEmpty() ? "" : ", or its earlier bars first")
                        + (daily.isEmpty() || bars.isEmpty() ? "" : "; or import the daily and the intraday symbols in files of their own"));
    }

    /** The file's symbols as the import names them: its symbol column's cells, its one value column's name, its wide columns' names or its file name. */
    private static List<String> symbols(Connection c, BarFile bar, String rows) throws SQLException {
        TreeSet<String> out = new TreeSet<>();
        if (bar.symbolCol() >= 0) {
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT DISTINCT s FROM " + rows + " WHERE s <> ''")) {
                while (r.next()) out.add(r.getString(1));
            }
        } else if (bar.valueSymbol() != null) {
            out.add(bar.valueSymbol());
        } else if (!bar.wideCols().isEmpty()) {
            for (int i : bar.wideCols()) out.add(bar.wideSymbol(i));
        } else {
            out.add(ImportBatch.symbolFromFileName(Path.of(bar.file())));
        }
        return new ArrayList<>(out);
    }

    private static boolean stored(Connection c, String sql, String symbol) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, symbol);
            try (ResultSet r = p.executeQuery()) {
                return r.next();
            }
        }
    }

    /** The first row's date, as the fix writes it: "2024-01-02". */
    private static String day(Connection c, String rows) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT CAST(min(t) AS DATE) FROM " + rows)) {
            return r.next() && r.getString(1) != null ? r.getString(1) : "2024-01-02";
        }
    }
}
