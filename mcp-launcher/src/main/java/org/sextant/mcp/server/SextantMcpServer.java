package org.sextant.mcp.server;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncListFilter;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;
import org.sextant.contract.FailReason;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.envelope.Envelope;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tables.SessionTables;
import org.sextant.mcp.tables.TableStore;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolDispatcher;
import org.sextant.mcp.tools.ToolNames;

/** Wires the dispatcher and the table store into an MCP server on a given transport. */
public final class SextantMcpServer {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(SextantMcpServer.class);
    static final String INSTRUCTIONS = """
            Sextant: market time series research. Start with get_server_info (is the app running, \
            what is allowed, how jobs work), then list_symbols, get_close_price, get_forecast, get_chart_data, \
            compare_to_history, get_db_schema and run_select. tools/list starts with these; focus_category \
            (data, jobs, research, app) or show_all_tools lists the rest, and every tool is callable by name. \
            Writes need SEXTANT_ALLOW_RUNS=1. Every tool answers {ok, error, fail_reason, client_hint, data}; \
            follow client_hint when ok is false. Results over 200 rows or 24 KB come as a preview plus a \
            sextant://table/{id} resource to read.""";

    private SextantMcpServer() {}

    public static McpJsonMapper jsonMapper() {
        return new JacksonMcpJsonMapper(READING);
    }

    /**
     * The SDK's reading of messages: a fraction exactly (a BigDecimal), so that an argument of 1e400 or 1e-400
     * reaches the argument check as sent, not as Infinity or 0 (the check refuses it and holds the others as doubles).
     */
    private static final tools.jackson.databind.json.JsonMapper READING = Json.MAPPER.rebuild()
            .enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    /**
     * The HTTP transport's mapper. The SDK answers an HTTP request it refuses with the McpError
     * serialized as it is (its stack trace, class names and JDK included); here an McpError is
     * written as the JSON-RPC error response it stands for, without internals.
     */
    static McpJsonMapper httpJsonMapper() {
        SimpleModule errors = new SimpleModule().addSerializer(McpError.class, new ValueSerializer<McpError>() {
            @Override
            public void serialize(McpError e, JsonGenerator gen, SerializationContext context) {
                McpSchema.JSONRPCResponse.JSONRPCError error = e.getJsonRpcError();
                gen.writeStartObject();
                gen.writeStringProperty("jsonrpc", McpSchema.JSONRPC_VERSION);
                gen.writeNullProperty("id");
                gen.writeObjectPropertyStart("error");
                gen.writeNumberProperty("code", error == null || error.code() == null ? McpSchema.ErrorCodes.INTERNAL_ERROR : error.code());
                gen.writeStringProperty("message", error == null ? "Internal error" : error.message());
                gen.writeEndObject();
                gen.writeEndObject();
            }
        });
        return new JacksonMcpJsonMapper(READING.rebuild().addModule(errors).build());
    }

    /** The check of each inbound message, knowing which tool names the SDK routes. */
    public static Inbound inbound(ToolDispatcher dispatcher) {
        return new Inbound(jsonMapper(), toolSpecifications(dispatcher).stream()
                .map(s -> s.tool().name()).collect(Collectors.toSet()), dispatcher.inFlight());
    }

    /** Stdio: one session on the given transport. */
    public static McpSyncServer start(McpServerTransportProvider transport, ToolDispatcher dispatcher,
                                      SessionTables tables) {
        return configure(McpServer.async(transport), dispatcher, tables);
    }

    /** Streamable HTTP: the same tools and resources, one server for all sessions. */
    public static McpSyncServer start(McpStreamableServerTransportProvider transport, ToolDispatcher dispatcher,
                                      SessionTables tables) {
        return configure(McpServer.async(transport), dispatcher, tables);
    }

    /** Built asynchronous so that the tools/list filter answers at once (see OffTransportThread). */
    private static McpSyncServer configure(McpServer.AsyncSpecification<?> spec, ToolDispatcher dispatcher,
                                           SessionTables tables) {
        McpAsyncServer async = spec
                .jsonMapper(jsonMapper())
                .serverInfo(LauncherInfo.NAME, LauncherInfo.VERSION)
                .instructions(INSTRUCTIONS)
                .capabilities(McpSchema.ServerCapabilities.builder()
                        .tools(true)
                        .resources(false, false)
                        .prompts(false)
                        .logging()
                        .build())
                // The launcher checks arguments itself so that bad input is an invalid_input envelope.
                .validateToolInputs(false)
                .tools(OffTransportThread.tools(toolSpecifications(dispatcher), dispatcher.inFlight()))
                // Prefixed aliases are callable but not listed: clients see each tool once; a focus
                // (focus_category) narrows the listed ones further.
                .addToolFilter(toolFilter(dispatcher))
                .resourceTemplates(tableTemplates(tables).stream().map(OffTransportThread::template).toList())
                .resources(OffTransportThread.resources(withChartView(DocResources.all(dispatcher))))
                .prompts(OffTransportThread.prompts(Prompts.all()))
                .build();
        McpSyncServer server = new McpSyncServer(async);
        dispatcher.context().focus().onChange(() -> {
            try {
                server.notifyToolsListChanged();
            } catch (RuntimeException e) {
                LOG.debug("tools/list_changed not sent: {}", e.toString());
            }
        });
        return server;
    }

