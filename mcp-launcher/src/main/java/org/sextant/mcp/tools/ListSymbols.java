package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;

/** The symbols in the store, optionally filtered. */
final class ListSymbols extends PassThroughTool {
    ListSymbols() {
        super("list_symbols", Categories.DATA,
                "Lists the stored symbols with name, currency, exchange, date range, row count, source and bar intervals: what data there is.",
                Capabilities.LIST_SYMBOLS);
    }
}
