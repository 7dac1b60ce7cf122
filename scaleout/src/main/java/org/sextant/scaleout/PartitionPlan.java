package org.sextant.scaleout;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.apache.spark.Partitioner;

/**
 * Which task computes which symbol. A symbol's work stays in one task; symbols are placed
 * heaviest first on the least loaded partition (longest-processing-time first), and partitions
 * are numbered by falling load, because Spark starts tasks in partition order: the long
 * histories start first and the short ones fill in around them, so no task runs alone at the end.
 */
public final class PartitionPlan extends Partitioner implements Serializable {
    private final Map<String, Integer> partitionOf;
    private final double[] loads;
    private final int[] symbolsIn;

    private PartitionPlan(Map<String, Integer> partitionOf, double[] loads, int[] symbolsIn) {
        this.partitionOf = partitionOf;
        this.loads = loads;
        this.symbolsIn = symbolsIn;
    }

    /** Plans {@code weights} (symbol → expected cost) on at most {@code partitions} partitions. */
    public static PartitionPlan of(Map<String, Double> weights, int partitions) {
        int n = Math.max(1, Math.min(partitions, weights.size()));
        List<Map.Entry<String, Double>> order = new ArrayList<>(weights.entrySet());
        order.sort(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        double[] load = new double[n];
        PriorityQueue<Integer> least = new PriorityQueue<>(Comparator.<Integer>comparingDouble(i -> load[i]).thenComparing(i -> i));
        for (int i = 0; i < n; i++) least.add(i);
        Map<String, Integer> bin = new HashMap<>();
        for (Map.Entry<String, Double> e : order) {
            int p = least.poll();
            bin.put(e.getKey(), p);
            load[p] += e.getValue();
            least.add(p);
        }
        Integer[] byLoad = new Integer[n];
        for (int i = 0; i < n; i++) byLoad[i] = i;
        java.util.Arrays.sort(byLoad, Comparator.<Integer>comparingDouble(i -> -load[i]).thenComparing(i -> i));
        int[] rank = new int[n];
        for (int r = 0; r < n; r++) rank[byLoad[r]] = r;
        Map<String, Integer> partitionOf = new HashMap<>();
        double[] loads = new double[n];
        int[] count = new int[n];
        bin.forEach((s, p) -> {
            partitionOf.put(s, rank[p]);
            count[rank[p]]++;
        });
        for (int p = 0; p < n; p++) loads[rank[p]] = load[p];
        return new PartitionPlan(partitionOf, loads, count);
    }

    @Override
    public int numPartitions() { return loads.length; }

    @Override
    public int getPartition(Object key) {
        Integer p = partitionOf.get((String) key);
        return p != null ? p : Math.floorMod(key.hashCode(), loads.length);
    }

    public double[] loads() { return loads.clone(); }

    public int[] symbolsPerPartition() { return symbolsIn.clone(); }

    /** The heaviest partition's load over the mean: 1.0 is a perfect balance. */
    public double imbalance() {
        double max = 0, sum = 0;
        for (double l : loads) {
            max = Math.max(max, l);
            sum += l;
        }
        return sum == 0 ? 1 : max / (sum / loads.length);
    }

    @Override
    public boolean equals(Object o) { return o instanceof PartitionPlan p && p.partitionOf.equals(partitionOf) && p.loads.length == loads.length; }

    @Override
    public int hashCode() { return partitionOf.hashCode(); }
}
