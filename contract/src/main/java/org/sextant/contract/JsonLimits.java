package org.sextant.contract;

import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;

/**
 * A JSON text refused by one of the reader's limits (Jackson's StreamReadConstraints: nesting depth,
 * name, number and string lengths) told as which limit it passed and where, never its text. Jackson's
 * refusal carries no location and names its own classes; the parser that refused knows where it stood.
 */
public final class JsonLimits {
    private JsonLimits() {}

    /**
     * Why {@code parser} refused its text with {@code e}: "{subject} nests deeper than 500 levels (line 1,
     * column 501)". {@code lines} false gives "(at character 501)", for texts that are one line.
     */
    public static String passed(StreamConstraintsException e, JsonParser parser, String subject, boolean lines) {
        StreamReadConstraints limits = parser.streamReadConstraints();
        String said = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        // a nesting is refused at its bracket; a name or number before the parser marks where it starts,
        // so the place given is that of a token at or before it
        boolean exact = said.startsWith("Document nesting depth");
        String what;
        if (exact) what = "nests deeper than " + limits.getMaxNestingDepth() + " levels";
        else if (said.startsWith("Name length")) what = "has a property name longer than " + limits.getMaxNameLength() + " characters";
        else if (said.startsWith("Number value length")) what = "has a number longer than " + limits.getMaxNumberLength() + " characters";
        else if (said.startsWith("String value length")) what = "has a string longer than " + limits.getMaxStringLength() + " characters";
        else what = "passes a limit of the JSON reader";
        return subject + " " + what + where(parser.currentTokenLocation(), exact, lines);
    }

    private static String where(TokenStreamLocation at, boolean exact, boolean lines) {
        if (at == null || at.getLineNr() < 1 || at.getColumnNr() < 1) return "";
        String place = lines ? "line " + at.getLineNr() + ", column " + at.getColumnNr() : "character " + at.getColumnNr();
        return " (" + (exact ? lines ? "" : "at " : "at or after ") + place + ")";
    }
}
