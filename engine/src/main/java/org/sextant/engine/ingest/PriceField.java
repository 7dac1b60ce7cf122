package org.sextant.engine.ingest;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import org.sextant.contract.ShownText;

/**
 * A price column of the store and the header spellings that map to it: English, Stooq's Polish, and what German, French
 * and Italian exports (Xetra, boursorama, Borsa Italiana, Excel in those locales) write, as {@link #normalize} has them.
 */
enum PriceField {
    OPEN("open", Set.of("open", "otwarcie", "eroffnung", "eroeffnung", "erster", "ouverture", "apertura")),
    HIGH("high", Set.of("high", "najwyzszy", "hoch", "plushaut", "massimo")),
    LOW("low", Set.of("low", "najnizszy", "tief", "plusbas", "minimo")),
    CLOSE("close", Set.of("close", "zamkniecie", "last", "schluss", "schlusskurs", "letzter", "cloture", "chiusura")),
    ADJ_CLOSE("adj_close", Set.of("adjclose", "adjustedclose", "clotureajustee", "chiusuraaggiustata", "chiusurarettificata")),
    VOLUME("volume", Set.of("volume", "vol", "wolumen", "volumen", "umsatz"));

    static final Set<String> DATE = Set.of("date", "data", "datum");
    static final Set<String> SYMBOL = Set.of("symbol", "ticker");
    /** Columns of Stooq's bulk files that carry no price: ignored. */
    static final Set<String> IGNORED = Set.of("per", "time", "openint");

    /** Whether a daily file's column of this normalized name is a wide file's symbol: not blank, not Stooq's columns without prices. */
    static boolean dailySymbol(String normalized) {
        return !normalized.isEmpty() && !IGNORED.contains(normalized);
    }

    /**
     * Whether a bar file's column of this normalized name holds values its read takes (a wide file's symbol): a {@link #dailySymbol}
     * that is not also one of MetaTrader's columns without prices (its spread, tick volume, and the unnamed ones of a headerless export).
     */
    static boolean holdsValues(String normalized) {
        return dailySymbol(normalized) && !normalized.startsWith("ignored") && !normalized.equals("spread") && !normalized.equals("tickvol");
    }

    final String column;
    private final Set<String> spellings;

    PriceField(String column, Set<String> spellings) {
        this.column = column;
        this.spellings = spellings;
    }

    static PriceField of(String normalized) {
        for (PriceField f : values()) {
            if (f.spellings.contains(normalized)) return f;
        }
        return null;
    }

    /**
     * Refuses a header with two columns of one role: a price field ("close" and "Close", "Vol" and "Volume"),
     * the date ("Date" and "DATE") or the symbol ("symbol" and "ticker"), as a merge of two exports writes them:
     * which one holds the values is the user's call, so neither is dropped silently. Only names that matched a
     * spelling are quoted, escaped and cut as a caller's name is. {@code skip} leaves out price columns a bar
     * file reads as times.
     */
    static void refuseTwice(List<String> header, String file, int headerLine, IntPredicate skip) {
        Map<String, Integer> first = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            String n = normalize(header.get(i));
            String role = DATE.contains(n) ? "date" : SYMBOL.contains(n) ? "symbol" : of(n) != null && !skip.test(i) ? of(n).column : null;
            if (role == null) continue;
            Integer j = first.putIfAbsent(role, i);
            if (j != null) throw twice(header, file, headerLine, j, i, role);
        }
    }

    /** Columns {@code j} and {@code i} of the header both hold {@code role}: the error names both, quoted, escaped and cut as a caller's name is. */
    static org.sextant.engine.SextantException twice(List<String> header, String file, int headerLine, int j, int i, String role) {
        return org.sextant.engine.SextantException.invalid(Layout.columnField(header, i), Layout.header(file, headerLine) + ": columns " + (j + 1)
                + " ('" + ShownText.name(header.get(j).trim()) + "') and " + (i + 1) + " ('" + ShownText.name(header.get(i).trim())
                + "') are both the " + role + ", so which one to import is ambiguous",
                "keep one of the two columns (delete or rename the other), then import again");
    }

    /** "Adj Close", "<CLOSE>", "adj_close" and "AdjClose" all normalize to the same key; accents dropped ("Clôture", "Eröffnung"), ß as ss. */
    static String normalize(String header) {
        // a header of plain ASCII (nearly every one) in one pass: each call compiled two patterns, and a header of
        // 150,000 columns was normalized some ten times over while its import held the store's writer
        StringBuilder b = new StringBuilder(header.length());
        for (int i = 0; i < header.length(); i++) {
            char ch = header.charAt(i);
            if (ch >= 0x80) return normalizeAnyText(header);
            if (DROPPED.indexOf(ch) < 0) b.append(ch >= 'A' && ch <= 'Z' ? (char) (ch + 32) : ch);
        }
        return b.toString();
    }

    /** The ASCII characters {@link #normalize} drops: regex {@code \s} (space, tab, LF, VT, FF, CR) and {@code <>"'_.-}. */
    private static final String DROPPED = " \t\n\u000B\f\r<>\"'_.-";
    private static final java.util.regex.Pattern MARKS = java.util.regex.Pattern.compile("\\p{M}");
    private static final java.util.regex.Pattern PUNCTUATION = java.util.regex.Pattern.compile("[\\s<>\"'_.\\-]");

    /** {@link #normalize} of any text: accents dropped after NFD, ß as ss. */
    static String normalizeAnyText(String header) {
        String plain = MARKS.matcher(java.text.Normalizer.normalize(header.replace("\uFEFF", ""), java.text.Normalizer.Form.NFD)).replaceAll("");
        return PUNCTUATION.matcher(plain).replaceAll("").toLowerCase(Locale.ROOT).replace("ß", "ss");
    }
}
