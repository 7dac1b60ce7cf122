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
        int d = distance(asked, ticker);
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

    /** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
