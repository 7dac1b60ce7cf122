package org.sextant.engine.api;

import java.time.Duration;

/**
 * How the local API bounds connections (docs/local-api.md, "Connections").
 *
 * @param maxUnauthenticated requests whose head (request line, headers, token) is still arriving;
 *                           over this, the oldest one is cut so a new caller is never refused
 * @param headTimeout        longest wait for a request's head
 * @param bodyTimeout        longest wait for an authenticated request's whole body, and for a client to take a whole answer
 * @param summaryInterval    at most one log line about cut or refused requests per interval
 * @param maxInFlight        authenticated requests whose body has arrived (route and answer) at once; over this
 *                           one is answered at once with resource_limit; each holds at most ~4 MB (1 MiB body, a
 *                           tree of at most 50,000 tokens), so these and the metadata reserve hold at most ~160 MB
 * @param metadataReserve    more slots only metadata reads may take, so they answer while heavy ones fill the rest
 * @param maxBodies          authenticated requests whose body (at most 1 MiB) is still arriving, apart from the
 *                           slots above; over this, the oldest one is refused (503 resource_limit, then closed),
 *                           so stalled bodies cannot hold the lane
 * @param bodyStall          longest wait for the next byte of a body: a local body arrives in milliseconds
 */
record ConnectionLimits(int maxUnauthenticated, Duration headTimeout, Duration bodyTimeout, Duration summaryInterval,
                        int maxInFlight, int metadataReserve, int maxBodies, Duration bodyStall) {
    static final ConnectionLimits DEFAULT = new ConnectionLimits(32, Duration.ofSeconds(5), org.sextant.contract.BodyBounds.WHOLE, Duration.ofSeconds(60));

    ConnectionLimits {
        if (maxBodies < 1) throw new IllegalArgumentException("maxBodies: " + maxBodies);
    }

    /** The default bounds of requests in flight and of bodies being read. */
    ConnectionLimits(int maxUnauthenticated, Duration headTimeout, Duration bodyTimeout, Duration summaryInterval) {
        this(maxUnauthenticated, headTimeout, bodyTimeout, summaryInterval, 32, 8);
    }

    /** The default bounds of bodies being read. */
    ConnectionLimits(int maxUnauthenticated, Duration headTimeout, Duration bodyTimeout, Duration summaryInterval,
                     int maxInFlight, int metadataReserve) {
        this(maxUnauthenticated, headTimeout, bodyTimeout, summaryInterval, maxInFlight, metadataReserve,
                org.sextant.contract.BodyBounds.MAX_ARRIVING, org.sextant.contract.BodyBounds.STALL);
    }
}
