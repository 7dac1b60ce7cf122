package org.sextant.app.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where one picture's time went, told when its budget runs out: a picture that waited for JavaFX's start or for
 * another picture was told it "computed for its whole budget" (attack 14, L1: a light picture after a restart).
 */
final class RenderPhases {
    enum Phase {
        ENGINE("reading its prices and computing its forecast", "the engine's work"),
        TURN("waiting for its turn behind another picture", "the wait for its turn"),
        TOOLKIT("waiting for JavaFX to start (once after the app starts)", "JavaFX's start"),
        DRAWING("drawing its chart on the JavaFX thread", "its drawing"),
        ENCODING("encoding its PNG", "encoding");

        final String doing, name;

        Phase(String doing, String name) {
            this.doing = doing;
            this.name = name;
        }
    }

    private final long[] nanos = new long[Phase.values().length];
    private Phase current = Phase.ENGINE;
    private long since = System.nanoTime();

    /** The picture moves on to {@code next}; the time since the last move goes to the phase it leaves. */
    void enter(Phase next) {
        long now = System.nanoTime();
        nanos[current.ordinal()] += now - since;
        since = now;
        current = next;
    }

    Phase current() {
        return current;
    }

    /** "... stopped at its budget while waiting for JavaFX to start (...), so ...; its time went to: 1.2 s the engine's work, 38.8 s JavaFX's start" */
    String stopped() {
        enter(current);
        List<String> spent = new ArrayList<>();
        for (Phase p : Phase.values()) {
            if (nanos[p.ordinal()] >= 50_000_000L || p == current) spent.add(String.format(Locale.ROOT, "%.1f s %s", nanos[p.ordinal()] / 1e9, p.name));
        }
        return "render_chart was stopped at its budget while " + current.doing + ", so it answered no picture; its time went to: " + String.join(", ", spent);
    }
}
