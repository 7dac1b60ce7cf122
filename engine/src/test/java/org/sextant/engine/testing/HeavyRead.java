package org.sextant.engine.testing;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.sextant.engine.api.ApiCall;
import org.sextant.engine.jobs.Cancellation;

/**
 * A heavy read for the app's render_chart route (it takes a turn): the first call computes until
 * it is stopped, checking as a model fit does; later calls answer {@code answer} at once. What
 * happened is kept in {@link #events}, in order.
 */
public final class HeavyRead implements Function<ApiCall, Object> {
    public static final String STOPPED = "first read stopped: its client went away";
    public static final String ANSWERED = "a later read got its turn";

    public final List<String> events = new CopyOnWriteArrayList<>();
    public final CountDownLatch computing = new CountDownLatch(1);
    public final CountDownLatch stopped = new CountDownLatch(1);
    private final AtomicInteger calls = new AtomicInteger();
    private final Object answer;

    public HeavyRead(Object answer) {
        this.answer = answer;
    }

    @Override
    public Object apply(ApiCall call) {
        if (calls.incrementAndGet() > 1) {
            events.add(ANSWERED);
            return answer;
        }
        computing.countDown();
        try {
            while (true) {
                Cancellation.check();
                Thread.sleep(5);
            }
        } catch (CancellationException e) {
            // its client went away, not its 40 s budget ended
            events.add(Cancellation.stopRequested() ? STOPPED : "first read stopped: " + e.getMessage());
            stopped.countDown();
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
