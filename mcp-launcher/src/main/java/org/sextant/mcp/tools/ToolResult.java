package org.sextant.mcp.tools;

import java.util.List;
import org.sextant.mcp.envelope.Envelope;

/**
 * A successful answer that also tells the agent its next step (the envelope's client_hint), and
 * may carry images sent beside the envelope as MCP image content.
 */
record ToolResult(Object data, String hint, List<Envelope.Image> images) {
    ToolResult(Object data, String hint) {
        this(data, hint, List.of());
    }
}
