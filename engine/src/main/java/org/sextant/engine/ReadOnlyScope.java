package org.sextant.engine;

import java.util.function.Supplier;
import org.sextant.contract.FailReason;

/**
 * The path a read request runs on: while a thread is inside {@link #run}, the store's write
 * transactions, the home's file writers and every statement of a store connection that is not
 * one read-only SELECT refuse ({@link #refuseWrite}). The self-test checks
 * statically that no read route reaches a write; this is the same rule held at run time, so a
 * route declared read that writes fails loudly instead of changing the store.
 */
public final class ReadOnlyScope {
    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    private ReadOnlyScope() {}

    /** Runs {@code read} as the read request {@code name}; writes inside it are refused. */
    public static <T> T run(String name, Supplier<T> read) {
        String outer = CURRENT.get();
        CURRENT.set(name);
        try {
            return read.get();
        } finally {
            if (outer == null) CURRENT.remove(); else CURRENT.set(outer);
        }
    }

    /**
     * {@code work} run, on whatever thread runs it, as the calling thread's read request (if it
     * runs one): a read's worker thread (run_select's query) refuses writes as the read does.
     */
    public static <T> java.util.concurrent.Callable<T> inheriting(java.util.concurrent.Callable<T> work) {
        String read = CURRENT.get();
        if (read == null) return work;
        return () -> {
            String outer = CURRENT.get();
            CURRENT.set(read);
            try {
                return work.call();
            } finally {
                if (outer == null) CURRENT.remove(); else CURRENT.set(outer);
            }
        };
    }

    /** Whether the calling thread runs a read request (the store's connections then check each statement). */
    public static boolean active() {
        return CURRENT.get() != null;
    }

    /** Throws when the calling thread runs a read request; {@code what} names the write. */
    public static void refuseWrite(String what) {
        String read = CURRENT.get();
        if (read != null) {
            throw new SextantException(FailReason.FORBIDDEN, "the read request " + read + " tried to " + what
                    + "; reads never change the store or a file", null,
                    "this is a bug in Sextant: report it with SEXTANT_HOME/logs/sextant.log");
        }
    }
}
