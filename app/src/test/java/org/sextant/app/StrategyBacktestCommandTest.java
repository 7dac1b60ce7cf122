package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The backtest summary's figures as people read them (their rounding: FiguresTest). */
class StrategyBacktestCommandTest {
    /** A run printed "haircut Sharpe -0.00"; an undefined figure is "n/a", never "NaN". */
    @Test
    void aFigureIsNeverNegativeZeroNorNaN() {
        assertEquals("0.00", StrategyBacktestCommand.figure(-0.001, 2));
        assertEquals("n/a", StrategyBacktestCommand.figure(Double.NaN, 2));
    }
}
