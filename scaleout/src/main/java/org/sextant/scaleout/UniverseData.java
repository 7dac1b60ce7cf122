package org.sextant.scaleout;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.List;
import org.sextant.engine.research.sweep.Universe;

/** A sweep's universe as the driver built it, shipped to the tasks once (a broadcast variable). */
record UniverseData(List<String> symbols, List<LocalDate> dates, double[][] open, double[][] high, double[][] low, double[][] close)
        implements Serializable {

    static UniverseData of(Universe u) {
        return new UniverseData(List.copyOf(u.symbols()), List.copyOf(u.dates()), u.open(), u.high(), u.low(), u.close());
    }

    Universe universe() {
        return new Universe(symbols, dates, open, high, low, close);
    }
}
