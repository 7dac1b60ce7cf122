package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpAsyncListFilter;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.tools.Categories;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolCatalog;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;
import reactor.core.publisher.Flux;

/**
 * tools/list lists every tool it should, every time. The server filters its registered tools
 * (each tool and its prefixed aliases) with Reactor's filterWhen; an answer computed on another
 * thread can make filterWhen drop the tools after it (seen on a loaded CI machine: the list came
 * back without negotiate_contract and health_check), so the filter must answer with a value
 * already made, which filterWhen reads synchronously.
 */
class ToolListFilterTest {
    @TempDir
    Path home;

    ToolDispatcher dispatcher(boolean allTools) {
        return new ToolDispatcher(ToolContext.forHome(new LauncherHome(home), Duration.ofSeconds(5), allTools));
    }

    static List<McpSchema.Tool> registered(ToolDispatcher dispatcher) {
        return SextantMcpServer.toolSpecifications(dispatcher).stream()
                .map(McpServerFeatures.SyncToolSpecification::tool).toList();
    }

    /** The server's own path: filterWhen over the registered tools, in order. */
    static List<String> listed(ToolDispatcher dispatcher) {
        McpAsyncListFilter<McpSchema.Tool> filter = SextantMcpServer.toolFilter(dispatcher);
        return Flux.fromIterable(registered(dispatcher))
                .filterWhen(tool -> filter.isVisible(McpTransportContext.EMPTY, tool))
                .map(McpSchema.Tool::name).collectList().block();
    }

    @Test
    void theFilterAnswersWithAValueSoFilterWhenTakesItsSynchronousPath() {
        ToolDispatcher dispatcher = dispatcher(true);
        McpAsyncListFilter<McpSchema.Tool> filter = SextantMcpServer.toolFilter(dispatcher);
        for (McpSchema.Tool tool : registered(dispatcher)) {
            assertTrue(filter.isVisible(McpTransportContext.EMPTY, tool) instanceof Callable,
                    () -> tool.name() + ": the filter's answer is not a ready value");
        }
        // The check catches the SDK's sync-filter conversion, which answers from a worker.
        McpAsyncListFilter<McpSchema.Tool> sdkSync = McpAsyncListFilter.fromSync((context, tool) -> true, false);
        assertFalse(sdkSync.isVisible(McpTransportContext.EMPTY, registered(dispatcher).get(0)) instanceof Callable);
    }

    @Test
    void everyToolIsListedOnceInCatalogueOrderAndAliasesAreHidden() {
        ToolDispatcher dispatcher = dispatcher(true);
        List<String> want = ToolCatalog.ALL.stream().map(LauncherTool::name).toList();
        assertTrue(registered(dispatcher).size() > want.size(), "aliases are registered, so the filter has work to do");
        for (int i = 0; i < 200; i++) {
            assertEquals(want, listed(dispatcher), "listing " + i);
        }
    }

    @Test
    void aNewSessionListsTheStarterSet() {
        assertEquals(Categories.STARTER.stream().sorted().toList(), listed(dispatcher(false)).stream().sorted().toList());
    }
}
