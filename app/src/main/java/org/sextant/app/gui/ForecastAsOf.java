package org.sextant.app.gui;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.ForecastService.SymbolForecast;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.RealisedCloses;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import tools.jackson.core.type.TypeReference;

/**
 * The Charts view's "As of" day: the symbol's forecast as of a past day, from the job start_forecast runs with
 * {@code as_of} (stored under its own start: the latest forecast stays), drawn instead of the latest one, and a line
 * saying how many of the closes that followed each band held. No day: the latest forecast.
 */
final class ForecastAsOf {
    private final Sextant engine;
    private final EngineCalls calls;
    private final ObjectProperty<LocalDate> day = new SimpleObjectProperty<>(this, "day");
    private final ReadOnlyStringWrapper line = new ReadOnlyStringWrapper(this, "line", "");
    private final ReadOnlyBooleanWrapper refused = new ReadOnlyBooleanWrapper(this, "refused");
    private final ReadOnlyBooleanWrapper waiting = new ReadOnlyBooleanWrapper(this, "waiting");
    /** What the newest request makes ("forecast 'IBM' as of 2000-06-30"), for the line once its wait is given up; on the ui executor only. */
    private String asked;
    /** The job of the newest request while it runs (null: none, or its id not read yet); on the ui executor only. */
    private String running;
    /** The newest request's job, followed until it ends (or its start fails): the next one starts after it. */
    private CompletableFuture<?> lastJob = CompletableFuture.completedFuture(null);

    ForecastAsOf(Sextant engine, EngineCalls calls) {
        this.engine = engine;
        this.calls = calls;
    }

    /**
     * Runs the forecast of {@code symbol} as of {@code at} as a background job and follows it, its progress in
     * {@link #lineProperty()}; once it ends, unless a newer request of {@code purpose} came, {@code apply} gets the
     * symbol's answer and the line says how the closes after the start fell in its bands ({@code adjusted}: on the
     * adjusted closes the chart draws). The job of an earlier request still running is cancelled, as the Jobs view
     * cancels one, and this one starts once it has ended (the store has one writing job at a time): days clicked
     * through start no job but the newest's. While a writing job started elsewhere (a backtest, the Jobs view, an agent)
     * holds the writer (or the symbol's prices are being deleted), the line says this one waits for it and it starts once
     * that one ended; {@link #stopWaiting} or the wait's bound gives the day up. Completes with the forecast (null when
     * superseded or given up), exceptionally with the engine's refusal (said in the line). Call on the ui executor.
     */
    CompletableFuture<PriceForecast> load(String symbol, String model, Integer horizon, LocalDate at, boolean adjusted, EngineCalls.Latest purpose,
                                          Consumer<SymbolForecast> apply) {
        cancelRunning();
        long ticket = purpose.take();
        String what = "forecast '" + symbol + "' as of " + at;
        asked = what;
        say("forecasting " + symbol + " as of " + at, false);
        CompletableFuture<PriceForecast> out = new CompletableFuture<>();
        java.util.concurrent.atomic.AtomicBoolean cancelAsked = new java.util.concurrent.atomic.AtomicBoolean();
        // after the job before has ended (it completes on the ui executor), and only while this request is the newest
        CompletableFuture<JobStatus> job = lastJob.handle((ended, failure) -> null).thenCompose(ignored -> !purpose.isNewest(ticket)
                ? CompletableFuture.<JobStatus>completedFuture(null)
                : calls.followJob(() -> engine.startForecast(List.of(symbol), model, horizon, false, at), engine.jobs()::status, EngineCalls.JOB_POLL_MILLIS,
                // a writing job started elsewhere (or the backtest): this one waits for it; another day, no day or another symbol gives it up
                new EngineCalls.WriterWait(() -> purpose.isNewest(ticket), waits -> {
                    say("The " + what + " " + waits, false);
                    waiting.set(true);
                }, outwaited -> giveUp("The " + what + " " + outwaited + "; type the day again to wait again", true)),
                now -> {
                    if (!purpose.isNewest(ticket)) {
                        // superseded before its id was read here, or by another purpose's request (the latest forecast, bars)
                        if (now.state().active() && !cancelAsked.getAndSet(true)) cancel(now.id());
                        return;
                    }
                    running = now.state().active() ? now.id() : null;
                    say(String.format(Locale.ROOT, "%s as of %s %.0f%%", now.message(), at, 100 * now.progress()), false);
                },
                end -> {
                    if (!purpose.isNewest(ticket)) {
                        out.complete(null);
                    } else if (end.state() != JobState.SUCCEEDED) {
                        String why = "Could not " + what + ": the job " + end.state().name().toLowerCase(Locale.ROOT)
                                + (end.explained() == null ? "" : ": " + end.explained());
                        say(why, true);
                        out.completeExceptionally(new IllegalStateException(why));
                    } else {
                        SymbolForecast f = answer(end);
                        apply.accept(f);
                        say(summary(at, f.forecast(), f.realised(), adjusted), false);
                        out.complete(f.forecast());
                    }
                },
                message -> {
                    if (purpose.isNewest(ticket)) say(message, true);
                }, what));
        lastJob = job;
        job.whenComplete((end, failure) -> {
            if (failure != null) out.completeExceptionally(failure);
            else if (end == null) out.complete(null); // superseded before it started: never started
        });
        return out;
    }

