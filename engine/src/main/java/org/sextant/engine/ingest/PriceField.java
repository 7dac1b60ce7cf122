package org.sextant.engine.ingest;

import java.util.Locale;
import java.util.Set;

/** A price column of the store and the header spellings that map to it (English, Stooq's Polish). */
enum PriceField {
    OPEN("open", Set.of("open", "otwarcie")),
    HIGH("high", Set.of("high", "najwyzszy")),
    LOW("low", Set.of("low", "najnizszy")),
    CLOSE("close", Set.of("close", "zamkniecie", "last")),
    ADJ_CLOSE("adj_close", Set.of("adjclose", "adjustedclose")),
    VOLUME("volume", Set.of("volume", "vol", "wolumen"));

    static final Set<String> DATE = Set.of("date", "data");
    static final Set<String> SYMBOL = Set.of("symbol", "ticker");
    /** Columns of Stooq's bulk files that carry no price: ignored. */
    static final Set<String> IGNORED = Set.of("per", "time", "openint");

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

    /** "Adj Close", "<CLOSE>", "adj_close" and "AdjClose" all normalize to the same key. */
    static String normalize(String header) {
        return header.replace("\uFEFF", "").replaceAll("[\\s<>\"'_.\\-]", "").toLowerCase(Locale.ROOT);
    }
}
