package org.sextant.mcp.server;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import org.sextant.mcp.tools.Progress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Progress of one tool call, sent to the client that asked for it with a progressToken. */
final class ExchangeProgress implements Progress {
    private static final Logger LOG = LoggerFactory.getLogger(ExchangeProgress.class);

    private final McpSyncServerExchange exchange;
    private final Object token;

    private ExchangeProgress(McpSyncServerExchange exchange, Object token) {
        this.exchange = exchange;
        this.token = token;
    }

    static Progress of(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Object token = request.progressToken();
        return exchange == null || token == null ? Progress.NONE : new ExchangeProgress(exchange, token);
    }

    @Override
    public boolean wanted() {
        return true;
    }

    @Override
    public void report(double fraction, String message) {
        try {
            exchange.progressNotification(new McpSchema.ProgressNotification(token, fraction, 1.0, message));
            exchange.loggingNotification(McpSchema.LoggingMessageNotification.builder()
                    .level(McpSchema.LoggingLevel.INFO).logger("sextant-mcp").data(message).build());
        } catch (RuntimeException e) {
            // The client may have gone; the tool's answer matters more than its progress.
            LOG.debug("progress notification not sent: {}", e.toString());
        }
    }
}
