package org.sextant.app.gui;

import java.util.Map;
import org.sextant.contract.FailReason;
import org.sextant.contract.ShownText;
import org.sextant.engine.SextantException;

/**
 * A window start on a machine without a display (an SSH session, a server, a container): refused
 * before the store is opened where Linux has neither DISPLAY nor WAYLAND_DISPLAY, and otherwise
 * GTK's "Unable to open DISPLAY" becomes the same refusal, instead of "failed unexpectedly (a bug)";
 * both offer the headless start.
 */
final class NoDisplay {
    private NoDisplay() {}

    private static final String FIX = "start it from a desktop session, or run it without a window: sextant --headless serves the engine and the "
            + "local API for agents (sextant-mcp) and the command line";

    /**
     * The refusal of a window start on {@code os} with environment {@code env} and the toolkit's {@code glassPlatform}
     * (null: the desktop's), or null when a display may be there: on Linux GTK needs DISPLAY (X11) or WAYLAND_DISPLAY;
     * Monocle (the tests' headless toolkit) needs none, and other systems have their own.
     */
    static SextantException before(Map<String, String> env, String os, String glassPlatform) {
        if (os == null || !os.toLowerCase(java.util.Locale.ROOT).startsWith("linux")) return null;
        if (glassPlatform != null && glassPlatform.equalsIgnoreCase("monocle")) return null;
        if (set(env.get("DISPLAY")) || set(env.get("WAYLAND_DISPLAY"))) return null;
        return refusal("DISPLAY and WAYLAND_DISPLAY are not set", null);
    }

    /** The refusal for {@code e} thrown by the toolkit's start, or null when it is no missing display. */
    static SextantException refusal(RuntimeException e) {
        String m = e.getMessage();
        if (!(e instanceof UnsupportedOperationException) || m == null || !m.contains("DISPLAY")) return null;
        String display = System.getenv("DISPLAY");
        return refusal(set(display) ? "DISPLAY=" + ShownText.escaped(display) + " cannot be opened" : "DISPLAY is not set", e);
    }

    private static SextantException refusal(String which, RuntimeException cause) {
        return new SextantException(FailReason.NO_WINDOW, "Sextant cannot open its window: no display (" + which + ")", null, FIX, cause);
    }

    private static boolean set(String v) {
        return v != null && !v.isEmpty();
    }
}
