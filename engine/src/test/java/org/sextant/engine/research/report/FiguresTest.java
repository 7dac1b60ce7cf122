package org.sextant.engine.research.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FiguresTest {
    /** A run's report and summary printed "haircut Sharpe -0.00". */
    @Test
    void aFigureThatRoundsToZeroHasNoSign() {
        assertEquals("0.00", Figures.fixed(-0.001, 2));
        assertEquals("0.00", Figures.fixed(-0.0, 2));
        assertEquals("0.000", Figures.fixed(-0.0004, 3));
        assertEquals("-0.01", Figures.fixed(-0.006, 2));
        assertEquals("-1.50", Figures.fixed(-1.5, 2));
        assertEquals("0.999", Figures.fixed(0.9994, 3));
    }
}
