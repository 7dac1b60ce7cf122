package org.sextant.engine.research;

import java.time.LocalDate;
import java.util.List;

/**
 * What run_strategy takes: a graph spec (JSON), the universe and dates, where the
 * out-of-sample part starts, the research session whose ledger counts the run, and optionally
 * the configuration the researcher selects (its equity curve is stored beside the best one's;
 * null selects the best in-sample configuration).
 */
public record StrategyRunRequest(String sessionId, String spec, List<String> symbols, LocalDate from, LocalDate to,
                                 LocalDate oosStart, Integer threads, Integer selectedConfiguration) {

    public StrategyRunRequest(String sessionId, String spec, List<String> symbols, LocalDate from, LocalDate to,
                              LocalDate oosStart, Integer threads) {
        this(sessionId, spec, symbols, from, to, oosStart, threads, null);
    }
}
