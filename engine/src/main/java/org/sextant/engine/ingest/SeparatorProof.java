package org.sextant.engine.ingest;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a number's form proves of its file's decimal separator: the one table the style decision of {@link CsvForms} reads,
 * its refusals and notes naming the form that proved it. A cell has the first form it matches whole, top to bottom; a form
 * not listed ("12", "1e5", "1'234") proves nothing. A ';' or tab file and a ',' file (whose decimal commas come quoted) read
 * some forms differently: a ',' file proves a decimal comma only by forms Excel quotes ("22,7", "1.234,56") or dots between
 * thousands, and counts a column's cells for its whole-column rule ({@link Column}).
 */
enum SeparatorProof {
    // form                          pattern (a whole cell)                                               ';' or tab file          ',' file                 ',' column     has (notes, refusals)
    /** "28,868": 28.868 under a decimal comma as much as 28868 ("0,125" is no thousand: a decimal comma). */
    COMMA_BEFORE_THREE(             "[-+]?[1-9]\\d{0,2},\\d{3}",                                        Proves.COMMA_TWO_WAYS,   Proves.COMMA_TWO_WAYS,   Column.COMMA, "a decimal comma"),
    /** "28,868.80", "251,820,000": Excel's, Yahoo's and Investing.com's US exports. */
    COMMAS_BETWEEN_THOUSANDS(       "[-+]?[1-9]\\d{0,2}(,\\d{3})+(\\.\\d+)?",                           Proves.DECIMAL_POINT,    Proves.DECIMAL_POINT,    Column.OTHER, "',' between thousands"),
    /** "22,7", "0,125", "1234,567", "1.234,56". */
    DECIMAL_COMMA(                  "[-+]?(\\d+|\\d{1,3}(\\.\\d{3})+),\\d+",                            Proves.DECIMAL_COMMA,    Proves.DECIMAL_COMMA,    Column.COMMA, "a decimal comma"),
    /** "1'234,56", "1 234,56": ' or a (no-break) space between thousands. */
    GROUPED_DECIMAL_COMMA(          "[-+]?\\d{1,3}(('\\d{3})+|([ \u00A0\u202F]\\d{3})+),\\d+",          Proves.DECIMAL_COMMA,    Proves.NOTHING,          Column.OTHER, "a decimal comma"),
    /** "1.234.567": a German volume. */
    DOTS_BETWEEN_THOUSANDS(         "[-+]?\\d{1,3}(\\.\\d{3}){2,}",                                     Proves.DECIMAL_COMMA,    Proves.DECIMAL_COMMA,    Column.DOTS,  "dots between thousands"),
    /** "1 234": French Excel's (no-break) space between thousands. */
    SPACE_BETWEEN_THOUSANDS(        "[-+]?\\d{1,3}([ \u00A0\u202F]\\d{3})+",                            Proves.DECIMAL_COMMA,    Proves.NOTHING,          Column.OTHER, "a space between thousands"),
    /** "28.000", "1.125": 28.000 under a decimal point as much as 28000 ("0.125" is no thousand: a decimal point). */
    DOT_BEFORE_THREE(               "[-+]?[1-9]\\d{0,2}\\.\\d{3}",                                      Proves.DOT_TWO_WAYS,     Proves.DOT_TWO_WAYS,     Column.DOTS,  "a decimal point"),
    /** "0.125": a decimal point (no thousand starts with 0), yet dots a decimal comma reads (125), which a ',' column counts so. */
    ZERO_DOT_THREE(                 "[-+]?0\\d{0,2}\\.\\d{3}",                                          Proves.DECIMAL_POINT,    Proves.DECIMAL_POINT,    Column.DOTS,  "a decimal point"),
    /** "12.5", "1'234.56", "1.5e3". */
    DECIMAL_POINT(                  "[-+]?(\\d{1,3}('\\d{3})+|\\d{1,3}(,\\d{3})+|\\d+)\\.\\d+([eE][-+]?\\d+)?", Proves.DECIMAL_POINT, Proves.DECIMAL_POINT,   Column.OTHER, "a decimal point");

    /** What a form proves of the file's decimal separator. */
    enum Proves {
        DECIMAL_COMMA,
        DECIMAL_POINT,
        /** Decimals, or a comma between thousands: the file's other numbers tell which, else it is refused. */
        COMMA_TWO_WAYS,
        /** Decimals, or a dot between thousands. */
        DOT_TWO_WAYS,
        /** Nothing by itself: read with a decimal comma where another number proves one. */
        NOTHING
    }

    /**
     * How a ',' file's column counts a cell when no ',' between thousands is proved: a column with a decimal comma is refused
     * when another of its numbers has none, unless that one has dots a decimal comma reads ("17.000", "0.125") and some number
     * proves a decimal comma.
     */
    enum Column {
        COMMA,
        DOTS,
        OTHER
    }

    final Pattern form;
    private final Proves inOtherFiles;
    private final Proves inCommaFiles;
    final Column column;
    /** How a note or refusal says what the number has: "a decimal comma", "dots between thousands". */
    final String has;
    private int group; // its group in ANY

    SeparatorProof(String form, Proves inOtherFiles, Proves inCommaFiles, Column column, String has) {
        this.form = Pattern.compile(form);
        this.inOtherFiles = inOtherFiles;
        this.inCommaFiles = inCommaFiles;
        this.column = column;
        this.has = has;
    }

    /** What this form proves in a ',' file ({@code commaFile}) or a ';' or tab file. */
    Proves proves(boolean commaFile) {
        return commaFile ? inCommaFiles : inOtherFiles;
    }

    private static final SeparatorProof[] ALL = values();
    /** Every form in one pattern, in the table's order: a cell is matched once, not once per form. */
    private static final Pattern ANY;

    static {
        StringBuilder any = new StringBuilder();
        int group = 1;
        for (SeparatorProof p : ALL) {
            any.append(any.length() == 0 ? "(" : "|(").append(p.form.pattern()).append(')');
            p.group = group;
            group += 1 + p.form.matcher("").groupCount();
        }
        ANY = Pattern.compile(any.toString());
    }

    /** The form of {@code cell} (trimmed, not missing), or null when it proves nothing. */
    static SeparatorProof of(String cell) {
        Matcher m = ANY.matcher(cell);
        if (!m.matches()) return null;
        for (SeparatorProof p : ALL) {
            if (m.start(p.group) >= 0) return p;
        }
        throw new IllegalStateException("no form's group matched " + cell.length() + " characters");
    }
}
