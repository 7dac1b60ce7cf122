package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.SymbolInfo;

/** Naming a symbol from the Data view, on a real store, without a screen. */
class SymbolNamingModelTest {
    @TempDir Path home;
    private Sextant engine;
    @RegisterExtension final BackgroundThread background = new BackgroundThread();
    private SymbolNamingModel model;

    @BeforeEach
    void open() {
        engine = TestStore.open(home);
        model = new SymbolNamingModel(engine, background, Runnable::run);
    }

    @AfterEach
    void close() {
        model.close();
        engine.close();
    }

    private SymbolInfo row(String symbol) {
        return engine.listSymbols(null).stream().filter(i -> i.symbol().equals(symbol)).findFirst().orElseThrow();
    }

    @Test
    void aSelectedRowIsEditedAndSavedAndListSymbolsReportsIt() throws Exception {
        model.select(row("IBM"));
        assertEquals("IBM", model.symbolProperty().get());
        assertEquals(row("IBM").name(), model.nameProperty().get());
        model.nameProperty().set(" Big Blue ");
        model.currencyProperty().set("usd");
        model.exchangeProperty().set("NYSE");
        SymbolInfo saved = model.save().get();
        assertEquals("Big Blue", saved.name());
        assertEquals("USD", model.currencyProperty().get(), "the fields show what was stored");
        assertEquals("Big Blue", row("IBM").name());
        assertEquals("IBM saved: Big Blue · USD · NYSE", model.messageProperty().get());
        assertNull(model.errorProperty().get());
    }

    @Test
    void aBadCurrencyIsRefusedNamingTheFieldAndNothingIsWritten() throws Exception {
        String before = row("KO").name();
        model.select(row("KO"));
        model.nameProperty().set("Coke");
        model.currencyProperty().set("dollars");
        assertNull(model.save().get());
        String error = model.errorProperty().get();
        assertTrue(error.contains("Where: the currency") && error.contains("three-letter code"), error);
        assertEquals(before, row("KO").name());
    }

    @Test
    void withoutASelectionSaveSaysWhatToDo() throws Exception {
        assertNull(model.save().get());
        assertTrue(model.errorProperty().get().startsWith("Select a symbol"));
    }
}
