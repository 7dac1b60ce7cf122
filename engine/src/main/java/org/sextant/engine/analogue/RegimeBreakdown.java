package org.sextant.engine.analogue;

/** Outcomes of the analogues that carried one regime tag, over the headline horizon (5 days when none). */
public record RegimeBreakdown(String regime, int count, double weightShare, int horizonDays, Double mean, Double positivePct) {}
