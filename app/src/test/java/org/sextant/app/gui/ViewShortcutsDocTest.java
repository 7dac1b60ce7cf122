package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The user guide's menu table said the views are Ctrl+1 … Ctrl+9 while the window has seven views (Ctrl+8 and 9 do
 * nothing): its row names the last shortcut and the views in tab order, as the window registers them (Charts first).
 */
class ViewShortcutsDocTest {
    @Test
    void theGuidesViewShortcutsAreTheWindowsViews() throws Exception {
        String guide = Files.readString(Path.of("../docs/user-guide.md"));
        Matcher row = Pattern.compile("\\| View \\| each view, in tab order \\(Charts is Ctrl\\+1\\) \\| Ctrl\\+1 … Ctrl\\+(\\d+) \\(one per view: ([^)]*)\\) \\|").matcher(guide);
        assertTrue(row.find(), "docs/user-guide.md's menu table no longer has the View row with its shortcuts and views");
        List<String> titles = new ArrayList<>(List.of("Charts")); // the window's first tab, before the registered ones
        WorkstationViews.create(null, null).forEach(v -> titles.add(v.title())); // LazyView builds nothing until shown
        assertEquals(String.join(", ", titles), row.group(2), "the views the guide names, in tab order");
        assertEquals(titles.size(), Integer.parseInt(row.group(1)), "the last view shortcut the guide names");
    }
}
