package org.sextant.contract;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Characters that must not reach a reader raw: control characters (C0 and C1: a terminal's escape
 * sequences recolour or clear the screen, set its title), bidirectional overrides and isolates
 * (U+202A..U+202E, U+2066..U+2069: they show text in another order than it is), the invisible
 * direction marks U+200E, U+200F and U+061C (they reorder the neutral characters around them, a
 * quote or a dot, and show nothing), the other format characters that show nothing (a zero-width
 * space, a word joiner, a byte order mark, a soft hyphen: AA and a zero-width space must not read as AA, attack 19)
 * but the zero-width joiner and non-joiner, which spell Persian and Indic words and emoji, and the
 * line and paragraph separators U+2028, U+2029 (they break one line of an error into two, as a line
 * feed would). Every transport (local API, MCP launcher, CLI, GUI) shows a caller's text through here.
 */
public final class ShownText {
    public static final Pattern UNSHOWN = Pattern.compile("[[\\p{Cc}\\p{Cf}\u2028\u2029]&&[^\u200C\u200D]]");
    /** Characters of a caller's name an error shows before cutting it: a name is read, not copied back. */
    public static final int NAME_CHARS = 64;
    /** The longest {@link #name} gives: its cut plus "… (2147483647 characters)". */
    public static final int LONGEST_NAME = NAME_CHARS + cutNote(Integer.MAX_VALUE).length();

    private ShownText() {}

    public static boolean hasUnshown(String s) {
        return s != null && UNSHOWN.matcher(s).find();
    }

    /** The text with each such character written as its escape (BEL as \u0007), so an error can echo what was sent. */
    public static String escaped(String s) {
        if (s == null || !hasUnshown(s)) return s;
        return UNSHOWN.matcher(s).replaceAll(m -> Matcher.quoteReplacement(escape(m.group())));
    }

    /**
     * A name the caller typed (an argument, a method) as an error echoes it: escaped as above and cut
     * to {@link #NAME_CHARS} shown characters plus "… (N characters)", N its length as sent, so a
     * 10,000-character name is no 10,000-character error and an escape is never cut in half.
     */
    public static String name(String s) {
        if (s == null) return null;
        StringBuilder out = new StringBuilder();
        int count = s.codePointCount(0, s.length());
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            String shown = UNSHOWN.matcher(Character.toString(cp)).matches() ? escape(Character.toString(cp)) : Character.toString(cp);
            if (out.length() + shown.length() > NAME_CHARS) return out + cutNote(count);
            out.append(shown);
            i += Character.charCount(cp);
        }
        return out.toString();
    }

    /** Each UTF-16 unit as \\uXXXX: a format character past U+FFFF (a tag) as its two surrogates, as JSON writes it. */
    private static String escape(String chars) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < chars.length(); i++) out.append(String.format("\\u%04x", (int) chars.charAt(i)));
        return out.toString();
    }

    private static String cutNote(int count) {
        return "\u2026 (" + count + " characters)";
    }
}
