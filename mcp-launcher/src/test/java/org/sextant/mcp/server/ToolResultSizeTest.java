package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.envelope.Envelope;

/** No tool result may be larger than one message: a client that cannot buffer it drops the session. */
class ToolResultSizeTest {
    static int bytes(McpSchema.CallToolResult result) throws Exception {
        return SextantMcpServer.jsonMapper().writeValueAsString(result).getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void anAnswerOverOneMessageBecomesAResourceLimitEnvelope() throws Exception {
        Envelope huge = new Envelope(true, null, null, null, Map.of("symbol", "IBM"),
                List.of(new Envelope.Image("image/png", "A".repeat(LauncherInfo.MAX_MESSAGE_BYTES))));
        McpSchema.CallToolResult result = SextantMcpServer.toResult(huge);
        assertTrue(bytes(result) < 1000, "refused, not sent: " + bytes(result));
        assertEquals(true, result.isError());
        assertEquals("resource_limit", ((Map<?, ?>) result.structuredContent()).get("fail_reason"));
    }

    @Test
    void anAnswerWithinOneMessageIsSentAsItIs() throws Exception {
        Envelope big = new Envelope(true, null, null, null, Map.of("symbol", "IBM"),
                List.of(new Envelope.Image("image/png", "A".repeat(LauncherInfo.MAX_MESSAGE_BYTES / 2))));
        McpSchema.CallToolResult result = SextantMcpServer.toResult(big);
        assertEquals(false, result.isError());
        assertEquals(2, result.content().size(), "the envelope and the image");
    }
}
