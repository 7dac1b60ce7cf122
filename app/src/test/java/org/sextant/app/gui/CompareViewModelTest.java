package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sextant.charts.ComparedLine;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.testing.TempSextant;

/** The comparison without a screen: the rebasing arithmetic, and real symbols rebased at the default and a chosen base. */
class CompareViewModelTest {
    private static final LocalDate MON = LocalDate.of(2001, 3, 5);
    private static final List<LocalDate> WEEK = List.of(MON, MON.plusDays(1), MON.plusDays(2), MON.plusDays(3), MON.plusDays(4));

    @TempSextant private static Sextant engine; // read only: one sample store for the class
    private ExecutorService ui;
    private CompareViewModel model;

    @BeforeEach
    void open() {
        ui = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-ui"));
        model = new CompareViewModel(engine, null, ui);
    }

    @AfterEach
    void close() {
        model.close();
        ui.shutdownNow();
    }

    @Test
    void rebasingDividesByTheCloseOnOrBeforeTheBase() {
        double[] close = {50, 40, 80, Double.NaN, 60};
        assertArrayEquals(new double[] {125, 100, 200, Double.NaN, 150}, CompareViewModel.rebase(WEEK, close, MON.plusDays(1)));
        // a base on a day without a close (a NaN, a weekend) takes the last close before it
        assertArrayEquals(new double[] {62.5, 50, 100, Double.NaN, 75}, CompareViewModel.rebase(WEEK, close, MON.plusDays(3)));
        assertArrayEquals(new double[] {100 * 50.0 / 60, 100 * 40.0 / 60, 100 * 80.0 / 60, Double.NaN, 100},
                CompareViewModel.rebase(WEEK, close, MON.plusDays(6)));
        // a base before the first close: the first close is the reference
        assertArrayEquals(new double[] {100, 80, 160, Double.NaN, 120}, CompareViewModel.rebase(WEEK, close, MON.minusDays(30)));
        assertEquals(MON.plusDays(2), CompareViewModel.firstSharedDay(List.of(
                new PriceSeries("A", null, null, WEEK, close, close), new PriceSeries("B", null, null, WEEK.subList(2, 5), new double[] {1, 2, 3}, null))));
    }

    @Test
    void twoSymbolsAreRebasedTo100OnTheirFirstSharedDayThenOnAChosenDay() throws Exception {
        model.add("ibm").get();
        model.add("KO").get();
        assertEquals(List.of("IBM", "KO"), onUi(model::symbols));
        PriceSeries ibm = engine.getClosePrice("IBM", null, null);
        PriceSeries ko = engine.getClosePrice("KO", null, null);
        LocalDate first = ibm.dates().get(0).isAfter(ko.dates().get(0)) ? ibm.dates().get(0) : ko.dates().get(0);
        assertEquals(first, onUi(() -> model.baseProperty().get()));
        List<ComparedLine> lines = onUi(() -> List.copyOf(model.lines()));
        assertRebased(ibm, lines.get(0), first);
        assertRebased(ko, lines.get(1), first);

        LocalDate chosen = LocalDate.of(2000, 1, 3);
        onUi(() -> { model.setBase(chosen); return null; });
        lines = onUi(() -> List.copyOf(model.lines()));
        assertRebased(ibm, lines.get(0), chosen);
        assertRebased(ko, lines.get(1), chosen);
        int last = ibm.size() - 1;
        assertEquals(100 * ibm.close()[last] / ibm.close()[ibm.dates().indexOf(chosen)], lines.get(0).last(), 1e-12, "the legend's last value");

        onUi(() -> { model.remove("IBM"); return null; });
        assertEquals(List.of("KO"), onUi(() -> model.lines().stream().map(ComparedLine::symbol).toList()));
    }

    @Test
    void aSymbolWithBarsOnlyComparesByItsDailyBars() throws Exception {
        model.add("USDCHF").get();
        model.add("IBM").get();
        assertEquals("", onUi(() -> model.errorProperty().get()), "USD/CHF has 30-minute bars only, and compares all the same");
        org.sextant.engine.data.BarSeries days = engine.getBars("USDCHF", "1d", null, null);
        ComparedLine usdChf = onUi(() -> model.lines().get(0));
        assertEquals(days.bars().stream().map(org.sextant.engine.data.IntervalBar::date).toList(), usdChf.dates(), "one point per trading day");
        LocalDate base = onUi(() -> model.baseProperty().get());
        int at = usdChf.dates().indexOf(base);
        int last = days.size() - 1;
        assertEquals(100 * days.bars().get(last).close() / days.bars().get(at).close(), usdChf.last(), 1e-12, "rebased daily closes of the 30-minute bars");
    }

    @Test
    void aSymbolTwiceBlankOrUnknownIsRefusedWithASentence() throws Exception {
        model.add("IBM").get();
        assertNull(model.add("ibm ").get());
        assertEquals("Compare: IBM is already on the chart", onUi(() -> model.errorProperty().get()));
        assertNull(model.add("  ").get());
        assertEquals("Compare: type or pick a symbol to add", onUi(() -> model.errorProperty().get()));
        try {
            model.add("NOSUCH").get();
        } catch (java.util.concurrent.ExecutionException expected) {
            // the engine's refusal, also in the error line
        }
        String error = onUi(() -> model.errorProperty().get());
        assertTrue(error.contains("NOSUCH"), error);
        assertEquals(List.of("IBM"), onUi(model::symbols));
    }

    private static void assertRebased(PriceSeries s, ComparedLine line, LocalDate base) {
        int at = s.dates().indexOf(base);
        assertTrue(at >= 0, base + " is a trading day of " + s.symbol());
        assertEquals(100.0, line.rebased()[at], 1e-12, s.symbol() + " is 100 at the base");
        for (int i = 0; i < s.size(); i += 97) assertEquals(100 * s.close()[i] / s.close()[at], line.rebased()[i], 1e-12);
    }

    private <T> T onUi(java.util.concurrent.Callable<T> read) throws Exception {
        return ui.submit(read).get();
    }
}
