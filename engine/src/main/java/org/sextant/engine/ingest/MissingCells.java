package org.sextant.engine.ingest;

import java.util.List;
import java.util.StringJoiner;

/**
 * The cells every reader of a price file takes as missing (the daily import's and the bar import's DuckDB readers and
 * the preview): empty, and the spellings Yahoo and R write. NaN is not one: it is read as a number, refused beside a
 * price and skipped on a line without one (a wide file's NaN cell is an empty day of that symbol).
 */
final class MissingCells {
    static final List<String> SPELLINGS = List.of("", "null", "NULL", "NA", "N/A");

    private MissingCells() {}

    /** The spellings as DuckDB's read_csv takes them: nullstr=[...]. */
    static String nullstr() {
        StringJoiner out = new StringJoiner(", ", "[", "]");
        for (String s : SPELLINGS) out.add(ImportBatch.literal(s));
        return out.toString();
    }

    /** DuckDB's spellings of NaN, as its cast reads them: any case, a sign, a payload (nan, -NaN, nan(1)). */
    private static final java.util.regex.Pattern NAN = java.util.regex.Pattern.compile("[+-]?nan(\\([0-9a-z_]*\\))?", java.util.regex.Pattern.CASE_INSENSITIVE);

    /** Whether a cell, trimmed and unquoted, is a NaN to the readers (TRY_CAST AS DOUBLE gives NaN): a wide file's empty day. */
    static boolean nan(String cell) {
        return NAN.matcher(cell).matches();
    }

    /** Whether a cell, as the reader sees it once unquoted, is missing. */
    static boolean missing(String cell) {
        return SPELLINGS.contains(cell);
    }
}
