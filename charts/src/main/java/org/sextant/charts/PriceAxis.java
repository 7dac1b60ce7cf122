package org.sextant.charts;

import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.dataset.events.ChartBits;

/** The vertical price axis: fits the visible prices (not zero), labelled "close (USD)" when the currency is known. */
public final class PriceAxis extends DefaultNumericAxis {

    public PriceAxis(String name) {
        super(name);
        setAutoRanging(true);
        setForceZeroInRange(false);
        setAutoRangePadding(0.05);
    }

    @Override
    protected void updateAxisLabel() {
        // chartfx writes "name [unit]" and "name []" without a unit
        String unit = getUnit();
        getAxisLabel().setText(unit == null || unit.isBlank() ? getName() : getName() + " (" + unit + ")");
        getBitState().clear(ChartBits.AxisLabelText);
    }
}
