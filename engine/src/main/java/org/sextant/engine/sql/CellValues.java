package org.sextant.engine.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Timestamp;
import java.time.temporal.TemporalAccessor;
import java.util.Locale;

/** Turns JDBC values into plain JSON-friendly values: numbers, booleans, ISO date strings, text. */
final class CellValues {
    /** Appended (with the full length) to a text cell cut at ReadOnlySql.MAX_CELL_CHARS. */
    static final String TRUNCATION_MARK = " …[truncated, full length ";

    private CellValues() {}

    /** Types whose values are rendered as text and therefore capped in size. */
    static boolean isTextLike(String duckdbType) {
        String t = duckdbType.toUpperCase(Locale.ROOT);
        return t.equals("VARCHAR") || t.equals("BLOB") || t.equals("JSON") || t.equals("BIT") || t.equals("VARIANT")
                || t.endsWith("[]") || t.matches(".*\\[\\d+\\]$") || t.startsWith("STRUCT") || t.startsWith("MAP")
                || t.startsWith("UNION") || t.startsWith("LIST");
    }

    static Object of(Object v) {
        if (v == null) return null;
        if (v instanceof Boolean || v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte
                || v instanceof BigDecimal || v instanceof BigInteger || v instanceof String) {
            return v;
        }
        if (v instanceof Double d) return Double.isFinite(d) ? d : d.toString();
        if (v instanceof Float f) return Float.isFinite(f) ? f.doubleValue() : f.toString();
        if (v instanceof java.sql.Date d) return d.toLocalDate().toString();
        if (v instanceof Timestamp t) return t.toLocalDateTime().toString();
        if (v instanceof java.sql.Time t) return t.toLocalTime().toString();
        if (v instanceof TemporalAccessor) return v.toString();
        return v.toString();
    }
}
