package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import org.sextant.mcp.envelope.ToolFailure;

/** Deletes one symbol's stored prices in the app: a write behind the runs gate, the one destructive tool (a CSV keeps what it deleted). */
final class DeletePrices extends LauncherTool {
    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    DeletePrices() {
        super("delete_prices", Categories.DATA, ToolClass.WRITE, false, true,
                "Deletes one symbol's stored prices, every interval or one (1d: only its daily rows), in one transaction; a CSV of them is kept that import_prices puts back.",
                Capabilities.DELETE_PRICES.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        call.args().requiredString("symbol", "\"STRAYW\" (see list_symbols)");
        return call.context().app().call(Capabilities.DELETE_PRICES, call.args().given());
    }
}
