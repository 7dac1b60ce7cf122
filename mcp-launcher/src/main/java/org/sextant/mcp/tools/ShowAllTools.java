package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
/** Lists every tool: the way past the starter set and any focus_category. */
final class ShowAllTools extends LauncherTool {
    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    ShowAllTools() {
        super("show_all_tools", Categories.CORE, ToolClass.READ, false,
                "Lists every tool; use when a task needs tools beyond the starter set and one focus_category.",
                ArgumentSchema.object().build());
    }

    @Override
    public boolean quick() {
        return true;
    }

    @Override
    Object handle(Call call) {
        return FocusCategory.answer(call, Focus.ALL);
    }
}
