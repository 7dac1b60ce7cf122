package org.sextant.engine.research.sweep;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.List;

/**
 * What a sweep that runs elsewhere (a scale-out job) ran: its id (the run id it is imported as),
 * the spec, the symbols and requested dates, the out-of-sample start, and the universe it read
 * (first and last common date, bars) so an import can tell whether the store holds the same prices.
 */
public record SweepJob(String jobId, String spec, List<String> symbols, LocalDate from, LocalDate to, LocalDate oosStart,
                       LocalDate firstDate, LocalDate lastDate, int bars, int configurations) implements Serializable {

    public SweepJob {
        symbols = List.copyOf(symbols);
    }

    /** The job of a sweep of {@code configurations} configurations of {@code spec} over universe {@code u}. */
    public static SweepJob of(String jobId, String spec, LocalDate from, LocalDate to, LocalDate oosStart, Universe u, int configurations) {
        return new SweepJob(jobId, spec, u.symbols(), from, to, oosStart, u.dates().get(0), u.dates().get(u.bars() - 1), u.bars(), configurations);
    }
}
