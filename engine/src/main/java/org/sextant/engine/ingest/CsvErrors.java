package org.sextant.engine.ingest;

import org.sextant.engine.jobs.CancellableSql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.duckdb.DuckDBConnection;
import org.sextant.engine.SextantException;

/** Turns the first row DuckDB's CSV reader rejected into an error naming file, line, column and fix. */
final class CsvErrors {
    private CsvErrors() {}

    /** A number with one comma before three digits, 1,234: a thousands separator or a decimal comma. */
    /** The fix of a ',' file's number with a comma that reads two ways. */
    static final String COMMA_GROUPED_FIX = "write prices and volumes without a thousands separator and with a dot for decimals (1234.56), "
            + "or save the file with ';' between cells and decimal commas (1234,56)";
    private static final java.util.regex.Pattern COMMA_GROUPED = java.util.regex.Pattern.compile("[-+]?\\d{1,3},\\d{3}");

    /**
     * A price file that could not be read as text: said as what it is (not UTF-8 text: a database, an archive), never the decoder's
     * words; the decoder's failure kept as the cause, so that the preview can read the file in another encoding ({@link TextEncoding}).
     */
    static SextantException unreadable(String file, java.io.IOException e) {
        if (e instanceof SizeAtOpen.Grew grew) return grew.refusal(file);
        if (e instanceof org.sextant.contract.HomeFile.NotRegular notRegular) return notAFile(file, notRegular);
        if (e instanceof java.nio.charset.CharacterCodingException) {
            SextantException binary = TextEncoding.binary(file);
            return new SextantException(binary.reason(), binary.getMessage(), binary.field(), binary.fix(), e);
        }
        String why = e instanceof java.nio.file.NoSuchFileException ? "no such file" : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                : e.getMessage();
        return SextantException.invalid("paths", file + ": cannot read (" + why + ")", "check that the file exists and is readable");
    }

    /** A pipe (or device) found at the file's path when it was opened, after the import had checked it: refused, never waited on. */
    static SextantException notAFile(String file, org.sextant.contract.HomeFile.NotRegular e) {
        return SextantException.invalid("paths", file + ": " + e.why() + "; nothing was imported",
                "give the path of a complete CSV or Parquet file, one nothing replaces while it is imported");
    }

    /**
     * The error for a file whose typed read failed: reads it again on a fresh connection (the
     * failed one is aborted) with DuckDB's reject table on, and names the first rejected cell.
     */
    static SextantException explain(Connection c, ImportBatch.Source s, StagedFile staged, String readWithRejects, SQLException failure) throws SQLException {
        SextantException named = firstRejected(c, s, staged, readWithRejects, failure);
        if (named != null) return named;
        // DuckDB's message may quote the line: it is not shown (the file may not be price data)
        return SextantException.invalid("paths", s.file() + ": cannot be read as " + s.layout().name() + " CSV",
                "make every line a CSV row with one cell per header column");
    }

    /** As {@link #explain}, the error naming the first line too long or cell rejected, or null when the second read names none. */
    static SextantException firstRejected(Connection c, ImportBatch.Source s, StagedFile staged, String readWithRejects, SQLException failure) throws SQLException {
        SextantException tooLong = CsvHead.firstTooLong(staged.path(), s.file()); // the copy DuckDB read: a line's UTF-8 bytes, as it counts them
        if (tooLong != null) return tooLong;
        try (Connection fresh = c.unwrap(DuckDBConnection.class).duplicate(); Statement st = fresh.createStatement()) {
            // materialize every column: a count(*) alone would skip the casts that fail
            CancellableSql.run(st, () -> st.execute("CREATE TEMP TABLE import_diagnosis AS SELECT * FROM " + readWithRejects));
            try (ResultSet r = st.executeQuery(
                    "SELECT line, column_idx, error_type, csv_line FROM reject_errors ORDER BY line, column_idx LIMIT 1")) {
                if (r.next()) {
                    return reject(s, r.getLong(1), r.getInt(2) - 1, r.getString(3), r.getString(4));
                }
            }
        } catch (SQLException second) {
            failure.addSuppressed(second);
        }
        return null;
    }

    private static SextantException reject(ImportBatch.Source s, long line, int col, String type, String text) {
        Layout l = s.layout();
        int width = l.header().size();
        String at = s.file() + " line " + line;
        switch (type) {
            case "CAST": {
                List<String> cells = CsvHead.split(text == null ? "" : text, s.csv().delimiter());
                String cell = col >= 0 && col < cells.size() ? CellText.spacesCut(cells.get(col)) : null;
                String value = cell != null ? CellText.describe(cell) : "a missing cell";
                String name = col >= 0 && col < width ? l.header().get(col) : "column " + (col + 1);
                if (col == l.dateCol()) {
                    return SextantException.invalid(name, at + ", column " + name + ": " + value + " is not a date",
                            DateShape.fix(s.csv().dateFormat(), cell == null ? "" : cell));
                }
                if (cell != null && s.csv().delimiter() == ',' && COMMA_GROUPED.matcher(cell).matches()) {
                    // "1,234" in a comma-separated file: a thousands separator (1234) or a quoted decimal comma (1.234); never read either way
                    return SextantException.invalid(name, at + ", column " + name + ": " + value + " is not a plain number: its comma reads as a thousands "
                            + "separator or as a decimal comma", COMMA_GROUPED_FIX);
                }
                return SextantException.invalid(name, at + ", column " + name + ": " + value + " is not a number",
                        s.csv().numbers().decimal() == ',' ? "write prices and volumes as numbers like the rest of this file (1234,56 or 1.234,56), or leave the cell empty when unknown"
                                : "write prices and volumes as plain numbers with a dot for decimals, or leave the cell empty when unknown");
            }
            case "MISSING COLUMNS":
                return SextantException.invalid("paths", at + ": fewer cells than the " + width + " columns of the header (is the line cut short?)",
                        "complete the line or delete it; every line needs one cell per header column");
            case "TOO MANY COLUMNS":
                return SextantException.invalid("paths", at + ": more cells than the " + width + " columns of the header",
                        "remove the extra cells, or quote cells that contain the delimiter");
            default:
                return SextantException.invalid("paths", at + ": not a CSV row like the others",
                        "fix the line so that it is a CSV row like the others (" + type.toLowerCase() + ")");
        }
    }
}
