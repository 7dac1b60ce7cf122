package org.sextant.app.gui;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.DataSummary;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.data.SymbolInfo;

/**
 * State of the charts view, testable without a screen: the symbol list and its filter, the
 * selected symbol, its loaded series, the data summary and the last error.
 *
 * <p>Every engine call runs on {@code background}; its result is applied on {@code ui} (the
 * JavaFX thread in the app), so the window never waits for the store. When requests overlap
 * (typing in the filter, clicking through symbols) only the newest one's result is applied.
 * A failing engine call never throws into the view: it sets {@link #errorProperty()}.
 */
public final class ChartsViewModel implements AutoCloseable {
    private final Sextant engine;
    private final Executor background;
    private final Executor ui;
    private final ExecutorService ownedBackground;
    private final AtomicBoolean closed = new AtomicBoolean();

    private final ObservableList<SymbolInfo> symbols = FXCollections.observableArrayList();
    private final ObservableList<SymbolInfo> readOnlySymbols = FXCollections.unmodifiableObservableList(symbols);
    private final StringProperty filterText = new SimpleStringProperty(this, "filterText", "");
    private final ReadOnlyStringWrapper selectedSymbol = new ReadOnlyStringWrapper(this, "selectedSymbol");
    private final ReadOnlyObjectWrapper<PriceSeries> series = new ReadOnlyObjectWrapper<>(this, "series");
    private final ReadOnlyObjectWrapper<DataSummary> summary = new ReadOnlyObjectWrapper<>(this, "summary");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");

    private final AtomicLong symbolsRequest = new AtomicLong();
    private final AtomicLong seriesRequest = new AtomicLong();
    private final AtomicLong summaryRequest = new AtomicLong();
    private int inFlight; // touched on the ui executor only

    /** For the app: engine calls on one daemon thread, results on the JavaFX thread. */
    public ChartsViewModel(Sextant engine) {
        this(engine, null, Platform::runLater);
    }

    /**
     * @param background runs engine calls (null: a daemon thread owned and shut down by this model)
     * @param ui applies results; all properties change on it
     */
    public ChartsViewModel(Sextant engine, Executor background, Executor ui) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.ui = Objects.requireNonNull(ui, "ui");
        if (background == null) {
            this.ownedBackground = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "sextant-gui-engine");
                t.setDaemon(true);
                return t;
            });
            this.background = ownedBackground;
        } else {
            this.ownedBackground = null;
            this.background = background;
        }
        filterText.addListener((obs, old, now) -> refreshSymbols());
        engine.onDataChanged(() -> {
            if (!closed.get()) {
                refreshSymbols();
                refreshSummary();
            }
        });
    }

    /** Loads the symbol list and the data summary. */
    public CompletableFuture<Void> start() {
        return CompletableFuture.allOf(refreshSymbols(), refreshSummary());
    }

    /** Reloads the symbols matching the filter text; completes once the list is updated (or the request superseded). */
    public CompletableFuture<List<SymbolInfo>> refreshSymbols() {
        String query = filterText.get();
        return submit(symbolsRequest, () -> engine.listSymbols(query), symbols::setAll, "list the symbols");
    }

    /** Shows {@code symbol}: loads its daily closes and makes them the series on screen. */
    public CompletableFuture<PriceSeries> select(String symbol) {
        selectedSymbol.set(symbol);
        return submit(seriesRequest, () -> engine.closePrices(symbol, null, null), series::set,
                "load the prices of '" + symbol + "'");
    }

    public CompletableFuture<DataSummary> refreshSummary() {
        return submit(summaryRequest, engine::dataSummary, summary::set, "read the data summary");
    }

    /**
     * Runs {@code call} in the background and applies its result on the ui executor unless a newer
     * request of the same kind was made meanwhile. The future completes after the result is applied,
     * exceptionally when the call failed (the error is in {@link #errorProperty()} by then).
     */
    private <T> CompletableFuture<T> submit(AtomicLong requests, Supplier<T> call, Consumer<T> apply, String what) {
        long id = requests.incrementAndGet();
        CompletableFuture<T> done = new CompletableFuture<>();
        ui.execute(() -> setInFlight(+1));
        try {
            background.execute(() -> {
                T result;
                try {
                    result = call.get();
                } catch (RuntimeException e) {
                    ui.execute(() -> {
                        setInFlight(-1);
                        if (requests.get() == id) error.set(describe(what, e));
                        done.completeExceptionally(e);
                    });
                    return;
                }
                ui.execute(() -> {
                    setInFlight(-1);
                    if (requests.get() == id) {
                        apply.accept(result);
                        error.set(null);
                    }
                    done.complete(result);
                });
            });
        } catch (RejectedExecutionException e) {
            ui.execute(() -> {
                setInFlight(-1);
                error.set("the view is closed; reopen the window");
                done.completeExceptionally(e);
            });
        }
        return done;
    }

    private void setInFlight(int delta) {
        inFlight += delta;
        loading.set(inFlight > 0);
    }

    /** One line a person can act on: what failed, why, and the fix when the engine gave one. */
    static String describe(String what, Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof SextantException se) {
            return "Could not " + what + ": " + se.getMessage() + (se.fix() == null ? "" : " (" + se.fix() + ")");
        }
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return "Could not " + what + ": " + message;
    }

    /** Symbols matching the filter, sorted by ticker. Read-only; changes on the ui executor. */
    public ObservableList<SymbolInfo> symbols() {
        return readOnlySymbols;
    }

    /** Text the symbol list is filtered by (ticker or name, case-insensitive). */
    public StringProperty filterTextProperty() {
        return filterText;
    }

    public ReadOnlyStringProperty selectedSymbolProperty() {
        return selectedSymbol.getReadOnlyProperty();
    }

    /** The loaded series of the selected symbol (null until one is loaded). */
    public ReadOnlyObjectProperty<PriceSeries> seriesProperty() {
        return series.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<DataSummary> summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** The last engine failure, as a sentence with its fix; null after the next success. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** True while an engine call is running. */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** The symbol's row in the current list, if listed. */
    public SymbolInfo infoOf(String symbol) {
        for (SymbolInfo s : symbols) {
            if (s.symbol().equals(symbol)) return s;
        }
        return null;
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true) && ownedBackground != null) {
            ownedBackground.shutdownNow();
        }
    }
}
