package org.sextant.engine.ingest;

import java.util.regex.Pattern;
import org.sextant.engine.SextantException;

/**
 * What a ticker entering the store may hold, however it arrives: gathered from a provider, named
 * by a file, a symbol column or a wide file's header. A comma or a space in a symbol would break
 * every list of symbols (--symbols AA,IBM); one longer than reads take could never be read back.
 */
final class Tickers {
    /** The longest ticker, in characters (one byte each: a ticker is ASCII). */
    static final int MAX_CHARS = 40;
    static final String RULE = "letters, digits and . _ ^ = - only, at least one letter or digit, or a pair such as EUR/USD";
    // a pair's two parts hold no dot, so no '..' can pass as a symbol; none starts with = or -, which a spreadsheet
    // runs as a formula (attack 31 F1: =A1, -2-3); symbols stored before are still read, listed and deleted
    private static final String TICKER_REGEX = "[A-Za-z0-9._^][A-Za-z0-9._^=-]{0," + (MAX_CHARS - 1) + "}|[A-Za-z0-9_^][A-Za-z0-9_^=-]{0,18}/[A-Za-z0-9_^=-]{1,20}";
    private static final Pattern TICKER = Pattern.compile(TICKER_REGEX);
    // a symbol cell written '=A1 or '-2-3 (a ' before the = or -, as the app's kept files write a symbol stored before the
    // rule) is read as that symbol only for a symbol stored before the rule (V061 lists them), so a kept file imports back
    // and no new one gets in
    private static final String STORED_AS_FORMULA_SQL = "(SELECT symbol FROM symbols_before_ticker_rule)";
    /** Put by {@link #cellSql} before a cell starting as a formula without the ': no ticker has it, so the cell is refused as one. */
    private static final char UNGUARDED = '\u0001';
    // and a letter or digit: '.', '..' and '--' passed, and their kept files after delete_prices were hidden or read as options
    private static final String NAMING_REGEX = "[A-Za-z0-9]";
    private static final Pattern NAMING = Pattern.compile(NAMING_REGEX);

    private Tickers() {}

    static boolean valid(String ticker) {
        return TICKER.matcher(ticker).matches() && NAMING.matcher(ticker).find();
    }

    /** The symbol a file's name gives, refused naming the file when it gives none or one that is not a ticker. */
    static void requireFromFileName(String file, String symbol, String example) {
        if (startsAsFormula(symbol)) {
            throw SextantException.invalid("paths", file + ": the file name gives the symbol " + quoted(symbol) + ", which is not a ticker (it starts with "
                    + symbol.charAt(0) + ", which a spreadsheet runs as a formula)", "rename the file after the ticker without the leading " + symbol.charAt(0) + ", e.g. " + example + ", or add a symbol column");
        }
        if (symbol.isBlank()) {
            throw SextantException.invalid("paths", file + ": the file name gives no symbol",
                    "name the file after the ticker, e.g. " + example + ", or add a symbol column");
        }
        if (!valid(symbol)) {
            throw SextantException.invalid("paths", file + ": the file name gives the symbol '" + symbol + "', which is not a ticker ("
                    + RULE + ", at most 40)", "rename the file after the ticker, e.g. " + example + ", or add a symbol column");
        }
    }

    /**
     * SQL that is true where {@code column}, a symbol cell read by {@link #cellSql}, is no ticker (an empty one is refused as
     * missing) and no symbol stored before the rule (one starting with = or -, written '=A1 in the cell).
     */
    static String notTickerSql(String column) {
        return "(" + column + " <> '' AND NOT (regexp_full_match(" + column + ", '" + TICKER_REGEX + "') AND regexp_matches(" + column + ", '"
                + NAMING_REGEX + "')) AND " + column + " NOT IN " + STORED_AS_FORMULA_SQL + ")";
    }

    /** A symbol as a kept file's cell: one starting with = or - (stored before the rule; -5 too) gets the ' {@link #cellSql} reads back. */
    static String keptCell(String symbol) {
        return startsAsFormula(symbol) ? "'" + symbol : org.sextant.engine.exchange.CsvWriter.asText(symbol);
    }

    /** The refusal of a symbol read from a cell or a header ({@code at}: file, line and column), naming the column {@code field}. */
    static SextantException notATicker(String field, String at, String cell) {
        String symbol = unmarked(cell);
        if (startsAsFormula(symbol)) {
            return SextantException.invalid(field, at + ": " + shown(symbol) + " is not a ticker (it starts with " + symbol.charAt(0)
                    + ", which a spreadsheet runs as a formula; " + RULE + ", at most 40)", "write the ticker without the leading " + symbol.charAt(0)
                    + ", e.g. MSFT or ^SPX" + ("=-".indexOf(symbol.charAt(0)) >= 0 ? "; a symbol stored before this rule imports written '" + symbol
                    + " (a ' before it, as the app's kept files write it)" : ""));
        }
        return SextantException.invalid(field, at + ": " + shown(symbol) + " is not a ticker (" + RULE + ", at most 40)",
                "write the ticker, e.g. MSFT or ^SPX");
    }

