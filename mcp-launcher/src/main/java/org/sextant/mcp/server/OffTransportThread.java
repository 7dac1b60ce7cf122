package org.sextant.mcp.server;

import io.modelcontextprotocol.server.McpAsyncListFilter;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiPredicate;
import org.sextant.mcp.app.AppClient;
import org.sextant.mcp.tools.InFlightCalls;
import reactor.core.publisher.Mono;

/**
 * The launcher's blocking handlers as the SDK's asynchronous specifications: every tool call,
 * resource read and prompt runs on a worker, never on the transport's reading thread (a long
 * call must not stop cancellations and other requests from being read), as the SDK's own sync
 * server does; a slow tool call in the work lane, the rest in the quick lane ({@link Lanes}), each session in its share.
 * The tools/list filter is the exception: it answers at once.
 *
 * <p>Why the server is built from these and not from the SDK's sync builder: the sync builder
 * runs a tool filter on a worker too, and Reactor's {@code filterWhen} (3.7, FluxFilterWhen) can
 * drop the next tools when a worker's answer lands between its {@code state} write and its
 * {@code clearCurrent}: on a loaded machine tools/list came back without negotiate_contract and
 * health_check. An answer that is already a value ({@link Mono#just}, a {@link Callable}) takes
 * filterWhen's synchronous path, which has no such window.
 */
final class OffTransportThread {
    private OffTransportThread() {}

    /** Decided on the caller's thread; see the class comment. */
    static McpAsyncListFilter<McpSchema.Tool> toolFilter(BiPredicate<Object, McpSchema.Tool> listed) {
        return (context, tool) -> Mono.just(listed.test(context, tool));
    }

    /**
     * A resource read of {@code exchange}'s session, in its share of the quick lane, its wait counted from when
     * {@link Inbound} read it ({@code meta}'s {@link Inbound#READ_AT}; now when it has none).
     */
    static <T> Mono<T> onWorker(McpAsyncServerExchange exchange, Map<String, Object> meta, Callable<T> call) {
        return quick(exchange, true, readAt(meta), call);
    }

    /** When Inbound read the request, or now for one it did not stamp (a test's, or one built in the launcher). */
    static long readAt(Map<String, Object> meta) {
        return meta != null && meta.get(Inbound.READ_AT) instanceof Number at ? at.longValue() : System.nanoTime();
    }

    /**
     * In the quick lane a call waits for the app at most {@link AppClient#QUICK_TIMEOUT} from {@code readAt}, when it was
     * read: a stalled app cannot hold its workers, nor a call that waited for one hold another.
     */
    private static <T> Mono<T> quick(McpAsyncServerExchange exchange, boolean bounded, long readAt, Callable<T> call) {
        return Lanes.QUICK.run(exchange.sessionId(), bounded, () -> AppClient.quick(readAt, call));
    }

    /** The name the call asked for: a rerouted call's is in its {@code _meta} ({@link Inbound#REQUESTED_TOOL}). */
    private static String asked(McpSchema.CallToolRequest request) {
        Object asked = request.meta() == null ? null : request.meta().get(Inbound.REQUESTED_TOOL);
        return asked instanceof String name ? name : request.name();
    }

    /** A tool call: a quick one's wait counts from when {@link Inbound} read it ({@link InFlightCalls.Call#readAt}). */
    static List<McpServerFeatures.AsyncToolSpecification> tools(List<McpServerFeatures.SyncToolSpecification> sync,
                                                                  InFlightCalls inFlight) {
        return sync.stream().map(s -> McpServerFeatures.AsyncToolSpecification.builder()
                .tool(s.tool())
                .callHandler((exchange, request) -> {
                    Callable<McpSchema.CallToolResult> call = () -> s.callHandler().apply(new McpSyncServerExchange(exchange), request);
                    if (!Lanes.quick(asked(request))) return Mono.fromCallable(call).subscribeOn(Lanes.WORK);
                    Object token = request.meta() == null ? null : request.meta().get(Inbound.CALL_KEY);
                    long readAt = inFlight.readAt(token instanceof String t ? t : null).orElseGet(System::nanoTime);
                    return quick(exchange, !Lanes.slotless(asked(request)), readAt, call);
                })
                .build()).toList();
    }

    static List<McpServerFeatures.AsyncResourceSpecification> resources(
            List<McpServerFeatures.SyncResourceSpecification> sync) {
        return sync.stream().map(s -> new McpServerFeatures.AsyncResourceSpecification(s.resource(),
                (exchange, request) -> onWorker(exchange, request.meta(),
                        () -> s.readHandler().apply(new McpSyncServerExchange(exchange), request)))).toList();
    }

    /**
     * A table page (the only templates): it makes no call to the app, so, like a prompt, it takes no slot of the app and
     * runs in its session's share only. Pages wait for their turn to be written (SessionTables#READS_AT_ONCE); counted in
     * {@link QuickLane#MOST}, four sessions' reads waiting their turn would keep every other session's list_jobs waiting.
     */
    static McpServerFeatures.AsyncResourceTemplateSpecification template(
            McpServerFeatures.SyncResourceTemplateSpecification s) {
        return new McpServerFeatures.AsyncResourceTemplateSpecification(s.resourceTemplate(),
                (exchange, request) -> quick(exchange, false, readAt(request.meta()),
                        () -> s.readHandler().apply(new McpSyncServerExchange(exchange), request)));
    }

    /**
     * A prompt makes no call to the app (its text is written here), so it takes no slot of the app: like health_check it
     * runs past all sessions' {@link QuickLane#MOST}, in its own session's share only, so no session's prompts wait for
     * quick calls the app stalls nor keep another session's calls from the 16.
     */
    static List<McpServerFeatures.AsyncPromptSpecification> prompts(List<McpServerFeatures.SyncPromptSpecification> sync) {
        return sync.stream().map(s -> new McpServerFeatures.AsyncPromptSpecification(s.prompt(),
                (exchange, request) -> quick(exchange, false, readAt(request.meta()),
                        () -> s.promptHandler().apply(new McpSyncServerExchange(exchange), request)))).toList();
    }
}
