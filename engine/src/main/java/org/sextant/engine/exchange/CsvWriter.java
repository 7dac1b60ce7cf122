package org.sextant.engine.exchange;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The one CSV writer of every export (RFC 4180): a cell with a comma, a quote, CR or LF is quoted
 * and its quotes doubled; null is an empty cell. Files end their lines with CRLF as the RFC says;
 * text for a terminal or a line-reading script may ask for LF. A text cell a spreadsheet would run as a
 * formula (it starts with = + - @, a tab or CR and is no number) is written with a leading ' (attack 31 F1),
 * which Excel and LibreOffice show as the text; import_prices reads such a cell back as it was.
 */
public final class CsvWriter {
    public static final String CRLF = "\r\n";
    public static final String LF = "\n";

    /** The first characters that make a spreadsheet read a cell as a formula (a tab or CR before one does too). */
    public static final String FORMULA_STARTS = "=+-@\t\r";
    // a number (-2.5, +3, -1e-5) stays a number: a spreadsheet reads it as one, not as a formula
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?|[+-]?Infinity|NaN");

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

    public static String cell(String text) {
        String s = asText(text);
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** {@code s} with a leading ' when a spreadsheet would run it as a formula; anything else as it is. */
    public static String asText(String s) {
        if (s.isEmpty() || FORMULA_STARTS.indexOf(s.charAt(0)) < 0 || NUMBER.matcher(s).matches()) return s;
        return "'" + s;
    }
}