    /**
     * The refusal of a symbol cell read by {@link #cellSql}: one written '=NEW (a ' before it) is a symbol not stored
     * before the rule, which only such a one may be written so; any other as {@link #notATicker}.
     */
    static SextantException notATickerCell(String field, String at, String cell) {
        if (cell.isEmpty() || cell.charAt(0) == UNGUARDED || !startsAsFormula(cell)) return notATicker(field, at, cell);
        return SextantException.invalid(field, at + ": " + shown(cell) + " is not a ticker (it starts with " + cell.charAt(0)
                + ", which a spreadsheet runs as a formula; written '" + cell + " only a symbol stored before this rule imports, and none is stored so)",
                "write the ticker without the leading " + cell.charAt(0) + ", e.g. MSFT or ^SPX");
    }

    private static boolean startsAsFormula(String symbol) {
        return !symbol.isEmpty() && "=+-@".indexOf(symbol.charAt(0)) >= 0;
    }

    /**
     * SQL of a symbol cell {@code cell} as the ticker it holds: trimmed, uppercased, and a ' before = + - @ taken off (a
     * spreadsheet-safe CSV the app wrote, docs/data.md), so that the ticker rule judges what the cell means; a cell that
     * starts with = + - @ without that ' gets a mark no ticker holds, so it is refused (and shown without the mark).
     */
    static String cellSql(String cell) {
        String u = "upper(trim(" + cell + "))";
        return "CASE WHEN regexp_matches(" + u + ", '^[=+@-]') THEN chr(" + (int) UNGUARDED + ") || " + u + " ELSE regexp_replace(" + u + ", '^''([=+@-])', '\\1') END";
    }

    /**
     * Whether a cell of the file is the import_rows symbol {@code symbol} it became by {@link #cellSql} (to find its line
     * again). Its trim is DuckDB's, and case is compared folded: DuckDB's upper maps ß to ẞ where Java keeps ß (or makes SS),
     * so a refused cell was not found again and named no line, as one led by a no-break space (" =A1") was.
     */
    static boolean readAs(String cell, String symbol) {
        return folded(cellOf(cell)).equals(folded(symbol));
    }

    /** As {@link #cellSql} reads a cell, but for its case (compared folded). */
    private static String cellOf(String cell) {
        String u = trimmed(cell);
        if (startsAsFormula(u)) return UNGUARDED + u;
        return u.length() > 1 && u.charAt(0) == '\'' && startsAsFormula(u.substring(1)) ? u.substring(1) : u;
    }

    /** DuckDB's trim(): the Unicode space separators (Zs) at both ends taken off. */
    private static String trimmed(String cell) {
        int from = 0, to = cell.length();
        while (from < to && Character.getType(cell.codePointAt(from)) == Character.SPACE_SEPARATOR) from += Character.charCount(cell.codePointAt(from));
        while (to > from && Character.getType(cell.codePointBefore(to)) == Character.SPACE_SEPARATOR) to -= Character.charCount(cell.codePointBefore(to));
        return cell.substring(from, to);
    }

    /** Each character's case folded alone: a cell and the symbol DuckDB's upper made of it fold alike. */
    private static String folded(String text) {
        StringBuilder f = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> f.appendCodePoint(Character.toLowerCase(Character.toUpperCase(cp))));
        return f.toString();
    }

    /** A symbol cell as written: without the mark {@link #cellSql} put before one starting as a formula. */
    private static String unmarked(String cell) {
        return !cell.isEmpty() && cell.charAt(0) == UNGUARDED ? cell.substring(1) : cell;
    }

    /** The symbol as the message may show it: quoted when short and printable, else described. */
    static String shown(String symbol) {
        return unmarked(symbol).length() > 40 ? quoted(symbol) : "the symbol " + quoted(symbol);
    }

    /** The symbol in a list of them: 'MSFT', or described when too long to show. */
    static String quoted(String cell) {
        String symbol = unmarked(cell);
        if (symbol.length() > 40) return "a symbol of " + symbol.length() + " characters";
        // control characters and direction overrides written as escapes (\u202e): shown as they are, not in another order
        return "'" + org.sextant.contract.ShownText.escaped(symbol) + "'";
    }
}
