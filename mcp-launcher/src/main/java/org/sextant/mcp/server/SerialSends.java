package org.sextant.mcp.server;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import reactor.core.publisher.Mono;

/**
 * A transport (stdio's) whose messages out are handed to it one at a time. The SDK's stdio transport passes each to its
 * writer through a Reactor sink that turns away a second thread while one is in it and retries the turned-away one by
 * spinning for 100 ms only: with many workers answering at once on a loaded machine the spinners kept the one inside from
 * running, an answer was dropped ("Failed to enqueue message … Spec. Rule 1.3") and its request never answered
 * (attack 37). Here a sender waits for its turn without spinning; the hand-over itself is a queue offer.
 */
public final class SerialSends implements McpServerTransportProvider {
    private final McpServerTransportProvider provider;

    public SerialSends(McpServerTransportProvider provider) {
        this.provider = provider;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory sessionFactory) {
        provider.setSessionFactory(transport -> sessionFactory.create(new OneAtATime(transport)));
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return provider.notifyClients(method, params);
    }

    @Override
    public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        return provider.notifyClient(sessionId, method, params);
    }

    @Override
    public void close() {
        provider.close();
    }

    @Override
    public Mono<Void> closeGracefully() {
        return provider.closeGracefully();
    }

    @Override
    public List<String> protocolVersions() {
        return provider.protocolVersions();
    }

    /** The session's transport: a message is handed over (its Mono subscribed) by one thread at a time. */
    static final class OneAtATime implements McpServerTransport {
        private final McpServerTransport transport;
        private final Object turn = new Object();

        OneAtATime(McpServerTransport transport) {
            this.transport = transport;
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return Mono.defer(() -> {
                CompletableFuture<Void> handedOver;
                synchronized (turn) {
                    handedOver = transport.sendMessage(message).toFuture(); // subscribes: the hand-over happens here
                }
                return Mono.fromFuture(handedOver);
            });
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
            return transport.unmarshalFrom(data, typeRef);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return transport.closeGracefully();
        }

        @Override
        public void close() {
            transport.close();
        }

        @Override
        public List<String> protocolVersions() {
            return transport.protocolVersions();
        }
    }
}
