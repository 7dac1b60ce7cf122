package org.sextant.app.gui;

import org.sextant.contract.FailReason;

import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import javafx.application.Platform;
import org.sextant.app.pilot.WindowDriver;
import org.sextant.engine.SextantException;

/** The pilot queue's hands on the window: each call runs on the FX thread through the window's navigator and waits for it. */
final class WindowPilot implements WindowDriver {
    /** Liveness guard: the FX thread answers in milliseconds unless the window is gone. */
    private static final long WAIT_SECONDS = 30;

    private final WorkstationWindow window;

    WindowPilot(WorkstationWindow window) {
        this.window = window;
    }

    @Override
    public void openChart(String symbol, LocalDate focusDate) {
        onFx(() -> {
            window.openChart(symbol, focusDate);
            return null;
        });
    }

    @Override
    public void openRun(String runId) {
        onFx(() -> {
            if (!window.viewIds().contains("research")) {
                throw new SextantException(FailReason.NO_VIEW, "this app has no Research view to open run " + runId + " in", "args.run_id",
                        "use a Sextant release with the Research view");
            }
            window.openRun(runId);
            return null;
        });
    }

    @Override
    public void selectView(String viewId) {
        onFx(() -> window.showView(viewId));
    }

    @Override
    public List<String> viewIds() {
        return onFx(window::viewIds);
    }

    // duplicates: the usual hop onto the FX thread and back; the render benchmark has its own, test code may not be linked
    private static <T> T onFx(Supplier<T> work) {
        if (Platform.isFxApplicationThread()) return work.get();
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(work.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        try {
            return f.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new SextantException(FailReason.TIMEOUT, "the window did not answer within " + WAIT_SECONDS + " s", null, "try again; if it persists, restart the app");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SextantException(FailReason.APP_ERROR, "interrupted while driving the window", null, "try again");
        }
    }
}
