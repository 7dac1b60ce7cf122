package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Readouts show a pip of an FX rate and cents of an index, not two decimals of everything. */
class PriceDigitsTest {
    @Test
    void fiveSignificantDigitsAtTheLevelBetweenTwoAndSixDecimals() {
        assertEquals("1.7432", PriceDigits.format(1.74321, PriceDigits.decimals(1.74)), "USD/CHF: a pip");
        assertEquals("475.12", PriceDigits.format(475.1234, PriceDigits.decimals(475)), "an index: cents");
        assertEquals("12345.60", PriceDigits.format(12345.6, PriceDigits.decimals(12345.6)), "never fewer than two");
        assertEquals("0.012345", PriceDigits.format(0.0123451, PriceDigits.decimals(0.0123)), "a penny stock");
        assertEquals(6, PriceDigits.decimals(1e-7), "never more than six");
        assertEquals(2, PriceDigits.decimals(Double.NaN));
        assertEquals(2, PriceDigits.decimals(0));
    }
}
