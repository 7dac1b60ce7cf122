package org.sextant.engine.ingest;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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
        Verdict v = verdict(c, bar.file(), symbols(c, bar, rows), day(c, rows));
        if (v.refusal() != null) throw v.refusal();
        return v.daily();
    }

    /**
     * What the import makes of a file of lone midnight rows: daily prices or bars, said in {@code note}, or the refusal it
     * throws. The preview shows the same note, so what it predicts is what the import says.
     */
    record Verdict(boolean daily, String note, SextantException refusal) {
        /** The preview's note: the decision, or the refusal followed by its fix. */
        String previewNote() {
            return refusal == null ? note : refusal.getMessage() + ": the import refuses the file; " + refusal.fix();
        }
    }

    /** Why a lone midnight row is read one way or refused: every reading of it starts so. */
    private static final String LOOK_ALIKE = ": every time is midnight and each symbol has a single row, so a daily price and an intraday bar at 00:00 look alike; ";

    /**
     * The verdict on {@code file}'s lone midnight rows of {@code symbols} (sorted, as the import lists them), by what is stored of
     * them; {@code day}: the first row's date, as the fix writes it.
     */
    static Verdict verdict(Connection c, String file, List<String> symbols, String day) throws SQLException {
        if (symbols.isEmpty()) return new Verdict(true, null, null); // no symbol named: the daily read says what it makes of the rows
        // one set query per table: two per symbol took 13 s for a cross-section of 5,000 symbols
        Set<String> withDaily = stored(c, "prices", symbols);
        Set<String> withBars = stored(c, "bars", symbols);
        List<String> daily = new ArrayList<>();
        List<String> bars = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (String symbol : symbols) {
            boolean hasDaily = withDaily.contains(symbol);
            boolean hasBars = withBars.contains(symbol);
            (hasDaily == hasBars ? unknown : hasDaily ? daily : bars).add(symbol);
        }
        if (unknown.isEmpty() && bars.isEmpty()) {
            return new Verdict(true, file + LOOK_ALIKE + having(daily, "daily prices") + ", so the import stores the rows as daily prices", null);
        }
        if (unknown.isEmpty() && daily.isEmpty()) {
            return new Verdict(false, file + LOOK_ALIKE + having(bars, "bars") + ", so the import stores each row as a bar of its symbol's stored interval", null);
        }
        String first = unknown.isEmpty() ? bars.get(0) : unknown.get(0);
        String why = !unknown.isEmpty()
                ? first + " has " + (withDaily.contains(first) ? "both daily prices and bars stored" : "nothing stored")
                : first + " has bars stored but " + daily.get(0) + " daily prices";
        return new Verdict(false, null, SextantException.invalid("paths", file + LOOK_ALIKE + why + ", which does not tell",
                "for daily prices write the date alone (" + (day == null ? "2024-01-02" : day) + "); for intraday bars import at least two bars of " + first
                        + " (their step is its interval)" + (unknown.isEmpty() ? "" : ", or its earlier bars first")
                        + (daily.isEmpty() || bars.isEmpty() ? "" : "; or import the daily and the intraday symbols in files of their own")));
    }

    /** "DAYS has daily prices stored", "DAYS and 2 other symbols have daily prices stored". */
    private static String having(List<String> symbols, String what) {
        return symbols.get(0) + (symbols.size() == 1 ? " has " : symbols.size() == 2 ? " and " + symbols.get(1) + " have "
                : " and " + (symbols.size() - 1) + " other symbols have ") + what + " stored";
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

    /** Which of {@code symbols} have any row in {@code table} (prices or bars). */
    private static Set<String> stored(Connection c, String table, List<String> symbols) throws SQLException {
        return distinct(c, "symbol", table, symbols);
    }

    /** The distinct values of {@code column} in {@code table}'s rows of {@code symbols}: one query for any number of them. */
    static Set<String> distinct(Connection c, String column, String table, List<String> symbols) throws SQLException {
        Set<String> out = new TreeSet<>();
        try (PreparedStatement p = c.prepareStatement("SELECT DISTINCT " + column + " FROM " + table + " WHERE symbol IN (SELECT unnest(?::VARCHAR[]))")) {
            p.setObject(1, c.createArrayOf("VARCHAR", symbols.toArray()));
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) out.add(r.getString(1));
            }
        }
        return out;
    }

    /** The first row's date, as the fix writes it: "2024-01-02". */
    private static String day(Connection c, String rows) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT CAST(min(t) AS DATE) FROM " + rows)) {
            return r.next() ? r.getString(1) : null;
        }
    }
}
