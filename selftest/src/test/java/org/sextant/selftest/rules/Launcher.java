package org.sextant.selftest.rules;

import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.ArrayList;
import java.util.List;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolCatalog;

/**
 * What the rules look at: the launcher's classes, the class holding the hand-written list, and
 * the list itself. The real launcher is {@link #real()}; the fixture tests add classes and
 * entries that break one rule each.
 */
public record Launcher(JavaClasses classes, String catalogClass, List<LauncherTool> tools) {

    public static final String PACKAGE = "org.sextant.mcp";

    /** The launcher as shipped: its main classes (not its tests, not ours) and ToolCatalog.ALL. */
    public static Launcher real() {
        return new Launcher(Shipped.of(PACKAGE), ToolCatalog.class.getName(), ToolCatalog.ALL);
    }

    /** The real launcher plus fixture classes, with the given list (e.g. ALL plus a fixture tool). */
    public static Launcher withFixtures(List<LauncherTool> tools, String catalogClass, Class<?>... fixtures) {
        return new Launcher(Shipped.with(PACKAGE, List.of(fixtures)), catalogClass, tools);
    }

    public static List<LauncherTool> allPlus(LauncherTool... extra) {
        List<LauncherTool> out = new ArrayList<>(ToolCatalog.ALL);
        out.addAll(List.of(extra));
        return out;
    }
}
