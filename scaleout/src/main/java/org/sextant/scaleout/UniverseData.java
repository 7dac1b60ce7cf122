package org.sextant.scaleout;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.List;
import org.sextant.engine.research.sweep.BarAxis;
import org.sextant.engine.research.sweep.Universe;

/**
 * A sweep's universe as the driver built it, shipped to the tasks once (a broadcast variable), with its axis as the app's run
 * reads it ({@link BarAxis#byWeek}): every component of it, so a task's axis is the driver's and not rebuilt from its bars a
 * year and why (which lost {@link BarAxis#plainDaily}).
 */
record UniverseData(List<String> symbols, List<LocalDate> dates, double[][] open, double[][] high, double[][] low, double[][] close,
                    String interval, String session, double barsPerYear, String why, boolean plainDaily) implements Serializable {

    static UniverseData of(Universe u) {
        BarAxis a = u.axis();
        return new UniverseData(List.copyOf(u.symbols()), List.copyOf(u.dates()), u.open(), u.high(), u.low(), u.close(),
                a.interval(), a.session(), a.barsPerYear(), a.why(), a.plainDaily());
    }

    Universe universe() {
        return new Universe(symbols, dates, open, high, low, close, new BarAxis(interval, session, barsPerYear, why, plainDaily), null);
    }
}
