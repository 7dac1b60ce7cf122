package org.sextant.engine.ingest;

import java.util.regex.Pattern;
import org.sextant.contract.ShownText;

/**
 * How an error shows a cell of a file whose header passed as prices. Such a file may still not be
 * price data (a "date,password" export), so only a cell that looks like a number or a date, or a
 * short typo like '9.6x', is quoted; anything longer is described by its length, never echoed.
 */
public final class CellText {
    private static final Pattern NUMBER_OR_DATE = Pattern.compile("[0-9+\\-.,:/ ]{1,24}|[0-9.]+[eE][+-]?[0-9]+");

    static final int QUOTED_MAX = 12;
    /** A number past a double's range (1e400) reads as infinite: said as such, not as "Infinity", which the file never held. */
    public static final String OUT_OF_RANGE = "is out of range: not a finite number (a double holds at most about 1.8e308)";

    private CellText() {}

    /** The cell without the spaces around it, its control characters kept (trim() drops a NUL or ESC at either end, hiding why it is no number). */
    static String spacesCut(String cell) {
        int from = 0;
        int to = cell.length();
        while (from < to && cell.charAt(from) == ' ') from++;
        while (to > from && cell.charAt(to - 1) == ' ') to--;
        return cell.substring(from, to);
    }

    public static String describe(String cell) {
        if (cell == null || cell.isEmpty()) return "an empty cell";
        // a NUL or ESC after a number is shown as its escape (ShownText): quoted raw, the reader sees a number that looks fine
        if (cell.length() <= QUOTED_MAX || NUMBER_OR_DATE.matcher(cell).matches()) return "'" + ShownText.escaped(cell) + "'";
        return "a text of " + cell.length() + " characters";
    }
}
