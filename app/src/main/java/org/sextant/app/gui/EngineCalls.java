package org.sextant.app.gui;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/**
 * How a ViewModel calls the engine: the call runs on {@code background}, its result (or error
 * text) is applied on {@code ui}, and {@link #busyProperty()} is true while calls are in flight.
 * The returned future completes after the result was applied.
 */
final class EngineCalls implements AutoCloseable {
    private final Executor background;
    private final Executor ui;
    private final ExecutorService owned;
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private int inFlight; // on the ui executor only

    /** @param background null: one daemon thread named {@code threadName}, shut down by {@link #close()} */
    EngineCalls(Executor background, Executor ui, String threadName) {
        this.ui = ui;
        if (background == null) {
            owned = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, threadName);
                t.setDaemon(true);
                return t;
            });
            this.background = owned;
        } else {
            owned = null;
            this.background = background;
        }
    }

    /** Runs {@code call} off the ui thread; {@code apply} or {@code onError} (with a one-line description) run on it. */
    <T> CompletableFuture<T> run(Supplier<T> call, Consumer<T> apply, Consumer<String> onError, String what) {
        CompletableFuture<T> done = new CompletableFuture<>();
        ui.execute(() -> setInFlight(+1));
        try {
            background.execute(() -> {
                T result;
                try {
                    result = call.get();
                } catch (RuntimeException e) {
                    onUi(() -> {
                        setInFlight(-1);
                        onError.accept(ChartsViewModel.describe(what, e));
                        done.completeExceptionally(e);
                    });
                    return;
                }
                onUi(() -> {
                    setInFlight(-1);
                    apply.accept(result);
                    done.complete(result);
                });
            });
        } catch (RejectedExecutionException e) {
            onUi(() -> {
                setInFlight(-1);
                onError.accept("the view is closed; reopen the window");
                done.completeExceptionally(e);
            });
        }
        return done;
    }

    Executor ui() { return ui; }

    private void onUi(Runnable r) {
        try {
            ui.execute(r);
        } catch (RejectedExecutionException closed) {
            // the view is gone; nobody to show the result to
        }
    }

    private void setInFlight(int delta) {
        inFlight += delta;
        busy.set(inFlight > 0);
    }

    ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }

    @Override
    public void close() {
        if (owned != null) owned.shutdownNow();
    }
}