    /**
     * Cancels the job of the newest request while it runs (another day, the latest forecast or another symbol comes
     * instead); its end is then dropped. Call on the ui executor.
     */
    void cancelRunning() {
        if (running != null) cancel(running);
        running = null;
    }

    /**
     * Stop waiting: the day waiting for the store's writer is given up, as Latest gives it up (the field emptied, the
     * latest forecast drawn), the line saying which forecast was not made. Nothing while no day waits. Call on the ui executor.
     */
    void stopWaiting() {
        if (waiting.get()) giveUp("Stopped waiting: the " + asked + " was not made", false);
    }

    /** No day: the latest forecast comes (the day's listener), then {@code why} is said in the line. */
    private void giveUp(String why, boolean refusal) {
        day.set(null);
        say(why, refusal);
    }

    /** Asks the engine to stop the job (JobsViewModel's cancel); a job that ended meanwhile stays as it ended. */
    private void cancel(String id) {
        calls.cancelJob(engine.jobs(), id);
    }

    /** The one symbol's answer in a succeeded job's result (in memory, or read back from its record as JSON). */
    private static SymbolForecast answer(JobStatus end) {
        LinkedHashMap<String, SymbolForecast> bySymbol = Json.MAPPER.convertValue(end.result(), new TypeReference<LinkedHashMap<String, SymbolForecast>>() {});
        return bySymbol.values().iterator().next();
    }

    /**
     * "as of 2000-06-30: 80% band held 4 of 5, 95% 5 of 5, 99% 5 of 5", the start named when the week-aligned start is
     * another day, "on adjusted closes" when the counted (and drawn) closes are the stored adjusted ones, the steps
     * without a stored close yet named after the counts.
     */
    static String summary(LocalDate at, PriceForecast f, RealisedCloses r, boolean adjusted) {
        StringBuilder out = new StringBuilder("as of ").append(at);
        if (!at.equals(f.origin())) out.append(" (from ").append(f.origin()).append(')');
        if (adjusted) out.append(", on adjusted closes");
        if (r == null || r.stepsRealised() == 0) return out.append(": no close stored after the start yet").toString();
        List<String> held = new java.util.ArrayList<>();
        for (RealisedCloses.LevelCount c : r.inside()) {
            held.add(String.format(Locale.ROOT, "%.0f%% %s%d of %d", 100 * c.level(), held.isEmpty() ? "band held " : "", c.inside(), c.realised()));
        }
        out.append(": ").append(String.join(", ", held));
        int horizon = r.stepsRealised() + r.stepsPending();
        if (r.stepsPending() == 1) out.append("; step ").append(horizon).append(" has no stored close yet");
        else if (r.stepsPending() > 1) out.append("; steps ").append(r.stepsRealised() + 1).append("..").append(horizon).append(" have no stored close yet");
        return out.toString();
    }

    /** On a chart of bars by index: the day applies to daily closes, the bars show their latest forecast. */
    void barsShown(String interval) {
        say(day.get() == null ? "" : "As of forecasts daily closes: the " + interval + " bars show their latest forecast", false);
    }

    /** The latest forecast is shown (no day): nothing to say. */
    void latestShown() {
        say("", false);
    }

    private void say(String text, boolean refusal) {
        line.set(text);
        refused.set(refusal);
        waiting.set(false);
    }

    /** The day the forecast is made as of; null: the latest forecast. Set on the ui executor. */
    ObjectProperty<LocalDate> dayProperty() { return day; }

    /** The past forecast's progress, how its bands held the closes that followed, or the engine's refusal; empty for the latest. */
    ReadOnlyStringProperty lineProperty() { return line.getReadOnlyProperty(); }

    /** Whether the line says the day waits for the store's writer (another job, a deletion): {@link #stopWaiting} then gives it up. */
    ReadOnlyBooleanProperty waitingProperty() { return waiting.getReadOnlyProperty(); }

    /** Whether {@link #lineProperty()} is a refusal (a day outside the symbol's closes, a failed job). */
    ReadOnlyBooleanProperty refusedProperty() { return refused.getReadOnlyProperty(); }
}