    /** Which tools tools/list shows: each canonical name once, as far as the focus lists it. */
    static McpAsyncListFilter<McpSchema.Tool> toolFilter(ToolDispatcher dispatcher) {
        Map<String, LauncherTool> canonical = dispatcher.tools().stream()
                .collect(Collectors.toMap(LauncherTool::name, t -> t));
        return OffTransportThread.toolFilter((context, tool) -> canonical.containsKey(tool.name())
                && dispatcher.context().focus().listed(canonical.get(tool.name())));
    }

    private static List<McpServerFeatures.SyncResourceSpecification> withChartView(
            List<McpServerFeatures.SyncResourceSpecification> resources) {
        List<McpServerFeatures.SyncResourceSpecification> all = new ArrayList<>(resources);
        all.add(ChartView.resource());
        return all;
    }

    /** What tools/list answers now: each listed tool once, as the client receives it (through the server's filter). */
    static List<McpSchema.Tool> listedTools(ToolDispatcher dispatcher) {
        McpAsyncListFilter<McpSchema.Tool> filter = toolFilter(dispatcher);
        return toolSpecifications(dispatcher).stream().map(McpServerFeatures.SyncToolSpecification::tool)
                .filter(tool -> Boolean.TRUE.equals(filter.isVisible(McpTransportContext.EMPTY, tool).block()))
                .toList();
    }

    static List<McpServerFeatures.SyncToolSpecification> toolSpecifications(ToolDispatcher dispatcher) {
        List<McpServerFeatures.SyncToolSpecification> specs = new ArrayList<>();
        for (LauncherTool tool : dispatcher.tools()) {
            specs.add(specification(tool, tool.name(), dispatcher));
            for (String prefix : ToolNames.ALIAS_PREFIXES) {
                specs.add(specification(tool, prefix + tool.name(), dispatcher));
            }
        }
        specs.add(unrouted(dispatcher));
        return specs;
    }

