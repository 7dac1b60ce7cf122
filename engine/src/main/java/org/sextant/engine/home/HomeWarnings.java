package org.sextant.engine.home;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The home id's warnings the person must act on (a claim not made, a claim taken back, the id read without its lock): always
 * logged, and shown where the person is while someone {@link #showTo shows them} (a CLI command's stderr, the headless
 * app's terminal, the window). The id is read deep in a start or a backup, so they come here rather than up every caller.
 */
public final class HomeWarnings {
    private static final List<Consumer<String>> SHOWN = new CopyOnWriteArrayList<>();

    /** Stops showing the warnings where {@link #showTo} sent them. */
    public interface Shown extends AutoCloseable {
        @Override void close();
    }

    private HomeWarnings() {}

    /** Shows each warning to {@code person} (one line, already in the log) until closed. */
    public static Shown showTo(Consumer<String> person) {
        SHOWN.add(person);
        return () -> SHOWN.remove(person);
    }

    static void warn(Class<?> from, String message) {
        org.slf4j.LoggerFactory.getLogger(from).warn("{}", message);
        for (Consumer<String> person : SHOWN) {
            try {
                person.accept(message);
            } catch (RuntimeException shownNowhere) {
                // the log has it
            }
        }
    }
}
