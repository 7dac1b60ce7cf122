package org.sextant.engine.testing;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.sextant.engine.store.Store;

/**
 * Another write holding the store (an open write transaction on a thread of its own), so a job
 * reaching its own write waits there: where a test's cancel can land, with no timing involved.
 */
public final class HeldStore implements AutoCloseable {
    private final CountDownLatch release = new CountDownLatch(1);
    private final Thread holder;

    private HeldStore(Store store) throws InterruptedException {
        CountDownLatch holding = new CountDownLatch(1);
        holder = new Thread(() -> store.inTransaction(c -> {
            holding.countDown();
            return release.await(2, TimeUnit.MINUTES);
        }), "held-store");
        holder.start();
        if (!holding.await(1, TimeUnit.MINUTES)) throw new IllegalStateException("the store's write was not taken");
    }

    /** Returns once the store's write is held. */
    public static HeldStore hold(Store store) throws InterruptedException {
        return new HeldStore(store);
    }

    /** Ends the holding write (it writes nothing); waiting jobs go on. */
    public void release() {
        release.countDown();
    }

    @Override
    public void close() throws InterruptedException {
        release();
        holder.join();
    }
}
