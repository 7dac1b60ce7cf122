package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;

/**
 * The analogue matcher. Its arguments (docs/analogues.md) go to the app untouched: the engine
 * owns their defaults and bounds. Their names are checked here, since the app ignores a name it
 * does not know and a typo would silently match on the defaults.
 */
final class CompareToHistory extends PassThroughTool {
    CompareToHistory() {
        super("compare_to_history", Categories.RESEARCH,
                "Answers 'when markets looked like this before, what happened next': forward returns after the closest past days vs the base rate.",
                Capabilities.COMPARE_TO_HISTORY);
    }
}
