package org.sextant.mcp.tools;

/**
 * Where a long tool reports how far it is: MCP progress notifications (and a log message) when
 * the client sent a progressToken, nowhere otherwise.
 */
public interface Progress {
    Progress NONE = new Progress() {
        @Override
        public boolean wanted() {
            return false;
        }

        @Override
        public void report(double fraction, String message) {
            // the client did not ask for progress
        }
    };

    /** True when the client sent a progressToken with this call. */
    boolean wanted();

    /** fraction in 0..1. Never throws: a lost notification must not fail the tool. */
    void report(double fraction, String message);
}
