package org.sextant.engine.analogue;

/**
 * Whether the query's combination of values was seen before (docs/analogues.md, "No close
 * analogue"): the query's distance to its nearest eligible day against the distances of sampled
 * eligible days to their own nearest other eligible day (more than {@link Novelty#EXCLUSION_DAYS}
 * rows away, the query's own gap), all in the matcher's distance. {@code novel} when the query is
 * farther than the {@code reference_p99_distance}, the 99th percentile of those.
 *
 * @param nearestDistance      the query's distance to its nearest searched day
 * @param referenceP99Distance the 99th percentile of the sampled days' nearest-neighbour distances
 * @param fartherThanPct       the share (%) of sampled days whose nearest neighbour is closer than the query's
 * @param referenceDays        eligible days sampled for the reference distribution
 * @param searchedDays         eligible days searched for nearest neighbours (all, or an even stride of them)
 * @param novel                true when the query is farther than the 99th percentile: no close analogue exists
 */
public record AnalogueNovelty(double nearestDistance, double referenceP99Distance, double fartherThanPct, int referenceDays,
                              int searchedDays, boolean novel) {}
