package org.sextant.engine.data;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The stored symbols an unknown one was probably meant to be: tickers a typo or two away ("IMB"
 * for IBM), tickers it is the stem of or a suffixed form of ("MSFT" for MSFT.US), and symbols
 * whose name holds it ("coca" for KO). A shared pair of letters is no resemblance: NOPE once
 * suggested UTX, whose name holds "no".
 */
public final class SymbolSuggestions {
    static final int MOST = 5;

    private SymbolSuggestions() {}

    static List<String> near(String asked, List<SymbolInfo> stored) {
        String a = asked.trim().toUpperCase(Locale.ROOT);
        String stem = stem(a);
        int typos = Math.max(1, a.length() / 3);
        return stored.stream()
                .map(s -> new Scored(s.symbol(), score(a, stem, typos, s)))
                .filter(s -> s.score < Integer.MAX_VALUE)
                .sorted(Comparator.comparingInt(Scored::score).thenComparing(Scored::symbol))
                .limit(MOST).map(Scored::symbol).toList();
    }

    private record Scored(String symbol, int score) {}

    /** Lower is closer; MAX_VALUE: not alike. */
    private static int score(String asked, String stem, int typos, SymbolInfo s) {
        String ticker = s.symbol().toUpperCase(Locale.ROOT);
        if (stem(ticker).equals(stem)) return 0;
        int d = org.sextant.contract.NearNames.distance(asked, ticker);
        if (d <= typos) return d;
        String name = s.name() == null ? "" : s.name().toUpperCase(Locale.ROOT);
        if (asked.length() >= 3 && name.contains(asked)) return typos + 1;
        return Integer.MAX_VALUE;
    }

    /** The ticker before an exchange suffix: MSFT for MSFT.US. */
    private static String stem(String ticker) {
        int dot = ticker.indexOf('.');
        return dot > 0 ? ticker.substring(0, dot) : ticker;
    }
}
