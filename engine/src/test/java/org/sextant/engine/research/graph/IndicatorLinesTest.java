package org.sextant.engine.research.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.research.ResearchData;
import org.sextant.engine.research.indicator.BollingerBands;
import org.sextant.engine.research.indicator.Macd;

/** What a chart draws and what a graph node gives are one computation: every line at once, the node picking one. */
class IndicatorLinesTest {
    private final Map<String, double[]> msft = ResearchData.columns("msft_indicators.csv");
    private final double[] close = msft.get("close");

    @Test
    void everyCatalogueIndicatorComputesWithItsDefaultsAndANodePicksItsOutputLine() {
        for (NodeType t : IndicatorLines.catalogue()) {
            Map<String, String> given = t.name().equals("sma") || t.name().equals("ema") ? Map.of("length", "20") : Map.of();
            Map<String, Object> p = IndicatorLines.parameters(t, given);
            Map<String, double[]> lines = IndicatorLines.compute(t.name(), p, close, msft.get("high"), msft.get("low"));
            assertArrayEquals(lines.values().iterator().next(), IndicatorLines.line(t.name(), p, close, msft.get("high"), msft.get("low")), t.name());
        }
        Map<String, Object> bands = new java.util.HashMap<>(IndicatorLines.parameters(NodeCatalogue.find("bollinger"), Map.of("k", "1.5")));
        bands.put(IndicatorLines.OUTPUT, "upper");
        assertArrayEquals(BollingerBands.of(close, 20, 1.5).upper(), IndicatorLines.line("bollinger", bands, close, null, null));
        Map<String, Object> macd = new java.util.HashMap<>(IndicatorLines.parameters(NodeCatalogue.find("macd"), Map.of()));
        macd.put(IndicatorLines.OUTPUT, "histogram");
        assertArrayEquals(Macd.standard(close).histogram(), IndicatorLines.line("macd", macd, close, null, null));
    }

    @Test
    void theOutputChoiceIsNotAChartParameterAndUnknownOnesAreNamed() {
        NodeType bollinger = NodeCatalogue.find("bollinger");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IndicatorLines.parameters(bollinger, Map.of("output", "upper")));
        assertEquals("BOLLINGER has no parameter 'output'; use length, k", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> IndicatorLines.parameters(NodeCatalogue.find("macd"), Map.of("percent", "yes")));
        assertEquals("MACD percent must be true or false, got 'yes': write true or false", e.getMessage());
    }
}
