package org.sextant.engine.data;

import java.time.LocalDate;

/** One daily bar. Fields other than close may be null when the source did not carry them. */
public record PriceBar(LocalDate date, Double open, Double high, Double low, double close,
                       Double adjClose, Double volume) {}
