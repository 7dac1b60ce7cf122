package org.sextant.scaleout;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.sextant.engine.SextantException;

/**
 * What a strategy sweep job runs, with the local backtest's names: the graph spec (JSON), the
 * symbols of the universe, dates [from, to] (null: the symbols' common span) and the
 * out-of-sample start (null: the last 30% of that span, as in the app). Checked on the driver.
 */
public record SweepArguments(String spec, List<String> symbols, LocalDate from, LocalDate to, LocalDate outOfSampleStart) implements Serializable {
    public SweepArguments {
        if (spec == null || spec.isBlank()) throw SextantException.invalid("spec", "spec is missing", "pass a graph spec file (docs/research.md)");
        if (symbols == null || symbols.isEmpty()) throw SextantException.invalid("symbols", "no symbols to sweep", "name the universe, e.g. --symbols AA,IBM,MSFT");
        symbols = symbols.stream().map(s -> s.trim().toUpperCase(Locale.ROOT)).distinct().toList();
        if (from != null && to != null && from.isAfter(to)) throw SextantException.invalid("from", "from " + from + " is after to " + to, "swap them");
    }
}
