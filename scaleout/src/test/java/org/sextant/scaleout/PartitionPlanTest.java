package org.sextant.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Skew: one 40-year symbol among many 2-year ones starts first and gets a partition of its own. */
class PartitionPlanTest {
    @Test
    void theLongestHistoryStartsFirstAndShortOnesFillTheOtherPartitions() {
        Map<String, Double> w = new LinkedHashMap<>();
        w.put("LONG", 400.0);
        for (int i = 0; i < 200; i++) w.put("S" + i, 2.0);
        PartitionPlan plan = PartitionPlan.of(w, 8);
        assertEquals(8, plan.numPartitions());
        assertEquals(0, plan.getPartition("LONG"), "the heaviest partition is scheduled first");
        assertEquals(1, plan.symbolsPerPartition()[0], "the long symbol is alone in its task");
        double[] loads = plan.loads();
        for (int p = 1; p < loads.length; p++) assertTrue(loads[p] <= loads[p - 1], "partitions by falling load");
        for (int p = 1; p < loads.length; p++) assertTrue(Math.abs(loads[p] - 400.0 / 7) <= 2.0, "the rest is spread evenly: " + loads[p]);
    }

    @Test
    void aPlainHashWouldLeaveOneTaskRunningAlone() {
        Map<String, Double> w = new LinkedHashMap<>();
        for (int i = 0; i < 16; i++) w.put("S" + i, i < 4 ? 100.0 : 1.0);
        PartitionPlan plan = PartitionPlan.of(w, 4);
        assertEquals(1.0, plan.imbalance(), 0.05, "the four heavy symbols land in four different tasks");
    }
}
