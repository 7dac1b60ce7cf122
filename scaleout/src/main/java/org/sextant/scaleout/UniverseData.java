package org.sextant.scaleout;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.List;
import org.sextant.engine.research.sweep.BarAxis;
import org.sextant.engine.research.sweep.Universe;

/**
 * A sweep's universe as the driver built it, shipped to the tasks once (a broadcast variable), with its bars a year and
 * why: a node that annualises (a volatility target) reads them as the app's run does.
 */
record UniverseData(List<String> symbols, List<LocalDate> dates, double[][] open, double[][] high, double[][] low, double[][] close,
                    double barsPerYear, String why) implements Serializable {

    static UniverseData of(Universe u) {
        return new UniverseData(List.copyOf(u.symbols()), List.copyOf(u.dates()), u.open(), u.high(), u.low(), u.close(), u.barsPerYear(), u.axis().why());
    }

    Universe universe() {
        return new Universe(symbols, dates, open, high, low, close, new BarAxis("1d", null, barsPerYear, why), null);
    }
}
