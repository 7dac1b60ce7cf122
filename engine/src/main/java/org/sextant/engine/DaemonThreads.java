package org.sextant.engine;

import java.util.concurrent.ThreadFactory;

/** Threads that never keep the JVM alive: the app exits when its window or shutdown hook says so. */
public final class DaemonThreads {
    private DaemonThreads() {}

    public static ThreadFactory named(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
