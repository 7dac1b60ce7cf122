package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * The analogue matcher. Its arguments (docs/analogues.md) go to the app untouched: the engine
 * owns their defaults and bounds. Their names are checked here, since the app ignores a name it
 * does not know and a typo would silently match on the defaults.
 */
final class CompareToHistory extends LauncherTool {
    CompareToHistory() {
        super("compare_to_history", Categories.RESEARCH, ToolClass.READ, false,
                "Answers 'when markets looked like this before, what happened next': forward returns after the closest past days vs the base rate.",
                Capabilities.COMPARE_TO_HISTORY.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().call(Capabilities.COMPARE_TO_HISTORY, call.args().all());
    }
}
