package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;

/** The CSVs delete_prices kept: what import_prices can put back, and the disk they take. */
final class ListDeletedPrices extends PassThroughTool {
    ListDeletedPrices() {
        super("list_deleted_prices", Categories.DATA,
                "Lists the CSVs delete_prices kept, newest first: symbol, interval, when deleted, file and size, and their total size; import_prices of a file restores it.",
                Capabilities.LIST_DELETED_PRICES);
    }
}
