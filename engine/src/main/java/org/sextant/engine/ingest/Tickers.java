package org.sextant.engine.ingest;

import java.util.regex.Pattern;
import org.sextant.engine.SextantException;

/**
 * What a ticker entering the store may hold, however it arrives: gathered from a provider or
 * named by a file. A comma or a space in a symbol would break every list of symbols (--symbols AA,IBM).
 */
final class Tickers {
    static final String RULE = "letters, digits and . _ ^ = - only";
    private static final Pattern TICKER = Pattern.compile("[A-Za-z0-9._^=-]{1,40}");

    private Tickers() {}

    static boolean valid(String ticker) {
        return TICKER.matcher(ticker).matches();
    }

    /** The symbol a file's name gives, refused naming the file when it gives none or one that is not a ticker. */
    static void requireFromFileName(String file, String symbol, String example) {
        if (symbol.isBlank()) {
            throw SextantException.invalid("paths", file + ": the file name gives no symbol",
                    "name the file after the ticker, e.g. " + example + ", or add a symbol column");
        }
        if (!valid(symbol)) {
            throw SextantException.invalid("paths", file + ": the file name gives the symbol '" + symbol + "', which is not a ticker ("
                    + RULE + ", at most 40)", "rename the file after the ticker, e.g. " + example + ", or add a symbol column");
        }
    }
}
