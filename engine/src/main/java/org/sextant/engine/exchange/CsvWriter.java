package org.sextant.engine.exchange;

import java.util.List;

/**
 * The one CSV writer of every export (RFC 4180): a cell with a comma, a quote, CR or LF is quoted
 * and its quotes doubled; null is an empty cell. Files end their lines with CRLF as the RFC says;
 * text for a terminal or a line-reading script may ask for LF.
 */
public final class CsvWriter {
    public static final String CRLF = "\r\n";
    public static final String LF = "\n";

    private CsvWriter() {}

    /** A header line and one line per row, each ended by {@code lineEnd}. */
    public static String table(List<?> columns, List<? extends List<?>> rows, String lineEnd) {
        StringBuilder b = new StringBuilder();
        b.append(line(columns)).append(lineEnd);
        for (List<?> row : rows) b.append(line(row)).append(lineEnd);
        return b.toString();
    }

    /** One line's cells, joined by commas, without a line end. */
    public static String line(List<?> cells) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) b.append(',');
            Object v = cells.get(i);
            b.append(cell(v == null ? "" : String.valueOf(v)));
        }
        return b.toString();
    }

    public static String cell(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
