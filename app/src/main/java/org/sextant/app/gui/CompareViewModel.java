package org.sextant.app.gui;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.sextant.charts.ComparedLine;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceSeries;

/**
 * Several symbols on one chart, testable without a screen: which symbols are compared, the base
 * date (chosen, or by default the first day every compared symbol has a close: the first day the
 * chart shows) and each symbol's closes rebased to 100 there. A symbol's reference close is its
 * last close on or before the base (a base on a holiday takes the day before); a symbol listed
 * only after the base is rebased at its first close. Closes are read on a background thread;
 * everything else happens on the ui executor.
 */
public final class CompareViewModel implements AutoCloseable {
    /** More lines than this are hard to tell apart on one chart. */
    public static final int MAX_SYMBOLS = 7;

    private final Sextant engine;
    private final EngineCalls calls;
    private final Map<String, PriceSeries> loaded = new LinkedHashMap<>();
    private final ObservableList<ComparedLine> lines = FXCollections.observableArrayList();
    private final ObservableList<ComparedLine> readOnlyLines = FXCollections.unmodifiableObservableList(lines);
    private final ReadOnlyObjectWrapper<LocalDate> base = new ReadOnlyObjectWrapper<>(this, "base");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private LocalDate chosenBase;

    /** For the app: reads on a daemon thread, results on the JavaFX thread. */
    public CompareViewModel(Sextant engine) {
        this(engine, null, Platform::runLater);
    }

    public CompareViewModel(Sextant engine, Executor background, Executor ui) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.calls = new EngineCalls(background, ui, "sextant-gui-compare");
    }

    /**
     * Adds {@code typed} (a ticker, any case) to the comparison once its closes are read. Refused
     * with a sentence in {@link #errorProperty()} when blank, already compared, beyond
     * {@link #MAX_SYMBOLS} or not in the store. Completes once applied (null when refused).
     */
    public CompletableFuture<PriceSeries> add(String typed) {
        String symbol = typed == null ? "" : typed.strip().toUpperCase(Locale.ROOT);
        String refused = symbol.isEmpty() ? "Compare: type or pick a symbol to add"
                : loaded.containsKey(symbol) ? "Compare: " + symbol + " is already on the chart"
                : loaded.size() >= MAX_SYMBOLS ? "Compare: at most " + MAX_SYMBOLS + " symbols on one chart; remove one first" : null;
        if (refused != null) {
            error.set(refused);
            return CompletableFuture.completedFuture(null);
        }
        return calls.run(() -> dailyCloses(symbol), s -> {
            if (s.size() == 0) {
                error.set("Compare: " + symbol + " has no closes in the store; import or gather its prices first");
                return;
            }
            loaded.put(symbol, s);
            error.set("");
            rebaseAll();
        }, error::set, "read the closes of '" + symbol + "'");
    }

    /**
     * The daily closes of {@code symbol}; a symbol with bars only (USD/CHF in 30-minute bars) gives
     * those of its daily bars, resampled along its session, so it compares with daily series.
     */
    private PriceSeries dailyCloses(String symbol) {
        if (org.sextant.engine.data.BarReader.barsOnlyFinest(engine.storedIntervals(symbol)) == null) return engine.getClosePrice(symbol, null, null);
        org.sextant.engine.data.BarSeries days = engine.getBars(symbol, "1d", null, null);
        java.util.List<LocalDate> dates = days.bars().stream().map(org.sextant.engine.data.IntervalBar::date).toList();
        double[] close = days.bars().stream().mapToDouble(org.sextant.engine.data.IntervalBar::close).toArray();
        return new PriceSeries(days.symbol(), null, null, dates, close, close);
    }

    /** Takes {@code symbol} off the chart (the base stays if it was chosen). */
    public void remove(String symbol) {
        if (loaded.remove(symbol) != null) rebaseAll();
    }

    /** Rebases every symbol at {@code day}; null goes back to the default (the first day they all have). */
    public void setBase(LocalDate day) {
        chosenBase = day;
        rebaseAll();
    }

    private void rebaseAll() {
        LocalDate at = chosenBase != null ? chosenBase : firstSharedDay(loaded.values());
        List<ComparedLine> out = new ArrayList<>();
        for (PriceSeries s : loaded.values()) out.add(new ComparedLine(s.symbol(), s.dates(), rebase(s.dates(), s.close(), at)));
        base.set(loaded.isEmpty() ? null : at);
        lines.setAll(out);
    }

    /** The first day every series has (the latest first day); null without a series. */
    static LocalDate firstSharedDay(Collection<PriceSeries> series) {
        LocalDate out = null;
        for (PriceSeries s : series) {
            if (s.size() > 0 && (out == null || s.dates().get(0).isAfter(out))) out = s.dates().get(0);
        }
        return out;
    }

    /**
     * {@code close} as 100 × close / reference close, the reference being the last finite close on
     * or before {@code base} (the first finite close when there is none before it).
     */
    static double[] rebase(List<LocalDate> dates, double[] close, LocalDate base) {
        int ref = referenceIndex(dates, close, base);
        double[] out = new double[close.length];
        for (int i = 0; i < out.length; i++) out[i] = ref < 0 ? Double.NaN : 100 * close[i] / close[ref];
        return out;
    }

    static int referenceIndex(List<LocalDate> dates, double[] close, LocalDate base) {
        int ref = -1;
        for (int i = 0; i < close.length && (base == null || !dates.get(i).isAfter(base)); i++) {
            if (Double.isFinite(close[i]) && close[i] != 0) ref = i;
        }
        if (ref >= 0) return ref;
        for (int i = 0; i < close.length; i++) if (Double.isFinite(close[i]) && close[i] != 0) return i;
        return -1;
    }

    /** The compared symbols in the order added. */
    public List<String> symbols() {
        return List.copyOf(loaded.keySet());
    }

    /** Each compared symbol's rebased closes, what the chart draws. */
    public ObservableList<ComparedLine> lines() {
        return readOnlyLines;
    }

    /** The day every line is 100 (null while nothing is compared). */
    public ReadOnlyObjectProperty<LocalDate> baseProperty() {
        return base.getReadOnlyProperty();
    }

    /** Why the last add was refused; empty after one that worked. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    @Override
    public void close() {
        calls.close();
    }
}
