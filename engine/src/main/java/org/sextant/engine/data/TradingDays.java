package org.sextant.engine.data;

import java.time.LocalDate;

/** The first and last trading day a series holds. */
public record TradingDays(LocalDate first, LocalDate last) {}
