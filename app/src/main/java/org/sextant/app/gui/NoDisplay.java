package org.sextant.app.gui;

import org.sextant.contract.FailReason;
import org.sextant.contract.ShownText;
import org.sextant.engine.SextantException;

/**
 * A window start on a machine without a display (an SSH session, a server, a container): GTK's
 * "Unable to open DISPLAY" becomes a refusal that says so and offers the headless start, instead
 * of "failed unexpectedly (a bug)".
 */
final class NoDisplay {
    private NoDisplay() {}

    /** The refusal for {@code e} thrown by the toolkit's start, or null when it is no missing display. */
    static SextantException refusal(RuntimeException e) {
        String m = e.getMessage();
        if (!(e instanceof UnsupportedOperationException) || m == null || !m.contains("DISPLAY")) return null;
        String display = System.getenv("DISPLAY");
        String which = display == null || display.isEmpty() ? "DISPLAY is not set" : "DISPLAY=" + ShownText.escaped(display) + " cannot be opened";
        return new SextantException(FailReason.NO_WINDOW, "Sextant cannot open its window: no display (" + which + ")", null,
                "start it from a desktop session, or run it without a window: sextant --headless serves the engine and the "
                        + "local API for agents (sextant-mcp) and the command line", e);
    }
}
