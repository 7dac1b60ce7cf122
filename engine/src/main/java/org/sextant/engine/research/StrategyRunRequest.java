package org.sextant.engine.research;

import java.time.LocalDate;
import java.util.List;

/**
 * What run_strategy takes: a graph spec (JSON), the universe and dates, where the
 * out-of-sample part starts, and the research session whose ledger counts the run.
 */
public record StrategyRunRequest(String sessionId, String spec, List<String> symbols, LocalDate from, LocalDate to,
                                 LocalDate oosStart, Integer threads) {}
