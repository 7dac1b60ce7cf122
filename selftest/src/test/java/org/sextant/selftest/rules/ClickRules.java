package org.sextant.selftest.rules;

import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What makes the chart menu's exemption ({@link BoundaryRules#MENU_ACTIONS}) true: a menu action
 * runs only when a person clicks it in a shown window. No code of the app, the engine or the charts
 * may run one itself: fire a menu item, take its action handler, send an event to a node, or
 * synthesise mouse input. Otherwise an off-screen chart drawn for render_chart could be made to export.
 */
public final class ClickRules {
    private ClickRules() {}

    /** JavaFX's menu item classes: fire() and getOnAction() on these run or hand out a menu action. */
    private static final Set<String> MENU_ITEMS = Set.of("javafx.scene.control.MenuItem", "javafx.scene.control.Menu",
            "javafx.scene.control.CheckMenuItem", "javafx.scene.control.RadioMenuItem",
            "javafx.scene.control.CustomMenuItem", "javafx.scene.control.SeparatorMenuItem");

    /** Types whose construction makes input no person gave. */
    private static final Set<String> SYNTHETIC_INPUT = Set.of("javafx.scene.input.MouseEvent",
            "javafx.scene.input.ContextMenuEvent", "javafx.event.ActionEvent", "javafx.scene.robot.Robot", "java.awt.Robot");

    static boolean runsAMenuAction(AccessTarget.CodeUnitAccessTarget t) {
        String owner = t.getOwner().getName(), name = t.getName();
        return MENU_ITEMS.contains(owner) && (name.equals("fire") || name.equals("getOnAction"))
                || name.equals("fireEvent") && (owner.startsWith("javafx.") || owner.startsWith("com.sun.javafx."))
                || name.equals("<init>") && SYNTHETIC_INPUT.contains(owner);
    }

    /** No code unit of {@code packages} in {@code classes} fires a menu item, takes its handler, fires an event or makes input. */
    public static RuleResult nothingRunsAMenuAction(JavaClasses classes, String... packages) {
        List<String> v = new ArrayList<>();
        int n = 0;
        for (JavaClass c : classes) {
            if (!inAny(c.getPackageName(), packages)) continue;
            for (JavaCodeUnit u : c.getCodeUnits()) {
                n++;
                for (JavaAccess<?> a : u.getCallsFromSelf()) {
                    if (a.getTarget() instanceof AccessTarget.CodeUnitAccessTarget t && runsAMenuAction(t)) {
                        v.add(u.getFullName() + " (line " + a.getLineNumber() + ") calls " + t.getOwner().getSimpleName() + "."
                                + t.getName() + ": only a person's click may run a menu action");
                    }
                }
                for (JavaAccess<?> a : u.getMethodReferencesFromSelf()) {
                    if (a.getTarget() instanceof AccessTarget.CodeUnitAccessTarget t && runsAMenuAction(t)) {
                        v.add(u.getFullName() + " (line " + a.getLineNumber() + ") references " + t.getOwner().getSimpleName()
                                + "::" + t.getName() + ": only a person's click may run a menu action");
                    }
                }
            }
        }
        return new RuleResult("no code runs a menu action itself (the chart menu's exemption holds)", n,
                "code units of " + String.join(", ", packages), v);
    }

    private static boolean inAny(String pkg, String[] packages) {
        for (String p : packages) {
            if (pkg.equals(p) || pkg.startsWith(p + ".")) return true;
        }
        return false;
    }
}
