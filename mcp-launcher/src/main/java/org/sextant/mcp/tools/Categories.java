package org.sextant.mcp.tools;

import java.util.List;

/** The groups focus_category lists; "core" tools stay listed under any category focus. */
public final class Categories {
    public static final String CORE = "core";
    public static final String DATA = "data";
    public static final String JOBS = "jobs";
    public static final String RESEARCH = "research";
    public static final String APP = "app";
    /** What focus_category accepts (core is always listed, so it is no focus of its own). */
    public static final List<String> FOCUSABLE = List.of(DATA, JOBS, RESEARCH, APP);
    /**
     * What a new session lists: the tools an agent needs to orient itself and answer the common
     * questions (what is here, prices, a forecast or chart, history analogues, SQL), and the way
     * to the rest. At most 12, so that Sextant leaves room for other servers in a client.
     */
    public static final List<String> STARTER = List.of("get_server_info", "get_tool_manifest", "focus_category",
            "show_all_tools", "list_symbols", "get_close_price", "get_db_schema", "run_select", "get_forecast",
            "get_chart_data", "compare_to_history");

    private Categories() {}
}
