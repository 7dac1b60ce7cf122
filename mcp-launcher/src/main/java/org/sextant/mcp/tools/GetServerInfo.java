package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.tables.LargeResult;
import org.sextant.mcp.tables.TableStore;

/** Who we are, whether the app is there, what is allowed, and every tool with its class. */
final class GetServerInfo extends LauncherTool {
    GetServerInfo() {
        super("get_server_info", Categories.CORE, ToolClass.READ, false,
                "Returns the launcher version and contract, whether the app is running, which gates are open, and every tool with its class and effect.",
                ArgumentSchema.object().build());
    }

    /** How to use the asynchronous tools; stated once here rather than guessed by each agent. */
    static Map<String, Object> guidance() {
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("refresh", "gather_tickers and refresh_tickers start a background job and answer at once with job_id and"
                + " poll_after_seconds: poll refresh_job_status until SUCCEEDED, FAILED or CANCELLED. A request covered by"
                + " the running gather joins it (coalesced=true). job_busy means another writer job runs: data.active_job_id"
                + " names it; poll it or cancel_job it. At most 100 symbols per call; longer lists are refused, never truncated.");
        g.put("backtests", "backtest_graph runs as a job: background=true (default) returns job_id (poll backtest_status);"
                + " background=false waits up to 300 s for the summary. Check a spec with compose_graph first.");
        g.put("progress", "send a progressToken with import_prices, gather_tickers, refresh_tickers or backtest_graph to"
                + " have the call follow the job and stream MCP progress notifications.");
        g.put("charts", "this release has no chart-rendering tools: get_close_price gives the series to plot"
                + " (over 200 rows as a sextant://table resource).");
        g.put("focus", "focus_category narrows tools/list to one category; show_all_tools restores it; every tool stays callable.");
        return g;
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

        List<Map<String, Object>> tools = new ArrayList<>();
        for (LauncherTool t : ctx.tools()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("category", t.category());
            m.put("class", t.toolClass().label());
            m.put("drives_app", t.drivesApp());
            m.put("gate", t.gate());
            m.put("effect", t.effect());
            tools.add(m);
        }

        Map<String, Object> data = new LinkedHashMap<>();
        data.put("server", server);
        data.put("app", ctx.app().probe());
        data.put("access", access);
        data.put("tools", tools);
        data.put("focus", ctx.focus().category().orElse(null));
        data.put("guidance", guidance());
        data.put("large_results", Map.of("inline_row_limit", LargeResult.ROW_LIMIT,
                "resource_template", TableStore.URI_TEMPLATE));
        return data;
    }
}
