package org.sextant.mcp.tools;

import org.sextant.mcp.envelope.ToolFailure;

/**
 * The analogue matcher. Its arguments (docs/analogues.md) go to the app untouched: the engine
 * owns their defaults and bounds. Their names are checked here, since the app ignores a name it
 * does not know and a typo would silently match on the defaults.
 */
final class CompareToHistory extends LauncherTool {
    CompareToHistory() {
        super("compare_to_history", Categories.RESEARCH, ToolClass.READ, false,
                "Answers 'when markets looked like this before, what happened next': finds the closest past days by the daily signals and returns forward-return statistics against the base rate (arguments as in docs/analogues.md; their values are checked by the app).",
                matcherArguments().build());
    }

    /** The matcher's arguments (docs/analogues.md, "Arguments"), shared with analogue_calibration. */
    static InputSchema matcherArguments() {
        return InputSchema.object()
                .object("signals_dict", "dimension -> value to match (default: the as-of row)", false)
                .integer("horizon", 1, 5, "forward horizon in trading days for the headline: 1, 3 or 5")
                .string("mode", "soft (default), hard, tag or hybrid", false)
                .integer("top_k", 1, 500, "how many analogues (default 100)")
                .integer("recency_half_life_days", 0, 36500, "calendar days; 0 disables the recency decay (default 730)")
                .number("backfill_weight", 0, "weight of backfill rows, 0..1 (default 0.5)")
                .object("dim_trust", "dimension -> trust 0..10 (default: the documented trust column)", false)
                .bool("include_analogue_dates", "also return the analogue dates (default false)")
                .date("as_of", "match as if on this day (walk-forward; default: latest row)")
                .string("benchmark", "a symbol in the store (default NYSE)", false);
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call("compare_to_history", call.args().all());
    }
}
