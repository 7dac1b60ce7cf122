package org.sextant.charts;

import java.util.function.DoubleFunction;
import javafx.util.StringConverter;

/** The text of an axis tick or a crosshair readout from its value; the text is only drawn, never read back. */
final class TickLabels {
    private TickLabels() {}

    static StringConverter<Number> of(DoubleFunction<String> format) {
        return new StringConverter<>() {
            @Override
            public String toString(Number value) {
                return value == null ? "" : format.apply(value.doubleValue());
            }

            @Override
            public Number fromString(String text) {
                return null;
            }
        };
    }
}
