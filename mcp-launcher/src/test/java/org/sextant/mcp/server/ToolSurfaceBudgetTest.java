package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.tools.Categories;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolCatalog;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;

/**
 * What every conversation pays before the agent does anything: the default tools/list, as the
 * client receives it, stays within 12 tools and 12,000 bytes, and each description within 200
 * characters (argument details belong in the input schema). The packaging ITs measure the same
 * with a real client; this catches a regression in the unit build.
 */
class ToolSurfaceBudgetTest {
    static final int MAX_STARTER_TOOLS = 12;
    static final int MAX_STARTER_LIST_BYTES = 12_000;
    static final int MAX_DESCRIPTION_CHARS = 200;

    @TempDir
    Path home;

    static int bytes(List<McpSchema.Tool> tools) {
        try {
            String json = SextantMcpServer.jsonMapper().writeValueAsString(new McpSchema.ListToolsResult(tools, null));
            return json.getBytes(StandardCharsets.UTF_8).length;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    ToolDispatcher dispatcher(boolean allTools) {
        return new ToolDispatcher(ToolContext.forHome(new LauncherHome(home), Duration.ofSeconds(5), allTools));
    }

    @Test
    void aNewSessionListsTheStarterSetWithinTwelveToolsAndTwelveThousandBytes() {
        List<McpSchema.Tool> listed = SextantMcpServer.listedTools(dispatcher(false));
        assertEquals(Categories.STARTER.stream().sorted().toList(), listed.stream().map(McpSchema.Tool::name).sorted().toList());
        assertTrue(listed.size() <= MAX_STARTER_TOOLS, listed.size() + " tools");
        int bytes = bytes(listed);
        assertTrue(bytes <= MAX_STARTER_LIST_BYTES, "default tools/list is " + bytes + " bytes");
    }

    @Test
    void theAllToolsOptionListsTheWholeCatalogFromTheStart() {
        List<McpSchema.Tool> listed = SextantMcpServer.listedTools(dispatcher(true));
        assertEquals(ToolCatalog.ALL.stream().map(LauncherTool::name).toList(), listed.stream().map(McpSchema.Tool::name).toList());
        assertTrue(bytes(listed) > MAX_STARTER_LIST_BYTES, "the budget is a real constraint: the whole catalog would not fit");
    }

    @Test
    void everyDescriptionTheClientSeesFitsTwoHundredCharacters() {
        List<String> tooLong = new ArrayList<>();
        for (LauncherTool t : ToolCatalog.ALL) {
            if (t.description().length() > MAX_DESCRIPTION_CHARS) tooLong.add(t.name() + " (" + t.description().length() + ")");
        }
        assertTrue(tooLong.isEmpty(), "descriptions over " + MAX_DESCRIPTION_CHARS + " characters: " + tooLong);
    }

    @Test
    void everyStarterToolIsACatalogTool() {
        List<String> names = ToolCatalog.ALL.stream().map(LauncherTool::name).toList();
        assertTrue(names.containsAll(Categories.STARTER), "unknown names in Categories.STARTER: " + Categories.STARTER);
    }
}
