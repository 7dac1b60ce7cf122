package org.sextant.mcp.tools;

/** The hand-made classification every tool carries (docs/architecture.md, "The MCP launcher"). */
public enum ToolClass {
    /** Returns data; changes nothing outside the launcher's own memory; never calls a gate. */
    READ,
    /** Changes something (its effect line says what); always passes the runs gate. */
    WRITE;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
