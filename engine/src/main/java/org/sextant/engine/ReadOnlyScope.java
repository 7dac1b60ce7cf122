package org.sextant.engine;

import java.util.function.Supplier;
import org.sextant.contract.FailReason;

/**
 * The path a read request runs on: while a thread is inside {@link #run}, the store's write
 * transactions and the home's file writers refuse ({@link #refuseWrite}). The self-test checks
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
