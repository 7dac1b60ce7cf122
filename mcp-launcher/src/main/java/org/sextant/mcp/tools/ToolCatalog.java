package org.sextant.mcp.tools;

import java.util.List;

/**
 * Every tool the launcher serves, classified by hand. This list is the classification the
 * self-test and the tools table in docs/mcp.md are checked against: a tool not listed here is
 * not served.
 */
public final class ToolCatalog {
    public static final List<LauncherTool> ALL = List.of(
            new GetServerInfo(),
            new HealthCheck(),
            new ListSymbols(),
            new GetClosePrice(),
            new GetDbSchema(),
            new RunSelect());

    private ToolCatalog() {}
}
