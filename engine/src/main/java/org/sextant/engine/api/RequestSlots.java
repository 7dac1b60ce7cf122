package org.sextant.engine.api;

import java.util.concurrent.Semaphore;

/**
 * How many authenticated requests the local API holds at once: each holds its body (up to 1 MiB) and
 * the tree read from it (up to 50,000 tokens, about 2 MB) while its route runs, and without a bound N
 * such requests held N times that. A request over the bound is answered at once (retry), never queued.
 * Metadata reads may also take one of a few reserved slots, so they are answered while heavy requests
 * fill the others.
 */
final class RequestSlots {
    private final int shared;
    private final int reserved;
    private final Semaphore any;
    private final Semaphore metadataOnly;

    RequestSlots(int shared, int reserved) {
        if (shared < 1 || reserved < 0) throw new IllegalArgumentException("slots: " + shared + " shared, " + reserved + " reserved");
        this.shared = shared;
        this.reserved = reserved;
        this.any = new Semaphore(shared);
        this.metadataOnly = new Semaphore(reserved);
    }

    /** A slot taken, to give back with {@link Slot#close}; null when every slot a request of this lane may take is held. */
    Slot tryEnter(boolean metadata) {
        if (any.tryAcquire()) return new Slot(any);
        if (metadata && metadataOnly.tryAcquire()) return new Slot(metadataOnly);
        return null;
    }

    /** The slots any request may take. */
    int shared() { return shared; }

    /** The slots only metadata reads may take. */
    int reserved() { return reserved; }

    /** Slots held now (tests). */
    int held() { return shared - any.availablePermits() + reserved - metadataOnly.availablePermits(); }

    static final class Slot implements AutoCloseable {
        private Semaphore from;

        private Slot(Semaphore from) { this.from = from; }

        @Override
        public void close() {
            if (from != null) from.release(); // given back once, however often closed
            from = null;
        }
    }
}
