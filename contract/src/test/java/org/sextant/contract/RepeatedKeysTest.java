package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/** Where a JSON text names a key twice, as an error names it: the path only, bounded however deep or long. */
class RepeatedKeysTest {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    /** Where a strict reader refuses {@code text}, as its callers (the graph composer, the launcher's reader) ask it. */
    private static List<Object> first(String text) {
        try {
            RepeatedKeys.strict(MAPPER.reader()).readTree(text);
            return null;
        } catch (JacksonException e) {
            return RepeatedKeys.path(e);
        }
    }

    @Test
    void theFirstKeyGivenTwiceIsFoundByItsPath() {
        assertEquals(List.of("nodes", "slow"), first("{\"nodes\":{\"slow\":1,\"fast\":2,\"slow\":3}}"));
        assertEquals(List.of("a", 1, "k"), first("{\"a\":[0,{\"k\":1,\"k\":2}],\"b\":1,\"b\":2}"));
        assertNull(first("{\"a\":{\"k\":1},\"b\":{\"k\":1}}"), "one name in two objects is no repeat");
        assertNull(first("{\"a\":"), "not JSON: the caller's own reading says why");
    }

    @Test
    void aPathIsShownEscapedAndBounded() {
        assertEquals("constraints[1].x", RepeatedKeys.shown(List.of("constraints", 1, "x")));
        assertEquals("\"\"", RepeatedKeys.shown(List.of("")));
        assertEquals("a\\u001b[2J", RepeatedKeys.shown(List.of("a\u001b[2J")));
        StringBuilder deep = new StringBuilder();
        for (int i = 0; i < 400; i++) deep.append("{\"k").append(i).append("\":");
        deep.append("{\"x\":1,\"x\":2}").append("}".repeat(400));
        List<Object> path = first(deep.toString());
        assertEquals(401, path.size());
        assertEquals("k0.k1.k2.k3.\u2026.k397.k398.k399.x", RepeatedKeys.shown(path));
    }
}
