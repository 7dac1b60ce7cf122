package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sextant.charts.IndicatorSeries;
import org.sextant.charts.PriceBars;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.research.graph.NodeCatalogue;
import org.sextant.engine.research.indicator.BollingerBands;
import org.sextant.engine.research.indicator.Macd;
import org.sextant.engine.research.indicator.Rsi;
import org.sextant.engine.research.indicator.TrueRange;
import org.sextant.engine.testing.TempSextant;

/** The chart's indicators without a screen: the engine's values on a sample symbol, and refused parameters. */
class ChartIndicatorsViewModelTest {
    @TempSextant private static Sextant engine; // read only: one sample store for the class
    private final ChartIndicatorsViewModel model = new ChartIndicatorsViewModel();
    private PriceBars ibm;

    @BeforeEach
    void showIbm() {
        ibm = bars("IBM");
        model.showBars(ibm);
    }

    private PriceBars bars(String symbol) {
        PriceSeries s = engine.getClosePrice(symbol, null, null);
        return ChartInputs.bars(s, engine.bars(symbol, null, null));
    }

    @Test
    void theEditorOffersEveryIndicatorOfTheCatalogueWithItsDeclaredDefaultsAndBounds() {
        List<String> indicators = NodeCatalogue.all().stream().filter(t -> t.category().equals("indicator")).map(t -> t.name()).toList();
        assertEquals(indicators, model.catalogue().stream().map(ChartIndicatorsViewModel.Choice::type).toList());
        ChartIndicatorsViewModel.Param length = model.choice("rsi").params().get(0);
        assertEquals("length", length.name());
        assertEquals("14", length.defaultText());
        assertEquals("a whole number from 1 to 5000", length.bounds());
        assertTrue(model.choice("bollinger").params().stream().noneMatch(p -> p.name().equals("output")), "the chart draws every line: no output choice");
    }

    @Test
    void rsiBollingerAndMacdEqualTheEnginesIndicatorCode() {
        assertTrue(model.add("rsi", Map.of()), model.errorProperty().get());
        assertTrue(model.add("bollinger", Map.of("length", "10", "k", "2.5")), model.errorProperty().get());
        assertTrue(model.add("macd", Map.of("fast", "8", "slow", "21", "signal", "5")), model.errorProperty().get());
        List<IndicatorSeries> drawn = model.drawn();
        assertEquals(List.of("RSI(14)", "Bollinger(10, 2.5)", "MACD(8, 21, 5)"), drawn.stream().map(IndicatorSeries::label).toList());

        IndicatorSeries rsi = drawn.get(0);
        assertFalse(rsi.onPrice(), "RSI has a pane of its own");
        assertEquals(ibm.dates(), rsi.dates());
        assertArrayEquals(Rsi.of(ibm.close(), 14), rsi.lines().get(0).values());
        assertTrue(Double.isNaN(rsi.lines().get(0).values()[13]) && !Double.isNaN(rsi.lines().get(0).values()[14]), "defined from the 15th close");

        IndicatorSeries bands = drawn.get(1);
        assertTrue(bands.onPrice(), "Bollinger bands are drawn over the prices");
        BollingerBands expected = BollingerBands.of(ibm.close(), 10, 2.5);
        assertEquals(List.of("lower", "middle", "upper"), bands.lines().stream().map(IndicatorSeries.Line::name).toList());
        assertArrayEquals(expected.lower(), bands.lines().get(0).values());
        assertArrayEquals(expected.middle(), bands.lines().get(1).values());
        assertArrayEquals(expected.upper(), bands.lines().get(2).values());

        Macd macd = Macd.of(ibm.close(), 8, 21, 5, false);
        IndicatorSeries m = drawn.get(2);
        assertArrayEquals(macd.macd(), m.lines().get(0).values());
        assertArrayEquals(macd.signal(), m.lines().get(1).values());
        assertArrayEquals(macd.histogram(), m.lines().get(2).values());
    }

    @Test
    void editingAParameterRecomputesAndANewSeriesRecomputesEveryIndicator() {
        assertTrue(model.add("rsi", Map.of("length", "14")));
        assertTrue(model.edit(0, Map.of("length", "7")));
        assertEquals("RSI(7)", model.shown().get(0).label());
        assertArrayEquals(Rsi.of(ibm.close(), 7), model.drawn().get(0).lines().get(0).values());

        PriceBars ko = bars("KO");
        model.showBars(ko);
        assertArrayEquals(Rsi.of(ko.close(), 7), model.drawn().get(0).lines().get(0).values());
        model.remove(0);
        assertEquals(List.of(), model.drawn());
    }

    @Test
    void aValueOutsideTheCataloguesBoundsIsRefusedNamingTheParameterAndTheFix() {
        assertFalse(model.add("rsi", Map.of("length", "0")));
        assertEquals("RSI length is 0, outside its bounds: give a whole number from 1 to 5000", model.errorProperty().get());
        assertFalse(model.add("bollinger", Map.of("k", "11")));
        assertEquals("BOLLINGER k is 11, outside its bounds: give a number from 0 to 10", model.errorProperty().get());
        assertFalse(model.add("sma", Map.of("length", "2.5")));
        assertTrue(model.errorProperty().get().startsWith("SMA length must be a whole number"), model.errorProperty().get());
        assertFalse(model.add("ema", Map.of("length", "ten")));
        assertEquals("EMA length 'ten' is not a number: give a whole number from 1 to 5000", model.errorProperty().get());
        assertFalse(model.add("sma", Map.of()));
        assertEquals("SMA length is required: give a whole number from 1 to 5000", model.errorProperty().get());
        assertFalse(model.add("macd", Map.of("fast", "30", "slow", "26")));
        assertEquals("MACD fast (30) must be shorter than slow (26): lower fast or raise slow", model.errorProperty().get());
        assertEquals(List.of(), model.shown(), "nothing refused is drawn");

        assertTrue(model.add("rsi", Map.of("length", "14")));
        assertEquals("", model.errorProperty().get(), "a change that works clears the reason");
        assertFalse(model.edit(0, Map.of("length", "5001")));
        assertEquals("RSI(14)", model.shown().get(0).label(), "a refused edit keeps the indicator as it was");
    }

    @Test
    void atrNeedsHighsAndLowsAndUsesTheEnginesTrueRange() {
        assertFalse(model.add("atr", Map.of()), "IBM has closes only in the sample");
        assertTrue(model.errorProperty().get().startsWith("ATR needs each day's high and low"), model.errorProperty().get());
        PriceBars msft = bars("MSFT.OHLCV");
        model.showBars(msft);
        assertTrue(model.add("atr", Map.of("length", "10")), model.errorProperty().get());
        assertArrayEquals(TrueRange.atr(msft.high(), msft.low(), msft.close(), 10), model.drawn().get(0).lines().get(0).values());
    }
}
