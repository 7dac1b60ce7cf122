package org.sextant.app.gui;

import java.util.function.Consumer;
import org.sextant.engine.Sextant;

/** Placeholder until the gui branch merges (replaced by the real window). */
public final class WorkstationLauncher {
    private WorkstationLauncher() {}

    public static void run(Sextant engine, Consumer<String> onSymbolShown, Runnable onClosed) {
        throw new IllegalStateException("window not merged yet");
    }
}
