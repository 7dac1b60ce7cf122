package org.sextant.app.gui;

import java.util.List;

/** RFC 4180 CSV text: a header and rows, cells with a comma, quote or line break quoted, nulls empty. */
final class CsvText {
    private CsvText() {}

    static String of(List<String> columns, List<List<Object>> rows) {
        StringBuilder b = new StringBuilder();
        line(b, columns);
        for (List<Object> row : rows) line(b, row);
        return b.toString();
    }

    private static void line(StringBuilder b, List<?> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) b.append(',');
            Object v = cells.get(i);
            b.append(cell(v == null ? "" : String.valueOf(v)));
        }
        b.append("\r\n");
    }

    static String cell(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
