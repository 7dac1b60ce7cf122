package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A forecast's prices on the command line keep an FX rate's pip, as the chart's readout does (five significant digits). */
class ForecastPipsTest {
    @Test
    void usdChfKeepsItsFourthDecimal() {
        assertEquals("1.7429", ForecastCommand.price(1.7429), "the sample's last USD/CHF close, printed 1.743 before");
        assertEquals("1.0834", ForecastCommand.price(1.0834));
        assertEquals("110.23", ForecastCommand.price(110.23), "a USD/JPY rate keeps its two decimals");
        assertEquals("94.89", ForecastCommand.price(94.89, 108.90), "a band of IBM at 108.90 has IBM's decimals, not its own");
        assertEquals("1.6980", ForecastCommand.price(1.69797, 1.7429));
    }
}
