package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The symbols in the store, optionally filtered. */
final class ListSymbols extends LauncherTool {
    ListSymbols() {
        super("list_symbols", Categories.DATA, ToolClass.READ, false,
                "Lists the symbols in the store with name, currency, exchange, first and last date, row count and source.",
                InputSchema.object()
                        .string("query", "optional filter on symbol or name, e.g. \"AAPL\" or \"apple\"", false)
                        .build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        call.args().optionalString("query").ifPresent(q -> args.put("query", q));
        return call.context().app().call("list_symbols", args);
    }
}
