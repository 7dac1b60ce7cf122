package org.sextant.app.gui;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;

/**
 * The chart's offer to train the global model: {@link #neededProperty()} is true while the live
 * forecast's model (global, comb_global) needs a global model that is not trained on the current
 * prices, which is otherwise only an error naming train_global_model. {@link #train} runs the
 * same background job the API starts (progress in {@link #statusProperty()}, cancel here or in
 * the Jobs view) and then runs what the chart does to forecast again.
 */
public final class GlobalTrainingOffer {
    private final Sextant engine;
    private final EngineCalls calls;
    private final ReadOnlyBooleanWrapper needed = new ReadOnlyBooleanWrapper(this, "needed");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final EngineCalls.Latest checks = new EngineCalls.Latest();
    private volatile String jobId;

    GlobalTrainingOffer(Sextant engine, EngineCalls calls) {
        this.engine = engine;
        this.calls = calls;
    }

    /** Asks the engine whether {@code model} at {@code horizon} (null: defaults) waits for a training; the newest check wins. */
    CompletableFuture<Boolean> check(String model, Integer horizon) {
        String name = model == null ? Sextant.DEFAULT_FORECAST_MODEL : model;
        return calls.run(checks, () -> ForecastModels.needsGlobalModel(name) && !engine.globalModelTrained(horizon), needed::set,
                failure -> needed.set(false), "check the global model");
    }

    /**
     * Starts the training for {@code horizon} (null: the default) and follows it; after a success
     * the offer goes and {@code onTrained} runs on the ui thread. Completes with the final status.
     */
    CompletableFuture<JobStatus> train(Integer horizon, Runnable onTrained) { // on the ui thread
        running.set(true);
        status.set("starting the global model's training");
        return calls.followJob(() -> {
                    JobStatus started = engine.trainGlobalModel(horizon);
                    jobId = started.id();
                    return started;
                }, engine.jobs()::status, EngineCalls.JOB_POLL_MILLIS,
                now -> status.set(String.format(Locale.ROOT, "%s %.0f%%", now.message() == null ? "training" : now.message(), 100 * now.progress())),
                end -> {
                    jobId = null;
                    running.set(false);
                    boolean ok = end.state() == JobState.SUCCEEDED;
                    status.set(ok ? "" : "global training " + end.state().name().toLowerCase(Locale.ROOT) + (end.explained() == null ? "" : ": " + end.explained()));
                    if (ok) {
                        needed.set(false);
                        onTrained.run();
                    }
                },
                message -> {
                    jobId = null;
                    running.set(false);
                    status.set(message);
                }, "train the global model");
    }

    /** Cancels the training this offer started (no-op when none runs). */
    void cancel() {
        String id = jobId;
        if (id != null) calls.run(() -> engine.jobs().cancel(id), s -> { }, status::set, "cancel the global training");
    }

    /** Whether a training this offer started is running (set on the ui thread). */
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty neededProperty() { return needed.getReadOnlyProperty(); }

    /** The training's progress ("training the global model 42%"), its failure, or empty. */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
}
