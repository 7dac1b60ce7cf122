package org.sextant.engine.ingest;

import java.io.BufferedReader;
import java.io.IOException;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.sextant.engine.SextantException;

/**
 * Checks a whole batch in SQL (fast on millions of rows) and, only when one fails, finds the
 * offending CSV line by scanning that file, so the message can name file, line and column.
 */
final class ImportChecks {
    private ImportChecks() {}

    static void run(Connection c, List<ImportBatch.Source> files, PriceRules rules) throws SQLException {
        String bad = rules.badRowSql();
        // one pass over the batch; the queries that find the offending row run only when it fails
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT count(*) FILTER (WHERE " + bad + ") FROM import_rows")) {
            r.next();
            if (r.getLong(1) > 0) findBadRow(c, files, bad, rules);
        }
        // grouping one 64-bit hash is much cheaper than grouping (symbol, date); a repeated hash
        // is then confirmed exactly, so a hash collision can never refuse a good import
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT h FROM (SELECT hash(symbol, date) AS h FROM import_rows) GROUP BY h HAVING count(*) > 1")) {
            while (r.next()) {
                try (PreparedStatement p = c.prepareStatement("SELECT symbol, date FROM import_rows WHERE hash(symbol, date) = ? "
                        + "GROUP BY symbol, date HAVING count(*) > 1 LIMIT 1")) {
                    p.setObject(1, r.getObject(1));
                    try (ResultSet d = p.executeQuery()) {
                        if (d.next()) duplicate(c, files, d.getString(1), d.getDate(2));
                    }
                }
            }
        }
    }

    private static void findBadRow(Connection c, List<ImportBatch.Source> files, String bad, PriceRules rules) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT file_no, line, symbol, date FROM import_rows WHERE symbol IS NULL OR " + Tickers.notTickerSql("symbol") + " OR symbol = '' LIMIT 1")) {
            if (r.next()) {
                ImportBatch.Source s = files.get(r.getInt(1));
                String col = s.layout().header().get(s.layout().symbolCol());
                String at = where(s, r, 1) + ", column " + col;
                if (r.getString(3) != null && !r.getString(3).isEmpty()) throw Tickers.notATickerCell(col, at, r.getString(3));
                throw SextantException.invalid(col, at + ": the symbol is missing", "fill in the ticker on every line");
            }
        }
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT file_no, line, symbol, date FROM import_rows WHERE close IS NULL LIMIT 1")) {
            if (r.next()) {
                ImportBatch.Source s = files.get(r.getInt(1));
                String col = s.layout().header().get(s.layout().fields().get(PriceField.CLOSE));
                throw SextantException.invalid(col, where(s, r, 1) + ", column " + col + ": the close is missing",
                        "fill in the close or delete the line (a line with every price and the volume missing is skipped as a day without prices)");
            }
        }
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT file_no, line, symbol, date, open, high, low, close, adj_close, volume FROM import_rows WHERE " + bad + " LIMIT 1")) {
            if (r.next()) throw RowRules.refusal(files.get(r.getInt(1)), r, where(files.get(r.getInt(1)), r, 1), rules);
        }
    }

    private static void duplicate(Connection c, List<ImportBatch.Source> files, String symbol, Date date) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(
                "SELECT file_no, line, symbol, date FROM import_rows WHERE symbol = ? AND date = ? ORDER BY file_no, line LIMIT 2")) {
            p.setString(1, symbol);
            p.setDate(2, date);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                ImportBatch.Source first = files.get(r.getInt(1));
                String firstAt = where(first, r, 1);
                r.next();
                ImportBatch.Source second = files.get(r.getInt(1));
                String secondAt = where(second, r, first == second ? 2 : 1);
                throw SextantException.invalid("paths", secondAt + ": " + symbol + " on " + date + " appears twice in this import (also at " + firstAt + ")",
                        "keep one row per symbol and date, then import again");
            }
        }
    }

    /** "file line N" (CSV) or "file row N" (Parquet) of the current row of {@code r}: file_no, line, symbol, date. */
    private static String where(ImportBatch.Source s, ResultSet r, int occurrence) throws SQLException {
        long line = r.getLong(2);
        if (!r.wasNull()) return s.file() + " row " + line;
        Date d = r.getDate(4);
        long found = d == null ? -1 : locate(s, r.getString(3), d.toLocalDate(), occurrence);
        return found > 0 ? s.file() + " line " + found : s.file();
    }

    /**
     * The file line (1 = header, or the first row of a headerless MetaTrader export) of the {@code occurrence}-th row with this symbol and date: where
     * its symbol cell starts (a quoted cell may hold a line break, so a row can span lines).
     */
    static long locate(ImportBatch.Source s, String symbol, LocalDate date, int occurrence) {
        Layout l = s.layout();
        DateTimeFormatter fmt = DateShape.javaFormat(s.csv().dateFormat());
        int seen = 0;
        // strict in the file's encoding, as its staged copy was made (gone by now); no further than the file was when opened
        java.nio.charset.Charset charset;
        try (java.io.InputStream bytes = SizeAtOpen.open(s.original())) {
            charset = TextEncoding.of(bytes, s.file(), Long.MAX_VALUE).charset();
        } catch (IOException | SextantException changed) {
            return -1;
        }
        try (BufferedReader in = new BufferedReader(new java.io.InputStreamReader(SizeAtOpen.open(s.original()), charset.newDecoder()))) {
            long n = 0;
            for (; n < s.csv().above(); n++) in.readLine(); // Excel's "sep=;"
            if (s.csv().hasHeader()) {
                in.readLine();
                n++;
            }
            String line;
            for (long rows = 1; (line = in.readLine()) != null; rows++) {
                if (rows % 65_536 == 0) org.sextant.engine.jobs.Cancellation.check(); // a read of the whole file: a cancel stops it
                long start = ++n;
                StringBuilder row = new StringBuilder(line);
                boolean open = quotesOdd(line); // counted per line read, so a quote never closed costs one pass, not one per line
                while (open && (line = in.readLine()) != null) {
                    n++;
                    row.append('\n').append(line);
                    open ^= quotesOdd(line);
                }
                List<String> cells = CsvHead.split(row.toString(), s.csv().delimiter());
                if (l.dateCol() >= cells.size()) continue;
                LocalDate d;
                try {
                    d = s.days() != null ? s.days().parseAsWritten(cells).toLocalDate() : LocalDate.parse(cells.get(l.dateCol()).trim(), fmt);
                } catch (RuntimeException e) {
                    continue;
                }
                if (!d.equals(date)) continue;
                if (l.symbolCol() >= 0) {
                    String cell = l.symbolCol() < cells.size() ? cells.get(l.symbolCol()) : "";
                    if (!Tickers.readAs(cell, symbol == null ? "" : symbol)) continue; // as the import read it
                }
                if (++seen == occurrence) return start + lineBreaks(cells.subList(0, Math.max(0, Math.min(l.symbolCol(), cells.size()))));
            }
        } catch (IOException e) {
            return -1;
        }
        return -1;
    }

    /** Whether a line holds an odd number of quote marks ("" inside a cell counts twice): it opens or closes a quoted cell. */
    private static boolean quotesOdd(String line) {
        return line.chars().filter(ch -> ch == '"').count() % 2 == 1;
    }

    private static long lineBreaks(List<String> cells) {
        return cells.stream().mapToLong(c -> c.chars().filter(ch -> ch == '\n').count()).sum();
    }
}
