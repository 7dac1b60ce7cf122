package org.sextant.mcp.tools;

import org.sextant.mcp.envelope.ToolFailure;

/**
 * The analogue matcher. Its arguments go to the app untouched: the engine owns their names,
 * defaults and bounds (docs/analogues.md) and refuses unknown ones itself.
 */
final class CompareToHistory extends LauncherTool {
    CompareToHistory() {
        super("compare_to_history", Categories.RESEARCH, ToolClass.READ, false,
                "Answers 'when markets looked like this before, what happened next': finds the closest past days by the daily signals and returns forward-return statistics against the base rate (arguments as in docs/analogues.md, checked by the app).",
                InputSchema.object()
                        .object("signals_dict", "dimension -> value to match (default: the as-of row)", false)
                        .integer("horizon", 1, 5, "forward horizon in trading days for the headline: 1, 3 or 5")
                        .string("mode", "soft (default), hard, tag or hybrid", false)
                        .integer("top_k", 1, 500, "how many analogues (default 100)")
                        .date("as_of", "match as if on this day (walk-forward; default: latest row)")
                        .string("benchmark", "a symbol in the store (default NYSE)", false)
                        .open()
                        .build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call("compare_to_history", call.args().all());
    }
}
