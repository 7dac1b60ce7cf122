package org.sextant.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;

/** The sweep's default split, resolved before Spark runs: symbols without a common range get the app's words (ResearchService), not a copy. */
class SweepSplitTest {
    private static TreeMap<LocalDate, double[]> closes(LocalDate first, int days) {
        TreeMap<LocalDate, double[]> t = new TreeMap<>();
        for (int i = 0; i < days; i++) t.put(first.plusDays(i), new double[] {1, 1, 1, 1});
        return t;
    }

    @Test
    void symbolsThatShareNoRangeAreRefusedNamingTheirSymbolsAndTheRange() {
        Map<String, TreeMap<LocalDate, double[]>> prices = new LinkedHashMap<>();
        prices.put("AA", closes(LocalDate.of(2000, 1, 3), 10));
        prices.put("IBM", closes(LocalDate.of(2001, 1, 2), 10));
        SextantException e = assertThrows(SextantException.class,
                () -> StrategySweepJob.defaultOutOfSampleStart(prices, new SweepArguments("{}", List.of("AA", "IBM"), null, null, null)));
        assertEquals("symbols", e.field());
        assertEquals("the symbols [AA, IBM] share no date range of two days or more (2001-01-02 to 2000-01-12)", e.getMessage());
        assertEquals("pick symbols with overlapping history", e.fix());
    }

    @Test
    void overlappingSymbolsAreSplitSeventyPercentIntoTheirCommonRange() {
        Map<String, TreeMap<LocalDate, double[]>> prices = new LinkedHashMap<>();
        prices.put("AA", closes(LocalDate.of(2000, 1, 1), 200));
        prices.put("IBM", closes(LocalDate.of(2000, 1, 11), 200));
        prices.put("KO", new TreeMap<>()); // no prices in range: left out, as plan() leaves it out
        assertEquals(LocalDate.of(2000, 1, 11).plusDays(132), // 70% of the 189 days 2000-01-11..2000-07-18
                StrategySweepJob.defaultOutOfSampleStart(prices, new SweepArguments("{}", List.of("AA", "IBM", "KO"), null, null, null)));
    }
}
