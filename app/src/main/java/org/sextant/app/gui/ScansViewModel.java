package org.sextant.app.gui;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.ForecastScan;
import org.sextant.engine.forecast.ScanResult;
import org.sextant.engine.forecast.ScanRow;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;

/**
 * State of the Scans view, testable without a screen: the scan's settings (model, level,
 * minimum reward/risk, top N, minimum history), the ranked rows of the last scan, and the
 * running job's progress. A scan runs as the engine's scan job (start_scan) on a background
 * thread; results and progress are applied on {@code ui}.
 */
public final class ScansViewModel implements AutoCloseable {
    /** A progress bar's "moving, amount unknown" (ProgressIndicator.INDETERMINATE_PROGRESS; a ViewModel holds no scene-graph type). */
    public static final double INDETERMINATE = -1;

    private final Sextant engine;
    private final EngineCalls calls;

    private final StringProperty model = new SimpleStringProperty(this, "model", Sextant.DEFAULT_FORECAST_MODEL);
    private final ObjectProperty<Integer> level = new SimpleObjectProperty<>(this, "level", 95);
    private final StringProperty minRewardRisk = new SimpleStringProperty(this, "minRewardRisk", "");
    private final ObjectProperty<Integer> top = new SimpleObjectProperty<>(this, "top", 50);
    private final ObjectProperty<Integer> minHistory = new SimpleObjectProperty<>(this, "minHistory", 250);
    private final ObservableList<ScanRow> rows = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress");
    /** True from a Cancel until the job has ended. */
    private final javafx.beans.property.ReadOnlyBooleanWrapper stopping = new javafx.beans.property.ReadOnlyBooleanWrapper(this, "stopping");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "Press Scan to rank the symbols by reward/risk");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");
    private volatile String jobId;

    /** For the app: engine calls on a daemon thread, results on the JavaFX thread. */
    public ScansViewModel(Sextant engine) {
        this(engine, null, Platform::runLater);
    }

    public ScansViewModel(Sextant engine, Executor background, Executor ui) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.calls = new EngineCalls(background, ui, "sextant-gui-scan");
    }

    /** The request the settings describe; a bad minimum reward/risk names its field. */
    ForecastScan.Request request() {
        String min = minRewardRisk.get() == null ? "" : minRewardRisk.get().trim();
        Double minRr;
        try {
            minRr = min.isEmpty() ? null : Double.parseDouble(min);
        } catch (NumberFormatException e) {
            throw SextantException.invalid("min_reward_risk", "minimum reward/risk '" + min + "' is not a number", "e.g. 1.2, or leave it empty");
        }
        return new ForecastScan.Request(null, model.get(), null, level.get() == null ? null : level.get().doubleValue(), minRr, top.get(),
                minHistory.get(), null, null);
    }

    /**
     * Runs the scan over every symbol as a job and shows its ranked rows. Completes with the rows
     * (exceptionally when refused or failed: the reason is in {@link #errorProperty()}; null when cancelled).
     */
    public CompletableFuture<List<ScanRow>> scan() {
        CompletableFuture<List<ScanRow>> out = new CompletableFuture<>();
        ForecastScan.Request req;
        try {
            req = request();
        } catch (SextantException e) {
            error.set(e.getMessage() + " (" + e.fix() + ")");
            out.completeExceptionally(e);
            return out;
        }
        running.set(true);
        progress.set(0);
        error.set(null);
        status.set("starting the scan");
        stopping.set(false);
        progress.set(INDETERMINATE); // moving from the first poll, before a symbol is done
        calls.followJob(() -> engine.startScan(req), engine.jobs()::status, EngineCalls.JOB_POLL_MILLIS, now -> {
            jobId = now.id();
            // until the first symbol is done the bar moves without a share (a slow model fits for a while)
            progress.set(now.progress() > 0 ? now.progress() : INDETERMINATE);
            if (!stopping.get()) status.set(now.message());
        }, end -> finish(end, out), message -> {
            running.set(false);
            status.set("");
            error.set(message);
        }, "scan").whenComplete((end, failure) -> {
            if (failure != null) out.completeExceptionally(failure);
        });
        return out;
    }

    /** "; skipped: USDCHF (only bars at 30m: …)", the first three and how many more; empty when none was. */
    static String skippedText(List<ScanResult.Skipped> skipped) {
        if (skipped == null || skipped.isEmpty()) return "";
        List<String> named = skipped.stream().limit(3).map(x -> x.symbol() + " (" + x.reason() + ")").toList();
        return "; skipped: " + String.join(", ", named) + (skipped.size() > 3 ? " and " + (skipped.size() - 3) + " more" : "");
    }

    /**
     * "; data warning: KO (bad tick; its row's tooltip names it)", the first three ranked rows whose closes hold a bad tick
     * and how many more; empty when none does. Such a row is ranked, and its rank may come from the tick.
     */
    static String warnedText(List<ScanRow> rows) {
        List<String> warned = rows.stream().filter(r -> r.dataWarning() != null).map(ScanRow::symbol).toList();
        if (warned.isEmpty()) return "";
        return "; data warning: " + String.join(", ", warned.subList(0, Math.min(3, warned.size())))
                + (warned.size() > 3 ? " and " + (warned.size() - 3) + " more" : "") + " (a bad tick in its closes; the row's tooltip names it)";
    }

    /**
     * "; own week: TASI (the row's tooltip says what its horizon counted)", the first three ranked rows whose horizon counted
     * days of another week than business days, or whose week changed ({@link ScanRow#weekNote}); empty when none.
     */
    static String weekText(List<ScanRow> rows) {
        List<String> own = rows.stream().filter(r -> r.weekNote() != null).map(ScanRow::symbol).toList();
        if (own.isEmpty()) return "";
        return "; own week: " + String.join(", ", own.subList(0, Math.min(3, own.size())))
                + (own.size() > 3 ? " and " + (own.size() - 3) + " more" : "") + " (the row's tooltip says what its horizon counted)";
    }

    /** Shows how the scan job ended: its ranked rows, or why there are none. */
    void finish(JobStatus end, CompletableFuture<List<ScanRow>> out) {
        running.set(false);
        stopping.set(false);
        if (end.state() != JobState.SUCCEEDED) progress.set(0);
        jobId = null;
        if (end.state() == JobState.SUCCEEDED && !(end.result() instanceof ScanResult)) {
            // the registry holds whole results for its newest jobs only (Jobs): hundreds of jobs ended since this one
            status.set("scan done; its ranking is no longer held in memory: job " + end.id() + "'s record has it (job_status)");
            out.complete(List.of());
        } else if (end.state() == JobState.SUCCEEDED) {
            ScanResult m = (ScanResult) end.result();
            List<ScanRow> result = m.rows();
            rows.setAll(result);
            progress.set(1);
            status.set(String.format(java.util.Locale.ROOT, "%d of %s symbols ranked by %s reward/risk at %.0f%% (%s, %d days of each symbol's week)",
                    result.size(), m.scanned(), m.calibration(), 100 * m.level(), m.model(), m.horizon()) + warnedText(result) + weekText(result)
                    + skippedText(m.skipped()));
            out.complete(result);
        } else if (end.state() == JobState.CANCELLED) {
            status.set("scan cancelled");
            out.complete(null);
        } else {
            status.set("scan " + end.state().name().toLowerCase(java.util.Locale.ROOT));
            error.set(end.explained());
            out.completeExceptionally(new IllegalStateException(String.valueOf(end.explained())));
        }
    }

    /** Asks the running scan job to stop (it stops before its next symbol). */
    public void cancel() {
        String id = jobId;
        if (id == null || stopping.get()) return;
        // the job stops before its next symbol; a slow model may first finish the fit it is in: say so at once
        stopping.set(true);
        status.set("stopping… (the model stops at its next optimiser step)");
        // the job's own status shows the outcome; a refused cancel (the job just ended) has nothing to add
        if (id != null) calls.run(() -> engine.jobs().cancel(id), s -> { }, message -> { }, "cancel the scan");
    }

    public List<String> models() { return engine.listForecastModels(); }
    public StringProperty modelProperty() { return model; }
    public ObjectProperty<Integer> levelProperty() { return level; }
    public StringProperty minRewardRiskProperty() { return minRewardRisk; }
    public ObjectProperty<Integer> topProperty() { return top; }
    public ObjectProperty<Integer> minHistoryProperty() { return minHistory; }
    /** The ranked rows of the last finished scan, best first. */
    public ObservableList<ScanRow> rows() { return rows; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }
    public javafx.beans.property.ReadOnlyBooleanProperty stoppingProperty() { return stopping.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    @Override
    public void close() {
        cancel();
        calls.close();
    }
}
