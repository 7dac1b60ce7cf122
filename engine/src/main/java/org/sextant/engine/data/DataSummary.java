package org.sextant.engine.data;

import java.time.LocalDate;

/** What the store holds, in one line: shown in state.json and health checks. */
public record DataSummary(long symbols, long priceRows, LocalDate firstDate, LocalDate lastDate) {}
