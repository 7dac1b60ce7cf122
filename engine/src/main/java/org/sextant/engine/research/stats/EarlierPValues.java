package org.sextant.engine.research.stats;

/**
 * The single-test p-values ({@link Haircut#configurationPValue}) of the configurations a research
 * session's earlier runs tried, as far as they were kept: Holm and BHY adjust with them, the
 * session's other earlier configurations counting as p = 1. Read in ascending order and only as
 * far as the adjustment needs, so a session of millions is never held in memory.
 */
public interface EarlierPValues {
    /** None kept (a session held only in memory, or whose runs were all stored before V054). */
    EarlierPValues NONE = new EarlierPValues() {
        @Override public long known() { return 0; }
        @Override public void ascending(Visit visit) {}
    };

    /** Takes {@code count} p-values equal to {@code p}; false when no larger one is needed. */
    @FunctionalInterface
    interface Visit {
        boolean take(double p, long count);
    }

    /** How many earlier configurations have a kept p-value. */
    long known();

    /** Hands the kept p-values to {@code visit}, each value once with how many have it, smallest first, until it returns false. */
    void ascending(Visit visit);

    /**
     * As {@link #ascending}, their natural logs: exact where a p-value is below what a double holds (it is kept as 0 and its
     * log beside it), so a very strong Sharpe ratio's Holm and BHY rank and multiply the session's tiny p-values as they are.
     */
    default void ascendingLogs(Visit visit) {
        ascending((p, count) -> visit.take(Math.log(p), count));
    }

    /** These p-values, e.g. a test's: sorted here. */
    static EarlierPValues of(double... p) {
        double[] sorted = p.clone();
        java.util.Arrays.sort(sorted);
        return new EarlierPValues() {
            @Override public long known() { return sorted.length; }
            @Override public void ascending(Visit visit) {
                for (int i = 0, j; i < sorted.length; i = j) {
                    for (j = i + 1; j < sorted.length && sorted[j] == sorted[i]; ) j++;
                    if (!visit.take(sorted[i], j - i)) return;
                }
            }
        };
    }
}
