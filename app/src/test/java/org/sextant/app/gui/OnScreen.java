package org.sextant.app.gui;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.api.FxRobotInterface;
import org.testfx.robot.Motion;
import org.testfx.service.query.PointQuery;
import org.testfx.service.query.impl.CallableBoundsPointQuery;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Clicks and pointer moves by selector (a CSS selector, or a text as TestFX reads one) or node,
 * as TestFX makes them but with the target found and measured on the FX thread. TestFX's
 * {@code clickOn("#id")} tests visibility from the test thread by computing bounds up the scene
 * graph, and bounds are computed lazily into caches: while the FX thread changes a child list (a
 * list filling its cells after a validation) that walk fails with an IndexOutOfBoundsException,
 * more often when two test JVMs share the cores. As TestFX does, the point is asked again after
 * the pointer moved (a popup may still be placing itself) and the node's window becomes the
 * robot's target (where typed keys go).
 */
final class OnScreen {
    private OnScreen() {}

    static FxRobotInterface clickOn(FxRobot robot, String selector) {
        return clickOn(robot, find(selector));
    }

    static FxRobotInterface doubleClickOn(FxRobot robot, String selector) {
        return doubleClickOn(robot, find(selector));
    }

    static FxRobotInterface rightClickOn(FxRobot robot, String selector) {
        return rightClickOn(robot, find(selector));
    }

    static FxRobotInterface moveTo(FxRobot robot, String selector) {
        return moveTo(robot, find(selector));
    }

    static FxRobotInterface moveTo(FxRobot robot, Node node) {
        return robot.moveTo(pointOf(robot, showingOrFail(node)), Motion.DEFAULT);
    }

    static FxRobotInterface clickOn(FxRobot robot, Node node) {
        return robot.clickOn(pointOf(robot, showingOrFail(node)), Motion.DEFAULT);
    }

    static FxRobotInterface doubleClickOn(FxRobot robot, Node node) {
        return robot.doubleClickOn(pointOf(robot, showingOrFail(node)), Motion.DEFAULT);
    }

    static FxRobotInterface rightClickOn(FxRobot robot, Node node) {
        return robot.rightClickOn(pointOf(robot, showingOrFail(node)), Motion.DEFAULT);
    }

    /**
     * Opens a choice or combo box's list: clicked, and clicked once more if its list is not showing after a few seconds (a click on a
     * dialog still placing itself can land beside the box: ChartStudiesTest then found no "RSI" in a CI run).
     */
    static void openChoices(FxRobot robot, String selector) throws Exception {
        Node box = find(selector);
        Callable<Boolean> showing = () -> onFx(() -> box instanceof javafx.scene.control.ChoiceBox<?> c ? c.isShowing()
                : ((javafx.scene.control.ComboBoxBase<?>) box).isShowing());
        for (int click = 0; click < 2 && !showing.call(); click++) {
            clickOn(robot, box);
            try {
                WaitForAsyncUtils.waitFor(CHOICES_SECONDS, java.util.concurrent.TimeUnit.SECONDS, showing);
            } catch (java.util.concurrent.TimeoutException notYet) {
                if (click == 1) throw notYet;
            }
        }
    }

    /**
     * Clicks a toggle button until it is {@code selected}: clicked, and clicked once more if it has not changed after a few seconds
     * (a click can land while the window is still laying out: ChartStudiesTest's Compare click was not taken in a CI run, and the
     * test then waited 60 s for a comparison never asked for).
     */
    static void toggle(FxRobot robot, String selector, boolean selected) throws Exception {
        javafx.scene.control.Toggle button = (javafx.scene.control.Toggle) find(selector);
        Callable<Boolean> done = () -> onFx(() -> button.isSelected() == selected);
        for (int click = 0; click < 2 && !done.call(); click++) {
            clickOn(robot, (Node) button);
            try {
                WaitForAsyncUtils.waitFor(CHOICES_SECONDS, java.util.concurrent.TimeUnit.SECONDS, done);
            } catch (java.util.concurrent.TimeoutException notYet) {
                if (click == 1) throw notYet;
            }
        }
    }

