package org.sextant.contract;

import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/**
 * A JSON text refused by one of the reader's limits (Jackson's StreamReadConstraints: nesting depth,
 * tokens, name, number and string lengths) told as which limit it passed and where, never its text.
 * Jackson's refusal carries no location and names its own classes; the parser that refused knows where
 * it stood. Request bodies (local API) and MCP messages (launcher) are read with {@link #bounded}.
 */
public final class JsonLimits {
    private JsonLimits() {}

    /**
     * JSON tokens (each value, property name and bracket) one request body or MCP message may hold. The
     * largest real calls hold under 4,000 (a 200-node strategy spec 3,816, a 1,000-symbol scan 1,007); 1 MiB of
     * {@code [{},{},...]} is 700,000 and was a tree of 30 MB before any argument check
     * (docs/benchmarks.md, "Request bodies of many small values").
     */
    public static final long MAX_TOKENS = 50_000;

    private static final JsonMapper BOUNDED = JsonMapper.builder(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.defaults().rebuild().maxTokenCount(MAX_TOKENS).build()).build()).build();

    /**
     * A tree reader refusing a text past {@link #MAX_TOKENS} as it reads, so the tree of such a text is
     * never built (Jackson's defaults otherwise: it is no mapper for objects).
     */
    public static ObjectReader bounded() {
        return BOUNDED.reader();
    }

    private static final ObjectReader EXACT = BOUNDED.reader()
            .with(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .without(tools.jackson.databind.cfg.JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES);

    /**
     * {@link #bounded}, each fraction read exactly as sent: as a double 1e400 is Infinity and 1e-400 is 0, the number
     * gone; {@link HeldNumbers} refuses such a number by what was sent and holds every other as its double. The one
     * reader of JSON a caller sends: a request body, an MCP message, a strategy spec sent as text.
     */
    public static ObjectReader exact() {
        return EXACT;
    }

    /**
     * Why {@code parser} refused its text with {@code e}: "{subject} nests deeper than 500 levels (line 1,
     * column 501)". {@code lines} false gives "(at character 501)", for texts that are one line.
     */
    public static String passed(StreamConstraintsException e, JsonParser parser, String subject, boolean lines) {
        StreamReadConstraints limits = parser.streamReadConstraints();
        String said = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        // a nesting is refused at its bracket, a count at its token; a name or number before the parser marks where it starts,
        // so the place given is that of a token at or before it
        boolean exact = said.startsWith("Document nesting depth") || said.startsWith("Token count");
        String what;
        if (said.startsWith("Document nesting depth")) what = "nests deeper than " + limits.getMaxNestingDepth() + " levels";
        else if (said.startsWith("Token count")) what = "holds more than " + limits.getMaxTokenCount() + " JSON tokens (values, names and brackets)";
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
