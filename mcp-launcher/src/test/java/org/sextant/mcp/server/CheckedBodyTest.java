package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.http.HttpServletRequest;
import java.io.BufferedReader;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * --http: the checked message handed to the SDK is dropped by the launcher once the SDK has read it whole, so while a
 * tool call runs the launcher holds no copy of its own, only the SDK's text and arguments (what the byte budget counts).
 */
class CheckedBodyTest {
    @Test
    void theCheckedBytesAreDroppedOnceTheSdkHasReadThemWhole() throws Exception {
        String message = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"run_select\",\"arguments\":{\"sql\":\""
                + "x".repeat(200_000) + "\"}}}";
        InboundFilter.Body body = new InboundFilter.Body(request(), message.getBytes(StandardCharsets.UTF_8));
        assertTrue(body.holdsBytes(), "held until read");
        assertEquals(message.length(), body.getContentLength());
        String read;
        try (BufferedReader reader = body.getReader()) { // as the SDK reads a POST
            read = reader.lines().collect(Collectors.joining("\n"));
        }
        assertEquals(message, read, "the SDK reads the whole message");
        assertFalse(body.holdsBytes(), "read whole: the launcher's copy is dropped while the call runs");
        assertEquals(-1, body.getInputStream().read(), "and nothing more is read");
    }

    /** A request the wrapper only passes on (never called here). */
    private static HttpServletRequest request() {
        return (HttpServletRequest) Proxy.newProxyInstance(CheckedBodyTest.class.getClassLoader(), new Class<?>[] {HttpServletRequest.class},
                (proxy, method, args) -> {
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
