package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.tables.AnswerBudget;
import org.sextant.mcp.tables.LargeResult;
import org.sextant.mcp.tables.TableStore;

/** Who we are, whether the app is there, what is allowed, and how many tools there are (their detail: get_tool_manifest). */
final class GetServerInfo extends LauncherTool {
    GetServerInfo() {
        super("get_server_info", Categories.CORE, ToolClass.READ, false,
                "Start here: launcher version, whether the app is running, which gates are open, tool counts per category, and how jobs and large results work.",
                ArgumentSchema.object().build());
    }

    /** How to use the asynchronous tools; stated once here rather than guessed by each agent. */
    static Map<String, Object> guidance() {
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("jobs", "import_prices, gather_tickers, refresh_tickers and forecast_tickers answer at once with job_id:"
                + " poll refresh_job_status until SUCCEEDED, FAILED, CANCELLED or TIMED_OUT. job_busy names active_job_id (poll or"
                + " cancel_job it). At most 100 symbols per call; longer lists are refused, never truncated.");
        g.put("backtests", "backtest_graph returns job_id for backtest_status (background=false waits up to 300 s);"
                + " check a spec with compose_graph first.");
        g.put("progress", "send a progressToken with a job tool to stream MCP progress notifications.");
        g.put("charts", "get_chart_data: closes and forecast as columns (days for a longer window); render_chart: a PNG.");
        g.put("tools", "tools/list starts with a starter set: focus_category lists one more category, show_all_tools all;"
                + " any tool is callable by name; get_tool_manifest gives each tool's schema.");
        g.put("writes", "write tools need SEXTANT_ALLOW_RUNS=1 in this server's env; drive_app also the hand-placed .mcp_pilot flag.");
        return g;
    }

    /** How many tools each category has and how many tools/list shows now; each tool's detail is in get_tool_manifest. */
    static Map<String, Object> toolCounts(ToolContext ctx) {
        Map<String, Integer> byCategory = new LinkedHashMap<>();
        byCategory.put(Categories.CORE, 0);
        Categories.FOCUSABLE.forEach(c -> byCategory.put(c, 0));
        ctx.tools().forEach(t -> byCategory.merge(t.category(), 1, Integer::sum));
        Map<String, Object> tools = new LinkedHashMap<>();
        tools.put("total", ctx.tools().size());
        tools.put("listed", ctx.tools().stream().filter(ctx.focus()::listed).count());
        tools.put("focus", ctx.focus().current());
        tools.put("by_category", byCategory);
        return tools;
    }

    @Override
    public boolean quick() {
        return true;
    }

    @Override
    Object handle(Call call) {
        ToolContext ctx = call.context();
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("name", LauncherInfo.NAME);
        server.put("version", LauncherInfo.VERSION);
        server.put("contract", LauncherInfo.TOOLS_CONTRACT);
        server.put("app_contract", LauncherInfo.APP_CONTRACT);

        Map<String, Object> access = new LinkedHashMap<>();
        access.put("home", ctx.home().root().toString());
        access.put("runs_allowed", ctx.runsGate().isOpen());
        access.put("pilot_flag_present", ctx.pilotGate().isOpen());
        access.put("how_to_allow_runs", "the person sets SEXTANT_ALLOW_RUNS=1 in this server's client config");
        access.put("how_to_allow_pilot", "the person creates " + ctx.pilotGate().flag() + " by hand");

        Map<String, Object> data = new LinkedHashMap<>();
        data.put("server", server);
        data.put("app", ctx.app().probe());
        data.put("access", access);
        data.put("tools", toolCounts(ctx));
        data.put("guidance", guidance());
        data.put("large_results", Map.of("inline_row_limit", LargeResult.ROW_LIMIT,
                "answer_byte_limit", AnswerBudget.ANSWER_BYTES, "resource_template", TableStore.URI_TEMPLATE));
        return data;
    }
}
