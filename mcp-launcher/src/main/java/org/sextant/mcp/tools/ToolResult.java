package org.sextant.mcp.tools;

/** A successful answer that also tells the agent its next step (the envelope's client_hint). */
record ToolResult(Object data, String hint) {}
