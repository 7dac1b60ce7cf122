package org.sextant.contract;

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
 * feed would), and half of a UTF-16 surrogate pair without its other half (JSON's "\\ud800": UTF-8 cannot carry it, so
 * it reached the reader as "?", attack 37). Every transport (local API, MCP launcher, CLI, GUI) shows a caller's text through here.
 */
public final class ShownText {
    public static final Pattern UNSHOWN = Pattern.compile("[[\\p{Cc}\\p{Cf}\\p{Cs}\u2028\u2029]&&[^\u200C\u200D]]");
    /** Characters of a caller's name an error shows before cutting it: a name is read, not copied back. */
    public static final int NAME_CHARS = 64;
    /** The longest {@link #name} gives: its cut plus "… (2147483647 characters)". */
    public static final int LONGEST_NAME = NAME_CHARS + cutNote(Integer.MAX_VALUE).length();

    private ShownText() {}

    /**
     * Whether {@code s} holds a character of {@link #UNSHOWN}: the same set, read a code point at a time without the
     * pattern (a job's record escapes every subject at each progress write: 30 MB of paths took minutes through it).
     */
    public static boolean hasUnshown(String s) {
        if (s == null) return false;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (unshown(cp)) return true;
            i += Character.charCount(cp);
        }
        return false;
    }

    /**
     * One code point of {@link #UNSHOWN}: a control or format character, a line or paragraph separator, or a lone half of a
     * surrogate pair (a whole pair is one code point), but ZWNJ and ZWJ.
     */
    public static boolean unshown(int cp) {
        if (cp >= 0x20 && cp < 0x7f) return false; // printable ASCII: most of what is checked
        if (cp == 0x200C || cp == 0x200D) return false;
        int type = Character.getType(cp);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.SURROGATE || cp == 0x2028 || cp == 0x2029;
    }

    /** The text with each such character written as its escape (BEL as \u0007), so an error can echo what was sent. */
    public static String escaped(String s) {
        if (s == null || !hasUnshown(s)) return s;
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int next = i + Character.charCount(cp);
            if (unshown(cp)) appendEscape(out, s, i, next);
            else out.append(s, i, next);
            i = next;
        }
        return out.toString();
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
            String shown = unshown(cp) ? escape(Character.toString(cp)) : Character.toString(cp);
            if (out.length() + shown.length() > NAME_CHARS) return out + cutNote(count);
            out.append(shown);
            i += Character.charCount(cp);
        }
        return out.toString();
    }

    /** Each UTF-16 unit as \\uXXXX: a format character past U+FFFF (a tag) as its two surrogates, as JSON writes it. */
    private static String escape(String chars) {
        StringBuilder out = new StringBuilder();
        appendEscape(out, chars, 0, chars.length());
        return out.toString();
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** {@link #escape} of {@code s}'s units from {@code from} to {@code to}, appended to {@code out}. */
    private static void appendEscape(StringBuilder out, String s, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            out.append('\\').append('u').append(HEX[c >> 12 & 0xf]).append(HEX[c >> 8 & 0xf]).append(HEX[c >> 4 & 0xf]).append(HEX[c & 0xf]);
        }
    }

    private static String cutNote(int count) {
        return "\u2026 (" + count + " characters)";
    }
}
