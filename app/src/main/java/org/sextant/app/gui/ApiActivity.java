package org.sextant.app.gui;

import java.util.function.LongSupplier;

/**
 * When the app's local API last answered an authorised call (epoch millis, 0 = never): the
 * Agents view's "has a launcher called" line. One app per process, so one source: the app's
 * host registers its API server here at start.
 */
public final class ApiActivity {
    private static volatile LongSupplier source = () -> 0L;

    private ApiActivity() {}

    public static void use(LongSupplier lastCallMillis) {
        source = lastCallMillis == null ? () -> 0L : lastCallMillis;
    }

    public static long lastCallMillis() {
        return source.getAsLong();
    }
}
