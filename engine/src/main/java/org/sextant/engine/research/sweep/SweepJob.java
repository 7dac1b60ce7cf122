package org.sextant.engine.research.sweep;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.List;

/**
 * What a sweep that runs elsewhere (a scale-out job) ran: its id (the run id it is imported as),
 * the spec, the symbols and requested dates, the out-of-sample start, and the universe it read
 * (first and last common date, bars) so an import can tell whether the store holds the same prices,
 * and the bars a year it annualised with ({@link BarAxis#byWeek}; null in a job written before it
 * recorded them, which measured at 252).
 */
public record SweepJob(String jobId, String spec, List<String> symbols, LocalDate from, LocalDate to, LocalDate oosStart,
                       LocalDate firstDate, LocalDate lastDate, int bars, int configurations, Double barsPerYear) implements Serializable {

    public SweepJob {
        symbols = List.copyOf(symbols);
    }

    /** A job that did not say its bars a year: it measured at 252. */
    public SweepJob(String jobId, String spec, List<String> symbols, LocalDate from, LocalDate to, LocalDate oosStart,
                    LocalDate firstDate, LocalDate lastDate, int bars, int configurations) {
        this(jobId, spec, symbols, from, to, oosStart, firstDate, lastDate, bars, configurations, null);
    }

    /** The bars a year the job's figures are annualised with. */
    public double periodsPerYear() {
        return barsPerYear == null ? BarAxis.DAILY.barsPerYear() : barsPerYear;
    }

    /** The job of a sweep of {@code configurations} configurations of {@code spec} over universe {@code u}. */
    public static SweepJob of(String jobId, String spec, LocalDate from, LocalDate to, LocalDate oosStart, Universe u, int configurations) {
        return new SweepJob(jobId, spec, u.symbols(), from, to, oosStart, u.dates().get(0), u.dates().get(u.bars() - 1), u.bars(), configurations,
                u.barsPerYear());
    }
}
