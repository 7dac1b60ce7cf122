package org.sextant.engine;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Characters that must not reach a reader raw: control characters (C0 and C1: a terminal's escape
 * sequences recolour or clear the screen, set its title) and bidirectional overrides and isolates
 * (U+202A..U+202E, U+2066..U+2069: they show text in another order than it is).
 */
public final class ShownText {
    public static final Pattern UNSHOWN = Pattern.compile("[\\p{Cc}\u202A-\u202E\u2066-\u2069]");

    private ShownText() {}

    public static boolean hasUnshown(String s) {
        return s != null && UNSHOWN.matcher(s).find();
    }

    /** The text with each such character written as its escape (BEL as \u0007), so an error can echo what was sent. */
    public static String escaped(String s) {
        if (s == null || !hasUnshown(s)) return s;
        return UNSHOWN.matcher(s).replaceAll(m -> Matcher.quoteReplacement(String.format("\\u%04x", (int) m.group().charAt(0))));
    }
}
