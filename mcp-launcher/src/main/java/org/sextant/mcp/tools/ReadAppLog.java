package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;

/** The tail of the app log, read by the app. */
final class ReadAppLog extends PassThroughTool {
    ReadAppLog() {
        super("read_app_log", Categories.APP,
                "The last lines of the app log and its size.",
                Capabilities.READ_LOG);
    }
}
