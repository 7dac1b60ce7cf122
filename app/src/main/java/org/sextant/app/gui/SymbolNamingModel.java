package org.sextant.app.gui;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.SymbolDescription;
import org.sextant.engine.data.SymbolInfo;

/**
 * Naming an imported symbol in the Data view, without a screen: the symbol picked in the table,
 * its name, currency and exchange as edited, and Save, which stores them (list_symbols, the
 * symbol lists and the chart's heading show them from then on). A bad field is refused before
 * anything is written, naming the field and the fix.
 */
public final class SymbolNamingModel implements AutoCloseable {
    private final Sextant engine;
    private final EngineCalls calls;
    private final ReadOnlyStringWrapper symbol = new ReadOnlyStringWrapper(this, "symbol");
    private final StringProperty name = new SimpleStringProperty(this, "name", "");
    private final StringProperty currency = new SimpleStringProperty(this, "currency", "");
    private final StringProperty exchange = new SimpleStringProperty(this, "exchange", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");
    private final ReadOnlyStringWrapper unnamable = new ReadOnlyStringWrapper(this, "unnamable");

    // duplicates: every ViewModel's pair of constructors (the app's, and the tests' with their executors), alike by nature
    public SymbolNamingModel(Sextant engine) {
        this(engine, null, Platform::runLater);
    }

    /** @param background engine calls (null: a daemon thread owned by this model); @param ui applies results */
    public SymbolNamingModel(Sextant engine, Executor background, Executor ui) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.calls = new EngineCalls(background, ui, "sextant-gui-naming");
    }

    /** Puts {@code info} (a row of the symbols table with daily prices; null: none) into the fields. */
    public void select(SymbolInfo info) {
        select(info, java.util.List.of());
    }

    /**
     * As {@link #select(SymbolInfo)}, for a symbol with bars only at {@code barsOnly} (empty: it has
     * daily prices): names are kept for symbols with daily prices, so it cannot be named, and
     * {@link #unnamableProperty()} says why before a Save is tried.
     */
    public void select(SymbolInfo info, java.util.List<String> barsOnly) {
        unnamable.set(info == null ? null : unnamable(barsOnly));
        symbol.set(info == null ? null : info.symbol());
        name.set(info == null || info.name() == null ? "" : info.name());
        currency.set(info == null || info.currency() == null ? "" : info.currency());
        exchange.set(info == null || info.exchange() == null ? "" : info.exchange());
        message.set("");
        error.set(null);
    }

    /**
     * After the symbols were listed again: {@code ticker}, if it is the one selected, now has bars only
     * at {@code barsOnly} (empty: it has daily prices), as when its daily prices were deleted; what was typed stays.
     */
    public void listed(String ticker, java.util.List<String> barsOnly) {
        if (ticker.equals(symbol.get())) unnamable.set(unnamable(barsOnly));
    }

    private static String unnamable(java.util.List<String> barsOnly) {
        return barsOnly.isEmpty() ? null : "Bars only (" + String.join(", ", barsOnly) + "): names are kept for symbols with daily prices";
    }

    /**
     * Stores the fields for the selected symbol; completes with its row as now listed (null when
     * refused or failed: the reason is in {@link #errorProperty()}).
     */
    public CompletableFuture<SymbolInfo> save() {
        String s = symbol.get();
        if (s == null) {
            error.set("Select a symbol in the table first");
            return CompletableFuture.completedFuture(null);
        }
        if (unnamable.get() != null) {
            error.set(unnamable.get() + "; import its daily prices to name it");
            return CompletableFuture.completedFuture(null);
        }
        SymbolDescription d;
        try {
            d = SymbolDescription.of(name.get(), currency.get(), exchange.get());
        } catch (SextantException e) {
            error.set(DataViewModel.explain(e));
            return CompletableFuture.completedFuture(null);
        }
        error.set(null);
        message.set("Saving…");
        CompletableFuture<SymbolInfo> out = new CompletableFuture<>();
        calls.run(() -> engine.describeSymbol(s, d), info -> {
            if (info.symbol().equals(symbol.get())) select(info); // the stored form (trimmed, USD in capitals)
            message.set(info.symbol() + " saved: " + (SymbolText.parts(info).isEmpty() ? "no name" : SymbolText.parts(info)));
            out.complete(info);
        }, problem -> {
            message.set("");
            error.set(problem);
            out.complete(null);
        }, "name " + s);
        return out;
    }

    /** The ticker being named (null: none selected). */
    public ReadOnlyStringProperty symbolProperty() { return symbol.getReadOnlyProperty(); }
    public StringProperty nameProperty() { return name; }
    public StringProperty currencyProperty() { return currency; }
    public StringProperty exchangeProperty() { return exchange; }
    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }
    /** Why the selected symbol cannot be named (it has bars only); null when it can. */
    public ReadOnlyStringProperty unnamableProperty() { return unnamable.getReadOnlyProperty(); }
    /** Why the last save was refused or failed (what, where, fix); null otherwise. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    @Override
    public void close() {
        calls.close();
    }
}
