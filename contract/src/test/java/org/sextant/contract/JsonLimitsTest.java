package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/** Each reader limit is told by name with where it was passed; the text is never quoted (Jackson's wording is matched, so a reworded Jackson fails here). */
class JsonLimitsTest {
    private static final ObjectReader DEFAULTS = JsonMapper.builder().build().reader();
    private static final ObjectReader SMALL = JsonMapper.builder(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(10).build()).build()).build().reader();

    @Test
    void eachLimitIsNamedWithWhereItWasPassed() {
        int depth = StreamReadConstraints.defaults().getMaxNestingDepth();
        assertEquals("body nests deeper than " + depth + " levels (line 1, column " + (depth + 1) + ")",
                refusal(DEFAULTS, "[".repeat(depth + 1), true));
        assertEquals("body nests deeper than " + depth + " levels (line 2, column " + (depth + 1) + ")",
                refusal(DEFAULTS, "\n" + "[".repeat(depth + 1), true));
        assertEquals("message nests deeper than " + depth + " levels (at character " + (depth + 1) + ")",
                refusal(DEFAULTS, "[".repeat(depth + 1), false));
        // a name is placed at the token before it (the opening brace, then the closing bracket), a number at its name
        assertEquals("body has a property name longer than 50000 characters (at or after line 1, column 2)",
                refusal(DEFAULTS, " {\n\"" + "n".repeat(50_001) + "\": 1}", true));
        assertEquals("body has a property name longer than 50000 characters (at or after line 1, column 9)",
                refusal(DEFAULTS, "{\"a\": [1], \"" + "n".repeat(50_001) + "\": 1}", true));
        assertEquals("body has a number longer than 1000 characters (at or after line 1, column 2)",
                refusal(DEFAULTS, "{\"a\": " + "1".repeat(1001) + "}", true));
        assertEquals("body has a string longer than 10 characters (at or after line 1, column 7)",
                refusal(SMALL, "{\"a\": \"" + "s".repeat(11) + "\"}", true));
    }

    @Test
    void aTextOfManySmallValuesIsRefusedAtTheTokenPastTheCap() {
        int max = (int) JsonLimits.MAX_TOKENS;
        ObjectReader bounded = JsonLimits.bounded();
        // '[' and max - 2 zeros and ']': exactly at the cap
        assertEquals(max - 2, bounded.readTree("[" + "0,".repeat(max - 3) + "0]").size());
        // the max-th zero is token max + 1, at column 2 * max
        assertEquals("body holds more than " + max + " JSON tokens (values, names and brackets) (line 1, column " + 2 * max + ")",
                refusal(bounded, "[" + "0,".repeat(max) + "0]", true));
        // names and brackets count: {"a":[]} is 5 tokens
        assertEquals("message holds more than " + max + " JSON tokens (values, names and brackets) (at character " + 9 * (max / 5) + ")",
                refusal(bounded, "[" + "{\"a\":[]},".repeat(max / 5) + "{\"a\":[]}]", false));
    }

    /** The refusal of {@code json} read from bytes, checked to be the one read from a string. */
    private static String refusal(ObjectReader reader, String json, boolean lines) {
        String subject = lines ? "body" : "message";
        JsonParser bytes = reader.createParser(json.getBytes(StandardCharsets.UTF_8));
        JsonParser chars = reader.createParser(json);
        String told = JsonLimits.passed(assertThrows(StreamConstraintsException.class, () -> reader.readTree(bytes)), bytes, subject, lines);
        assertEquals(told, JsonLimits.passed(assertThrows(StreamConstraintsException.class, () -> reader.readTree(chars)), chars, subject, lines));
        return told;
    }
}
