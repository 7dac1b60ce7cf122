package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What ShownText writes as an escape: whatever would show a reader other text than was sent. */
class ShownTextTest {
    /** Line and paragraph separators break a one-line error; the direction marks reorder the quotes around them unseen. */
    @Test
    void separatorsAndDirectionMarksAreEscapedAsOverridesAre() {
        String sent = "a\u2028b\u2029c\u061Cd\u200Ee\u200Ff\u202Eg\u2067h\u001bi";
        String shown = "a\\u2028b\\u2029c\\u061cd\\u200ee\\u200ff\\u202eg\\u2067h\\u001bi";
        assertTrue(ShownText.hasUnshown("x\u2028"));
        assertEquals(shown, ShownText.escaped(sent));
        assertEquals(shown, ShownText.name(sent));
        assertFalse(ShownText.hasUnshown(ShownText.escaped(sent)));
    }

    /** Other Unicode, joiners included (emoji sequences, Persian), is shown as it is. */
    @Test
    void otherUnicodeIsShownAsSent() {
        String plain = "Zürich \u4e2d\u6587 \u0645\u0631\u062d\u0628\u0627 \u200D\u200C \uD83D\uDC4D";
        assertEquals(plain, ShownText.escaped(plain));
    }

    /** A zero-width space, word joiner, byte order mark or soft hyphen shows nothing: 'AA' and a zero-width space read as 'AA' (attack 19, L2). */
    @Test
    void formatCharactersThatShowNothingAreEscaped() {
        String sent = "AA\u200b|\u2060|\ufeff|\u00ad|\udb40\udc41";
        String shown = "AA\\u200b|\\u2060|\\ufeff|\\u00ad|\\udb40\\udc41"; // a tag past U+FFFF as its two surrogates
        assertEquals(shown, ShownText.escaped(sent));
        assertEquals(shown, ShownText.name(sent));
        assertFalse(ShownText.hasUnshown(ShownText.escaped(sent)));
    }

    /**
     * Half of a UTF-16 surrogate pair without its other half (JSON's "\\ud800") is no character UTF-8 can carry: written
     * raw it reached the reader as "?" (attack 37), so which name was wrong could not be told. It shows as its escape; a
     * whole pair is one character and shows as sent.
     */
    @Test
    void halfASurrogatePairAloneShowsAsItsEscape() {
        assertEquals("x\\ud800", ShownText.name("x\ud800"));
        assertEquals("no\\u2028such\\ud800", ShownText.name("no\u2028such\ud800"));
        assertEquals("\\udfffa\\ude00\\ud83d", ShownText.escaped("\udfffa\ude00\ud83d"), "a pair in the wrong order is two halves");
        assertTrue(ShownText.hasUnshown("ab\udc00"));
        assertEquals("\ud83d\ude00", ShownText.name("\ud83d\ude00"));
    }

    /** The check read a code point at a time is the pattern's set, every code point (lone surrogates too), in a text and alone. */
    @Test
    void theCodePointCheckIsThePatternsSetForEveryCodePoint() {
        for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
            String one = Character.toString(cp);
            boolean pattern = ShownText.UNSHOWN.matcher(one).find();
            // a message built only on a difference: 1.1 million assertions
            if (pattern != ShownText.unshown(cp)) assertEquals(pattern, ShownText.unshown(cp), String.format("U+%04X", cp));
            if (pattern != ShownText.hasUnshown("ab" + one + "c")) assertEquals(pattern, ShownText.hasUnshown("ab" + one + "c"), String.format("U+%04X in a text", cp));
            StringBuilder units = new StringBuilder();
            for (char c : one.toCharArray()) units.append(String.format("\\u%04x", (int) c));
            String expected = "ab" + (pattern ? units : one) + "c";
            if (!expected.equals(ShownText.escaped("ab" + one + "c"))) assertEquals(expected, ShownText.escaped("ab" + one + "c"), String.format("U+%04X escaped", cp));
        }
    }
}
