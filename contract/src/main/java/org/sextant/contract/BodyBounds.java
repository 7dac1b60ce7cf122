package org.sextant.contract;

import java.time.Duration;

/**
 * How long a request body may take to arrive, and how many may arrive at once, on every local HTTP transport: the app's
 * local API (docs/local-api.md, "Connections") and the MCP launcher's --http (docs/mcp.md, "Connections (--http)").
 * Declared once so the two cannot drift apart.
 */
public final class BodyBounds {
    private BodyBounds() {}

    /**
     * Bodies still arriving at once; over this the oldest is refused ({@link #overArriving}) and its connection closed,
     * so stalled bodies cannot hold the lane and a new caller whose body arrives at once is never refused.
     */
    public static final int MAX_ARRIVING = 16;

    /** Longest wait for a body's next byte: a local body arrives in milliseconds. */
    public static final Duration STALL = Duration.ofSeconds(5);

    /** Longest wait for a whole body. */
    public static final Duration WHOLE = Duration.ofSeconds(30);

    /** Why the oldest body over {@code maxArriving} was refused (resource_limit, HTTP 503 with Retry-After): the bound, never the body. */
    public static String overArriving(int maxArriving) {
        return maxArriving + " request bodies were still arriving at once, the most read at once;"
                + " this one, the oldest still arriving, was not read whole";
    }

    /** What a client whose body was refused over the bound does. */
    public static final String OVER_ARRIVING_FIX = "send the whole body at once (a local body arrives in milliseconds), then retry in a moment";
}
