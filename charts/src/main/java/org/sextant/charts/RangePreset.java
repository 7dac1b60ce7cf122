package org.sextant.charts;

import java.time.LocalDate;

/** The periods a chart can be set to in one click, counted back from the last close. */
public enum RangePreset {
    M1("1M"), M6("6M"), YTD("YTD"), Y1("1Y"), Y5("5Y"), ALL("All");

    private final String label;

    RangePreset(String label) {
        this.label = label;
    }

    /** The button's text: "1M", "YTD", "All". */
    public String label() {
        return label;
    }

    /** The first day shown when the last close is on {@code last}; null for the whole history. */
    public LocalDate start(LocalDate last) {
        return switch (this) {
            case M1 -> last.minusMonths(1);
            case M6 -> last.minusMonths(6);
            case YTD -> last.withDayOfYear(1);
            case Y1 -> last.minusYears(1);
            case Y5 -> last.minusYears(5);
            case ALL -> null;
        };
    }
}
