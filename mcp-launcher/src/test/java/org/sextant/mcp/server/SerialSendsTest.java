package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransport;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * Attack 37: the SDK's stdio transport drops a message handed over while another thread hands one over, once it has spun
 * 100 ms; two workers answering at once lost an answer on a loaded machine. Here the second waits for the first's hand-over.
 */
class SerialSendsTest {
    private final CountDownLatch firstInside = new CountDownLatch(1);
    private final CountDownLatch releaseFirst = new CountDownLatch(1);
    private final AtomicBoolean secondInside = new AtomicBoolean();
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger mostInside = new AtomicInteger();

    /** The SDK's transport: the first message's hand-over holds until released. */
    private final McpServerTransport sdk = new McpServerTransport() {
        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return Mono.fromRunnable(() -> {
                mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
                try {
                    if (firstInside.getCount() == 1) {
                        firstInside.countDown();
                        releaseFirst.await();
                    } else {
                        secondInside.set(true);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    inside.decrementAndGet();
                }
            });
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.empty();
        }
    };

    @Test
    void aMessageIsHandedOverOnlyOnceTheOneBeforeItIsIn() throws Exception {
        SerialSends.OneAtATime transport = new SerialSends.OneAtATime(sdk);
        Thread first = new Thread(() -> transport.sendMessage(new McpSchema.JSONRPCNotification("2.0", "first", null)).block());
        first.start();
        firstInside.await();
        Thread second = new Thread(() -> transport.sendMessage(new McpSchema.JSONRPCNotification("2.0", "second", null)).block());
        second.start();
        while (second.getState() != Thread.State.BLOCKED && !secondInside.get()) Thread.onSpinWait();

        assertFalse(secondInside.get(), "the second hand-over began while the first was in it");
        releaseFirst.countDown();
        first.join();
        second.join();
        assertEquals(1, mostInside.get());
        assertEquals(true, secondInside.get(), "the second is handed over after the first");
    }
}
