package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The symbols in the store, optionally filtered. */
final class ListSymbols extends LauncherTool {
    ListSymbols() {
        super("list_symbols", Categories.DATA, ToolClass.READ, false,
                "Lists the stored symbols with name, currency, exchange, date range, row count, source and bar intervals: what data there is.",
                Capabilities.LIST_SYMBOLS.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        call.args().optionalString("query").ifPresent(q -> args.put("query", q));
        return call.context().app().call(Capabilities.LIST_SYMBOLS, args);
    }
}
