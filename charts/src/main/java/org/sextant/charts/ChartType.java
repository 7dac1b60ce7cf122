package org.sextant.charts;

/** How the price chart draws a symbol's bars. Close-only data is drawn as a line whatever is chosen. */
public enum ChartType {
    LINE("Line"), CANDLES("Candles"), OHLC("OHLC bars");

    private final String label;

    ChartType(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}
