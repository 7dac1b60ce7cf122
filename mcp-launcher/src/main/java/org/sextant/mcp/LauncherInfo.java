package org.sextant.mcp;

/** Identity of this launcher as MCP clients and the app see it. */
public final class LauncherInfo {
    public static final String NAME = "sextant";
    /** Bumped on any tool add, rename or behaviour change (docs/architecture.md, "The MCP launcher"). */
    public static final String VERSION = "0.13.0";
    /** Major of the tool surface; clients may pin it. */
    public static final int TOOLS_CONTRACT = 5;
    /** Major of the app's local API (run/app.json "contract") this launcher speaks. */
    public static final int APP_CONTRACT = org.sextant.contract.Capabilities.MAJOR;
    /**
     * The largest JSON-RPC message the launcher sends or accepts (docs/mcp.md, "Message size"):
     * clients cap what they buffer (the TypeScript SDK at 10 MiB), so a larger one would end the
     * session instead of answering.
     */
    public static final int MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

    private LauncherInfo() {}
}
