package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tools.InFlightCalls;

/**
 * Attack 37, F6: the id "\ud800" (valid JSON: an escape of half a UTF-16 surrogate pair) was answered under the id "?", as
 * UTF-8 cannot carry it. Such an id is refused as the id's problem, the same for every request (stdio and HTTP share this
 * check); a whole pair is one character and its id comes back as sent.
 */
class SurrogateIdTest {
    private final Inbound inbound = new Inbound(SextantMcpServer.jsonMapper(), Set.of("health_check"), new InFlightCalls());

    private Map<String, Object> refusal(String id, String method) {
        String message = "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"" + method + "\""
                + (method.equals("tools/call") ? ",\"params\":{\"name\":\"health_check\",\"arguments\":{}}" : "") + "}";
        return Json.readObject(assertInstanceOf(Inbound.Reply.class, inbound.check(message), message).response());
    }

    @Test
    void anIdHoldingHalfASurrogatePairIsRefusedNamingTheEscapeAndWhere() {
        for (String method : new String[] {"ping", "tools/call", "resources/read"}) {
            Map<String, Object> refused = refusal("\\ud800", method);
            assertNull(refused.get("id"), "no id that could be sent back as sent");
            Map<?, ?> error = (Map<?, ?>) refused.get("error");
            assertEquals(-32600, error.get("code"));
            assertEquals("Invalid Request: id holds the escape \\ud800 at character 1, half of a UTF-16 surrogate pair without its"
                    + " other half, which no answer can carry back as sent; send the id as whole characters (a pair such as"
                    + " \\ud83d\\ude00 is one character)", error.get("message"), method);
        }
        assertEquals(true, ((String) ((Map<?, ?>) refusal("ab\\udfff", "ping").get("error")).get("message"))
                .startsWith("Invalid Request: id holds the escape \\udfff at character 3,"));
        assertEquals(true, ((String) ((Map<?, ?>) refusal("\\ude00\\ud83d", "ping").get("error")).get("message"))
                .startsWith("Invalid Request: id holds the escape \\ude00 at character 1,"), "a pair in the wrong order is none");
    }

    @Test
    void anIdHoldingAWholePairGoesOnAsSent() {
        Inbound.Forward forward = assertInstanceOf(Inbound.Forward.class,
                inbound.check("{\"jsonrpc\":\"2.0\",\"id\":\"\\ud83d\\ude00\",\"method\":\"ping\"}"));
        assertEquals("\ud83d\ude00", Json.readObject(forward.text()).get("id"));
    }
}
