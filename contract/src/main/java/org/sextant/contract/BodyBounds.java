package org.sextant.contract;

import java.time.Duration;

/**
 * How long a request body may take to arrive, and how many may arrive at once, on every local HTTP transport: the app's
 * local API (docs/local-api.md, "Connections") and the MCP launcher's --http (docs/mcp.md, "Connections (--http)").
 * Declared once so the two cannot drift apart.
 */
public final class BodyBounds {
    private BodyBounds() {}

    /** Bodies still arriving at once; over this the oldest is cut, so stalled bodies cannot hold the lane. */
    public static final int MAX_ARRIVING = 16;

    /** Longest wait for a body's next byte: a local body arrives in milliseconds. */
    public static final Duration STALL = Duration.ofSeconds(5);

    /** Longest wait for a whole body. */
    public static final Duration WHOLE = Duration.ofSeconds(30);
}
