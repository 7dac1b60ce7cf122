package org.sextant.engine.ingest;

import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.sextant.engine.jobs.Cancellation;

/**
 * Who is told that an import waits to open a user's file: a regular file on a network or cloud mount may take minutes to
 * open, and a command line that says nothing meanwhile looks hung (session 46's note). The CLI prints it; the app's own
 * imports tell no one.
 */
public final class OpenWaits {
    private static final ThreadLocal<Consumer<Path>> LISTENER = new ThreadLocal<>();

    private OpenWaits() {}

    /** Runs {@code work} with {@code waiting} told, once an open, of each user's file this thread's import waits to open. */
    public static <T> T telling(Consumer<Path> waiting, Supplier<T> work) {
        Consumer<Path> before = LISTENER.get();
        LISTENER.set(waiting);
        try {
            return work.get();
        } finally {
            if (before == null) LISTENER.remove();
            else LISTENER.set(before);
        }
    }

    /**
     * What an open of {@code file} runs each time it looks again while it waits (every 2 s): the import's cancel and
     * budget stop it, and its first look tells the listener.
     */
    static Runnable stillWanted(Path file) {
        Consumer<Path> listener = LISTENER.get();
        boolean[] told = {false};
        return () -> {
            Cancellation.check();
            if (listener != null && !told[0]) {
                told[0] = true;
                listener.accept(file);
            }
        };
    }
}
