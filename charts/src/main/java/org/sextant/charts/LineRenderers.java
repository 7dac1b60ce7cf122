package org.sextant.charts;

import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;

/** The renderer of plain lines over dates (indicators, compared symbols), drawn like the close line. */
final class LineRenderers {
    private LineRenderers() {}

    /**
     * Lines without markers or error bars, each pixel column keeping its highest and lowest value
     * ({@link MinMaxColumnReducer}); a NaN (an indicator's first days, a missing close) is a gap,
     * not a drop to the bottom of the plot.
     */
    static ErrorDataSetRenderer lines() {
        ErrorDataSetRenderer r = new ErrorDataSetRenderer();
        r.setErrorStyle(ErrorStyle.NONE);
        r.setPolyLineStyle(LineStyle.NORMAL);
        r.setDrawMarker(false);
        r.setRendererDataReducer(new MinMaxColumnReducer());
        r.setPointReduction(true);
        r.setAllowNaNs(true);
        return r;
    }
}
