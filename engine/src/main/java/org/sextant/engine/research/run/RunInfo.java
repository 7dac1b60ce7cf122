package org.sextant.engine.research.run;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * One stored strategy run as a list shows it: what was run over which universe and dates, how
 * many configurations it tried (and the session's total at the time), and the verdict with the
 * chosen configuration's in- and out-of-sample Sharpe ratios and the two overfitting figures, and
 * the bar interval it ran on with the bars a year its figures were annualised with, and the sentence its answer said
 * that in ({@link #NOT_RECORDED} for a run stored before V055: the week behind it is not rebuilt from today's dates).
 */
public record RunInfo(String runId, String sessionId, String name, Instant createdAt, List<String> symbols,
                      LocalDate from, LocalDate to, LocalDate oosStart, long configurations, long sessionConfigurations,
                      String verdict, String verdictText, double sharpeInSample, double sharpeOutOfSample,
                      double dsr, double pbo, String interval, double barsPerYear, String annualisation) {
    /** The annualisation of a run stored before runs kept it. */
    public static final String NOT_RECORDED = "not recorded (run stored before V055)";
}
