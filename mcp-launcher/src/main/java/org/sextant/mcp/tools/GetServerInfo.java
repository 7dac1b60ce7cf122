package org.sextant.mcp.tools;

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
        super("get_server_info", ToolClass.READ, false,
                "Returns the launcher version and contract, whether the app is running, which gates are open, and every tool with its class and effect.",
                InputSchema.object().build());
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
        data.put("large_results", Map.of("inline_row_limit", LargeResult.ROW_LIMIT,
                "resource_template", TableStore.URI_TEMPLATE));
        return data;
    }
}
