package org.sextant.engine.research;

import java.time.LocalDate;
import java.util.List;

/**
 * What run_strategy takes: a graph spec (JSON), the universe and dates, where the
 * out-of-sample part starts, the research session whose ledger counts the run, and optionally
 * the configuration the researcher selects (its equity curve is stored beside the best one's;
 * null selects the best in-sample configuration), and the bar interval to run on (null: 1d, the
 * daily prices as runs always read them).
 */
public record StrategyRunRequest(String sessionId, String spec, List<String> symbols, LocalDate from, LocalDate to,
                                 LocalDate oosStart, Integer threads, Integer selectedConfiguration, String interval) {

    public StrategyRunRequest(String sessionId, String spec, List<String> symbols, LocalDate from, LocalDate to,
                              LocalDate oosStart, Integer threads, Integer selectedConfiguration) {
        this(sessionId, spec, symbols, from, to, oosStart, threads, selectedConfiguration, null);
    }

    public StrategyRunRequest(String sessionId, String spec, List<String> symbols, LocalDate from, LocalDate to,
                              LocalDate oosStart, Integer threads) {
        this(sessionId, spec, symbols, from, to, oosStart, threads, null, null);
    }
}
