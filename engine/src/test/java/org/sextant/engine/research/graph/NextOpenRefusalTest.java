package org.sextant.engine.research.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.sweep.Universe;

/** A strategy filling at the next open over symbols some of which lack opens: the refusal names those symbols. */
class NextOpenRefusalTest {
    @Test
    void nextOpenFillsOverASymbolWithoutOpensNameIt() {
        List<Map<LocalDate, double[]>> rows = new ArrayList<>();
        for (int a = 0; a < 3; a++) {
            Map<LocalDate, double[]> r = new TreeMap<>();
            for (int t = 0; t < 300; t++) {
                double close = 100 + a + Math.sin(t / 7.0);
                // B has no open on one day (a close-only file imported over it), C none at all
                double open = a == 2 || a == 1 && t == 150 ? Double.NaN : close;
                r.put(LocalDate.of(2020, 1, 1).plusDays(t), new double[] {open, close + 1, close - 1, close});
            }
            rows.add(r);
        }
        Universe u = Universe.onCommonDates(List.of("A", "B", "C"), rows);
        ComposedGraph g = GraphComposer.compose(GraphComposerTest.SMA.replace("next_close", "next_open")).requireOk();
        SextantException e = assertThrows(SextantException.class, () -> new GraphSweep(g, u));
        assertEquals("nodes.run.params.fill", e.field());
        assertEquals("next_open fills need opening prices, which B and C do not have on every bar in range", e.getMessage());
    }
}
