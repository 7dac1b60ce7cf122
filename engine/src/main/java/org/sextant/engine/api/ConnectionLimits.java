package org.sextant.engine.api;

import java.time.Duration;

/**
 * How the local API bounds connections (docs/local-api.md, "Connections").
 *
 * @param maxUnauthenticated requests whose head (request line, headers, token) is still arriving;
 *                           over this, the oldest one is cut so a new caller is never refused
 * @param headTimeout        longest wait for a request's head
 * @param bodyTimeout        longest wait for an authenticated request's body
 * @param summaryInterval    at most one log line about cut or refused requests per interval
 */
record ConnectionLimits(int maxUnauthenticated, Duration headTimeout, Duration bodyTimeout, Duration summaryInterval) {
    static final ConnectionLimits DEFAULT = new ConnectionLimits(32, Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofSeconds(60));
}
