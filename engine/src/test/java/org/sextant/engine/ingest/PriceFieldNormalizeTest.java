package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The one-pass reading of a plain ASCII header name gives what the full normalization (NFD, patterns) gives. */
class PriceFieldNormalizeTest {
    @Test
    void everyAsciiCharacterIsReadAsTheFullNormalizationReadsIt() {
        for (char ch = 0; ch < 0x80; ch++) {
            String name = "Adj" + ch + "Close" + ch;
            assertEquals(PriceField.normalizeAnyText(name), PriceField.normalize(name), "character " + (int) ch);
        }
        for (String name : new String[] {"<CLOSE>", "Adj Close", "adj_close", "\"Date\"", " Vol. ", "Clôture", "Eröffnung", "Schluß", "\uFEFFDate", ""}) {
            assertEquals(PriceField.normalizeAnyText(name), PriceField.normalize(name), name);
        }
        assertEquals("adjclose", PriceField.normalize("Adj-Close"));
        assertEquals("cloture", PriceField.normalize("Clôture"));
    }
}
