package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
/** Undoes focus_category: tools/list shows every tool again. */
final class ShowAllTools extends LauncherTool {
    ShowAllTools() {
        super("show_all_tools", Categories.CORE, ToolClass.READ, false,
                "Lists every tool again after focus_category narrowed the list, and notifies tools/list_changed.",
                ArgumentSchema.object().build());
    }

    @Override
    Object handle(Call call) {
        return FocusCategory.answer(call, null);
    }
}
