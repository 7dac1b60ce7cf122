package org.sextant.app.gui;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.sextant.engine.Sextant;
import org.sextant.engine.jobs.JobStatus;

/**
 * The engine's background jobs for the Jobs view, newest first, and their cancellation. The
 * view refreshes it on a timer while it is on screen; jobs that were running when the app died
 * arrive from the engine as INTERRUPTED.
 */
public final class JobsViewModel implements AutoCloseable {
    private final Sextant engine;
    private final EngineCalls calls;
    private final ObservableList<JobStatus> jobs = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");

    // duplicates: every ViewModel's pair of constructors (the app's, and the tests' with their executors), alike by nature
    public JobsViewModel(Sextant engine) {
        this(engine, null, Platform::runLater);
    }

    public JobsViewModel(Sextant engine, Executor background, Executor ui) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.calls = new EngineCalls(background, ui, "sextant-gui-jobs");
    }

    /** Reloads the list; rows are replaced only where a job changed, so a selection survives. */
    public CompletableFuture<List<JobStatus>> refresh() {
        return calls.run(() -> engine.jobs().list(), this::merge, error::set, "list the jobs");
    }

    private void merge(List<JobStatus> now) {
        if (now.size() == jobs.size()) {
            for (int i = 0; i < now.size(); i++) {
                if (!now.get(i).equals(jobs.get(i))) jobs.set(i, now.get(i));
            }
        } else {
            jobs.setAll(now);
        }
    }

    /** Asks the engine to cancel the job; it stops at its next checkpoint. Completes with the status after the request. */
    public CompletableFuture<JobStatus> cancel(String jobId) {
        return calls.run(() -> engine.jobs().cancel(jobId), s -> {
            error.set(null);
            refresh();
        }, error::set, "cancel job " + jobId);
    }

    /**
     * A job's Message cell: why it failed and the fix when it did (a bug says only its incident mark and the log it is in,
     * the exception's words stay in that log), else its progress message.
     */
    public static String message(JobStatus job) {
        return job.explained() != null ? job.explained() : job.message();
    }

    public ObservableList<JobStatus> jobs() { return jobs; }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    @Override
    public void close() {
        calls.close();
    }
}
