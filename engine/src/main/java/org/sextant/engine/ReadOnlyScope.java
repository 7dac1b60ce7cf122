package org.sextant.engine;

import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.sextant.contract.FailReason;

/**
 * The path a read request runs on: while a thread is inside {@link #run}, the store's write
 * transactions, the home's file writers and every statement of a store connection that is not
 * one read-only SELECT refuse ({@link #refuseWrite}). The self-test checks
 * statically that no read route reaches a write; this is the same rule held at run time, so a
 * route declared read that writes fails loudly instead of changing the store.
 *
 * <p>The scope is the thread's, so work a read hands to another thread goes through the hand-offs
 * here ({@link #thread}, {@link #execute}, {@link #submit}, {@link #parallel}), which run it as the
 * read on whatever thread runs it; the self-test holds read routes to them.
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
            restore(outer);
        }
    }

    private static void restore(String outer) {
        if (outer == null) CURRENT.remove(); else CURRENT.set(outer);
    }

    /**
     * {@code work} run, on whatever thread runs it, as the calling thread's read request (if it
     * runs one): a read's worker thread (run_select's query) refuses writes as the read does.
     */
    public static <T> Callable<T> inheriting(Callable<T> work) {
        String read = CURRENT.get();
        if (read == null) return work;
        return () -> {
            String outer = CURRENT.get();
            CURRENT.set(read);
            try {
                return work.call();
            } finally {
                restore(outer);
            }
        };
    }

    /** As {@link #inheriting(Callable)}, for work that returns nothing. */
    public static Runnable inheriting(Runnable work) {
        String read = CURRENT.get();
        if (read == null) return work;
        return () -> run(read, () -> {
            work.run();
            return null;
        });
    }

    /** A new thread (not started) that runs {@code work} as the calling thread's read request. */
    public static Thread thread(String name, Runnable work) {
        return new Thread(inheriting(work), name);
    }

    /** Hands {@code work} to {@code to}, run there as the calling thread's read request. */
    public static void execute(Executor to, Runnable work) {
        to.execute(inheriting(work));
    }

    /** Hands {@code work} to {@code to}, run there as the calling thread's read request. */
    public static <T> Future<T> submit(ExecutorService to, Callable<T> work) {
        return to.submit(inheriting(work));
    }

    /** {@code each} of 0..n-1 on the common fork-join pool (a parallel stream), each run as the calling thread's read request. */
    public static void parallel(int n, IntConsumer each) {
        String read = CURRENT.get();
        IntConsumer carried = read == null ? each : i -> run(read, () -> {
            each.accept(i);
            return null;
        });
        IntStream.range(0, n).parallel().forEach(carried);
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
