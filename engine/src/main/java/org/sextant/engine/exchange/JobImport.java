package org.sextant.engine.exchange;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.sextant.engine.research.StrategyRunSummary;

/**
 * What importing a finished scale-out job's output did (docs/scale-out.md): {@code job} names
 * the job kind; a forecast job lists the symbols {@code imported} and those the job reported
 * {@code failed}; a strategy sweep's {@code run} is the run it became, and {@code failed} the
 * symbols it left out (too little history), if any; {@code failed} lists the first {@link CappedFailures#KEPT}, then one entry
 * of how many more ({@link CappedFailures#isMore}). {@code replayed} says how many of a forecast scan's forecasts, or of a
 * forecast backtest's origins, the import fitted again from the store's closes, or of a strategy sweep's configurations it
 * measured again from the store's prices, each coming out as the job wrote it; {@code replayedOf} of how many (the forecasts
 * stored, the backtests' scored origins, the configurations): the import's budget (docs/scale-out.md) may not reach them all;
 * {@code unmeasured} says what the replay's budget left unchecked, null when nothing: of a strategy sweep the groups of repeated
 * returns, of a forecast scan the forecasts ranked first and the others, with the chance each other had. {@code oosStart}: a
 * forecast backtest job's --oos-start (a date, "last 40%" when none was given, or not recorded by an output written before
 * the job wrote it), stored with each backtest.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobImport(String job, List<String> imported, List<Map<String, Object>> failed, StrategyRunSummary run, Integer replayed, Integer replayedOf,
                        String unmeasured, String oosStart) {
    public JobImport(String job, List<String> imported, List<Map<String, Object>> failed, StrategyRunSummary run) {
        this(job, imported, failed, run, null, null, null, null);
    }

    /** A job's import without an out-of-sample start to say (a scan's, a sweep's: its run says it). */
    public JobImport(String job, List<String> imported, List<Map<String, Object>> failed, StrategyRunSummary run, Integer replayed, Integer replayedOf,
                     String unmeasured) {
        this(job, imported, failed, run, replayed, replayedOf, unmeasured, null);
    }
}
