package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sextant.mcp.envelope.ToolFailure;

/** Brings stored symbols up to date: a gather job restricted to what the store already holds. */
final class RefreshTickers extends LauncherTool {
    RefreshTickers() {
        super("refresh_tickers", Categories.DATA, ToolClass.WRITE, false,
                "Re-downloads daily prices of stored symbols (default all, at most 100) as a background job; poll refresh_job_status.",
                ArgumentSchema.object()
                        .stringArray("symbols", GatherTickers.MAX_SYMBOLS, "stored symbols as list_symbols shows them (default: all, when there are at most 100)", false)
                        .string("provider", "data provider name (default: the app's configured provider)", false)
                        .build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return GatherTickers.start(call, storedSymbols(call), call.args().optionalString("provider").orElse(null));
    }

    /** The symbols to refresh: the requested ones, each stored, or every stored symbol (at most 100). */
    static List<String> storedSymbols(Call call) throws ToolFailure {
        List<String> requested = call.args().optionalStringList("symbols").orElse(null);
        Set<String> stored = new LinkedHashSet<>();
        Object list = call.context().app().call(Capabilities.LIST_SYMBOLS, Map.of()).get("symbols");
        if (list instanceof List<?> l) {
            for (Object o : l) if (o instanceof Map<?, ?> m && m.get("symbol") != null) stored.add(String.valueOf(m.get("symbol")));
        }
        List<String> symbols;
        if (requested == null) {
            if (stored.isEmpty()) {
                throw ToolFailure.invalidInput("symbols", "the store holds no symbols to refresh",
                        "call gather_tickers or import_prices to add symbols first");
            }
            if (stored.size() > GatherTickers.MAX_SYMBOLS) {
                throw ToolFailure.invalidInput("symbols", "the store holds " + stored.size() + " symbols, more than "
                        + GatherTickers.MAX_SYMBOLS + " per refresh (nothing was done)",
                        "pass symbols in lists of at most " + GatherTickers.MAX_SYMBOLS + " (list_symbols names them)");
            }
            symbols = new ArrayList<>(stored);
        } else {
            List<String> unknown = requested.stream().filter(s -> !stored.contains(s)).toList();
            if (!unknown.isEmpty()) {
                throw ToolFailure.invalidInput("symbols", "not in the store: " + unknown,
                        "refresh only stored symbols (list_symbols); use gather_tickers for new ones");
            }
            symbols = requested;
        }
        return symbols;
    }
}