    /**
     * Where Inbound sends a call of a name no registered tool has: the dispatcher answers it
     * (a prefixed name it resolves, any other with the unknown_tool envelope). Never listed.
     */
    private static McpServerFeatures.SyncToolSpecification unrouted(ToolDispatcher dispatcher) {
        return McpServerFeatures.SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder().name(Inbound.UNROUTED_TOOL)
                        .description("Answers a call of a tool name this server does not have.")
                        .inputSchema(Map.of("type", "object"))
                        .build())
                .callHandler((exchange, request) -> {
                    Object asked = request.meta() == null ? null : request.meta().get(Inbound.REQUESTED_TOOL);
                    return cancellable(dispatcher, exchange, request, () -> dispatch(dispatcher, exchange, request, asked instanceof String name ? name : request.name()));
                })
                .build();
    }

    private static McpServerFeatures.SyncToolSpecification specification(LauncherTool tool, String name,
                                                                         ToolDispatcher dispatcher) {
        McpSchema.Tool.Builder schema = McpSchema.Tool.builder()
                .name(name)
                .title(tool.name())
                .description(tool.description())
                .inputSchema(tool.inputSchema())
                .annotations(tool.annotations());
        // MCP Apps: hosts that support the extension render the result with this ui:// view;
        // others ignore _meta and use the text and structured result.
        tool.uiResourceUri().ifPresent(uri -> schema.meta(Map.of("ui", Map.of("resourceUri", uri))));
        return McpServerFeatures.SyncToolSpecification.builder()
                .tool(schema.build())
                .callHandler((exchange, request) -> cancellable(dispatcher, exchange, request, () -> dispatch(dispatcher, exchange, request, request.name())))
                .build();
    }

    /** The call of tool {@code name}, or for arguments that named a key twice or hold a lone half of a pair (Inbound marked which) its refusal. */
    private static Envelope dispatch(ToolDispatcher dispatcher, io.modelcontextprotocol.server.McpSyncServerExchange exchange,
                                     McpSchema.CallToolRequest request, String name) {
        Object twice = request.meta() == null ? null : request.meta().get(Inbound.REPEATED_ARGUMENT);
        Object halfPair = request.meta() == null ? null : request.meta().get(Inbound.HALF_PAIR_ARGUMENT);
        return twice instanceof String argument ? dispatcher.givenTwice(name, argument)
                : halfPair instanceof String error ? dispatcher.halfPair(name, error)
                : dispatcher.dispatch(name, request.arguments(), ExchangeProgress.of(exchange, request));
    }

    /** The call's result, or null when the client cancelled it: the worker's Mono is then empty and no response is sent. */
    private static McpSchema.CallToolResult cancellable(ToolDispatcher dispatcher, io.modelcontextprotocol.server.McpSyncServerExchange exchange,
                                                       McpSchema.CallToolRequest request, java.util.function.Supplier<Envelope> call) {
        Object token = request.meta() == null ? null : request.meta().get(Inbound.CALL_KEY);
        // the app tells agents apart by launcher and session: one agent's queries leave room for another's
        return dispatcher.inFlight().run(token instanceof String t ? t : null,
                () -> toResult(org.sextant.mcp.app.AppClient.forSession(exchange.sessionId(), call)));
    }

    /**
     * The envelope as JSON text (for clients that read content) and as structuredContent, then
     * any image the tool drew as MCP image content.
     */
    static McpSchema.CallToolResult toResult(Envelope envelope) {
        Map<String, Object> wire = envelope.toMap();
        String text = Json.write(wire);
        // the envelope twice (text and structured) and the images: over one message, a client drops the session
        long bytes = Json.bytesInMessage(text) + text.length() + envelope.images().stream().mapToLong(i -> i.base64().length()).sum();
        if (bytes > LauncherInfo.MAX_MESSAGE_BYTES - TableStore.FRAME_BYTES) {
            return toResult(Envelope.failure("the answer has about " + bytes + " bytes, more than one message may carry ("
                    + LauncherInfo.MAX_MESSAGE_BYTES + " bytes)", FailReason.RESOURCE_LIMIT,
                    "narrow the request (a smaller width and height, fewer days or symbols) and call again"));
        }
        McpSchema.CallToolResult.Builder result = McpSchema.CallToolResult.builder()
                .addTextContent(text)
                .structuredContent(wire)
                .isError(!envelope.ok());
        for (Envelope.Image image : envelope.images()) {
            result.addContent(new McpSchema.ImageContent(null, image.base64(), image.mimeType()));
        }
        return result.build();
    }

    /** sextant://table/{id} (a table's first page) and sextant://table/{id}/page/{page}: one reader for both. */
    static List<McpServerFeatures.SyncResourceTemplateSpecification> tableTemplates(SessionTables tables) {
        return List.of(tableTemplate(tables, TableStore.URI_TEMPLATE, "table",
                        "All rows of a table result over 200 rows, or (as rows[0]) a whole answer over 24 KB; kept in the"
                                + " launcher's memory for this session. A large table comes in pages: follow next_uri"),
                tableTemplate(tables, TableStore.PAGE_TEMPLATE, "table page",
                        "One page of a table result: the next_uri of the page before it"));
    }

    private static McpServerFeatures.SyncResourceTemplateSpecification tableTemplate(SessionTables tables, String uriTemplate,
                                                                                     String name, String description) {
        McpSchema.ResourceTemplate template = McpSchema.ResourceTemplate.builder()
                .uriTemplate(uriTemplate)
                .name(name)
                .title("A large tool result")
                .description(description)
                .mimeType("application/json")
                .build();
        return new McpServerFeatures.SyncResourceTemplateSpecification(template, (exchange, request) -> {
            String text;
            try {
                // only the reading session's own tables: another session's URI is not found
                text = tables.read(exchange.sessionId(), request.uri()).orElseThrow(() -> McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
                        .message("no table " + request.uri() + " in this launcher session;"
                                + " call the tool again for a fresh resource_uri")
                        .data(Map.of("uri", String.valueOf(request.uri())))
                        .build());
            } catch (TableStore.TooLarge e) {
                throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                        .message(request.uri() + " holds one row of " + e.bytes + " bytes, more than one message may carry ("
                                + LauncherInfo.MAX_MESSAGE_BYTES + " bytes); call the tool again with a narrower request"
                                + " (fewer days, symbols or rows)")
                        .data(Map.of("uri", String.valueOf(request.uri())))
                        .build();
            } catch (InterruptedException e) { // the client cancelled the read while it waited its turn
                Thread.currentThread().interrupt();
                throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message("the read of " + request.uri() + " was cancelled")
                        .data(Map.of("uri", String.valueOf(request.uri()))).build();
            }
            return new McpSchema.ReadResourceResult(List.of(
                    new McpSchema.TextResourceContents(request.uri(), "application/json", text)));
        });
    }
}
