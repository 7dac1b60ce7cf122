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

    /** Stored symbols the store picks as alike before they are scored here: a store of 300,000 symbols is not read whole for a typo. */
    static final int MOST_CANDIDATES = 1000;

    static List<String> near(String asked, List<SymbolInfo> stored) {
        return nearOf(asked, stored.stream().map(s -> new Candidate(s.symbol(), s.name())).toList());
    }

    /**
     * The stored symbols (daily ones; bars-only ones too, as kept, when {@code barsOnly} is given) {@code asked} may have been meant to be, for
     * {@link #nearOf}: the store picks at most {@link #MOST_CANDIDATES} alike by ticker stem, Damerau-Levenshtein distance (never more than the
     * distance scored here, so none within reach is left out for its distance) or name, closest first.
     */
    static List<Candidate> candidates(java.sql.Connection c, String asked, BarsOnlySymbols barsOnly) throws java.sql.SQLException {
        String a = asked.trim().toUpperCase(Locale.ROOT);
        int typos = typos(a);
        String stored = "SELECT symbol, d.name FROM symbols LEFT JOIN " + SymbolDescription.STORED + " d USING (symbol)"
                + (barsOnly != null ? " UNION ALL SELECT symbol, d.name FROM " + barsOnly.relation() + " LEFT JOIN " + SymbolDescription.STORED + " d USING (symbol)" : "");
        String stemOf = "(upper(symbol) = ? OR starts_with(upper(symbol), ? || '.'))";
        String sql = "SELECT symbol, name FROM (SELECT symbol, name, CASE WHEN " + stemOf + " THEN 0 ELSE least(damerau_levenshtein(upper(symbol), ?), ?) END"
                + " AS reach, ? >= 3 AND contains(upper(coalesce(name, '')), ?) AS named FROM (" + stored + "))"
                + " WHERE reach < ? OR named ORDER BY reach, symbol LIMIT " + MOST_CANDIDATES;
        List<Candidate> candidates = new java.util.ArrayList<>();
        try (java.sql.PreparedStatement p = c.prepareStatement(sql)) {
            String stem = stem(a);
            p.setString(1, stem);
            p.setString(2, stem);
            p.setString(3, a);
            p.setInt(4, typos + 1);
            p.setInt(5, a.length());
            p.setString(6, a);
            p.setInt(barsOnly == null ? 7 : barsOnly.bind(c, p, 7), typos + 1);
            try (java.sql.ResultSet r = p.executeQuery()) {
                while (r.next()) candidates.add(new Candidate(r.getString(1), r.getString(2)));
            }
        }
        return candidates;
    }

    static List<String> nearOf(String asked, List<Candidate> stored) {
        String a = asked.trim().toUpperCase(Locale.ROOT);
        String stem = stem(a);
        int typos = typos(a);
        return stored.stream()
                .map(s -> new Scored(s.symbol(), score(a, stem, typos, s)))
                .filter(s -> s.score < Integer.MAX_VALUE)
                .sorted(Comparator.comparingInt(Scored::score).thenComparing(Scored::symbol))
                .limit(MOST).map(Scored::symbol).toList();
    }

    private static int typos(String asked) {
        return Math.max(1, asked.length() / 3);
    }

    /** A stored symbol and its name, as scored. */
    record Candidate(String symbol, String name) {}

    private record Scored(String symbol, int score) {}

    /** Lower is closer; MAX_VALUE: not alike. */
    private static int score(String asked, String stem, int typos, Candidate s) {
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