    /**
     * Waits until {@code scene} has passed through {@code pulses} more CSS and layout passes (asking for each), so a text, theme or
     * row just set is measured and placed: a count of passes, not a fixed time, which a busy machine may not give them.
     */
    static void awaitLayoutPulses(javafx.scene.Scene scene, int pulses) throws Exception {
        java.util.concurrent.CountDownLatch laidOut = new java.util.concurrent.CountDownLatch(pulses);
        Runnable passed = () -> {
            laidOut.countDown();
            if (laidOut.getCount() > 0) Platform.requestNextPulse();
        };
        WaitForAsyncUtils.asyncFx(() -> {
            scene.addPostLayoutPulseListener(passed);
            Platform.requestNextPulse();
        }).get();
        try {
            if (!laidOut.await(Workbench.GIVE_UP_SECONDS, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new AssertionError("the window laid out " + (pulses - laidOut.getCount()) + " of " + pulses + " times in " + Workbench.GIVE_UP_SECONDS + " s");
            }
        } finally {
            WaitForAsyncUtils.asyncFx(() -> scene.removePostLayoutPulseListener(passed)).get();
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** How long {@link #openChoices} waits for a list to show after a click: a liveness guard, not a performance bound. */
    private static final int CHOICES_SECONDS = 5;

    /** The centre of {@code node} on screen, measured on the FX thread whenever TestFX asks; its window becomes the target. */
    private static PointQuery pointOf(FxRobot robot, Node node) {
        robot.targetWindow(onFx(() -> node.getScene().getWindow()));
        Callable<Bounds> bounds = () -> onFx(() -> node.localToScreen(node.getBoundsInLocal()));
        return new CallableBoundsPointQuery(bounds, node).atPosition(Pos.CENTER);
    }

    /** The first showing node {@code selector} matches, topmost window first (popups and dialogs open after the main window). */
    static Node find(String selector) {
        // a popup's or a list's cells are made at the next layout pulse: asked again until then
        long giveUp = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(FIND_SECONDS);
        Node found = findNow(selector);
        while (found == null && System.nanoTime() < giveUp) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            found = findNow(selector);
        }
        if (found == null) throw new AssertionError("nothing showing on screen matches " + selector);
        return found;
    }

    /** How long {@link #find} waits for a node to show: a liveness guard, not a performance bound. */
    private static final int FIND_SECONDS = 10;

    private static Node findNow(String selector) {
        WaitForAsyncUtils.waitForFxEvents();
        return onFx(() -> {
            List<Window> windows = new ArrayList<>(Window.getWindows());
            Collections.reverse(windows);
            for (Window w : windows) {
                if (!w.isShowing() || w.getScene() == null) continue;
                for (Node n : matching(w.getScene().getRoot(), selector)) {
                    if (showing(n)) return n;
                }
            }
            return null;
        });
    }

    private static Node showingOrFail(Node node) {
        if (node == null) throw new AssertionError("no node to point at");
        WaitForAsyncUtils.waitForFxEvents();
        if (!onFx(() -> showing(node))) throw new AssertionError("not showing on screen: " + node);
        return node;
    }

    /**
     * As TestFX reads a query: a CSS selector when it starts with '#' or '.', else the text of a
     * label, button, text field or text node.
     */
    private static List<Node> matching(Node root, String query) {
        if (query.startsWith("#") || query.startsWith(".")) return new ArrayList<>(root.lookupAll(query));
        List<Node> out = new ArrayList<>();
        collectText(root, query, out);
        return out;
    }

    private static void collectText(Node n, String text, List<Node> out) {
        String t = n instanceof javafx.scene.control.Labeled l ? l.getText()
                : n instanceof javafx.scene.control.TextInputControl c ? c.getText()
                : n instanceof javafx.scene.text.Text x ? x.getText() : null;
        if (text.equals(t)) out.add(n);
        if (n instanceof javafx.scene.Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) collectText(child, text, out);
        }
    }

    /** Visible up to its window, which shows, with a size and its centre inside the window (TestFX's visibility test). */
    private static boolean showing(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) return false;
        }
        if (n.getScene() == null || n.getScene().getWindow() == null || !n.getScene().getWindow().isShowing()) return false;
        Bounds b = n.localToScreen(n.getBoundsInLocal());
        if (b == null || b.getWidth() <= 0 || b.getHeight() <= 0) return false;
        Window w = n.getScene().getWindow();
        double x = b.getCenterX(), y = b.getCenterY();
        return x >= w.getX() && x <= w.getX() + w.getWidth() && y >= w.getY() && y <= w.getY() + w.getHeight();
    }

    private static <T> T onFx(Callable<T> work) {
        if (Platform.isFxApplicationThread()) {
            try {
                return work.call();
            } catch (Exception e) {
                throw new AssertionError("looking at the screen failed", e);
            }
        }
        try {
            return WaitForAsyncUtils.asyncFx(work).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while looking at the screen", e);
        } catch (ExecutionException e) {
            throw new AssertionError("looking at the screen failed", e.getCause());
        }
    }
}
