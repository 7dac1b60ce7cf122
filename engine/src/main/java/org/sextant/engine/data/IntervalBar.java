package org.sextant.engine.data;

import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * One bar of any interval: ts is its open time in UTC (a daily bar: its date at 00:00), date its
 * trading day. Open, high, low and volume may be null when the source carried closes only.
 */
public record IntervalBar(LocalDateTime ts, LocalDate date, Double open, Double high, Double low, double close, Double volume) {}
