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

    // duplicates: every ViewModel's pair of constructors (the app's, and the tests' with their executors), alike by nature
    public SymbolNamingModel(Sextant engine) {
        this(engine, null, Platform::runLater);
    }

    /** @param background engine calls (null: a daemon thread owned by this model); @param ui applies results */
    public SymbolNamingModel(Sextant engine, Executor background, Executor ui) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.calls = new EngineCalls(background, ui, "sextant-gui-naming");
    }

    /** Puts {@code info} (a row of the symbols table, daily prices or bars only; null: none) into the fields. */
    public void select(SymbolInfo info) {
        symbol.set(info == null ? null : info.symbol());
        name.set(info == null || info.name() == null ? "" : info.name());
        currency.set(info == null || info.currency() == null ? "" : info.currency());
        exchange.set(info == null || info.exchange() == null ? "" : info.exchange());
        message.set("");
        error.set(null);
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
    /** Why the last save was refused or failed (what, where, fix); null otherwise. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    @Override
    public void close() {
        calls.close();
    }
}
