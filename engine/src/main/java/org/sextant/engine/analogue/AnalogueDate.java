package org.sextant.engine.analogue;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.LocalDate;

/**
 * One chosen analogue: its date, distance to the query (null in tag mode without distance dimensions), weight and outcomes;
 * forward_20d is null when its 20-day window had not closed (plus the embargo) by the as-of date.
 */
public record AnalogueDate(LocalDate date, Double distance, double weight,
                           @JsonProperty("forward_1d") double forward1d,
                           @JsonProperty("forward_3d") double forward3d,
                           @JsonProperty("forward_5d") double forward5d,
                           @JsonProperty("forward_20d") Double forward20d,
                           String regime, boolean backfill) {}
