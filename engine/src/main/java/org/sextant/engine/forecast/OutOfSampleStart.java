package org.sextant.engine.forecast;

import java.time.LocalDate;

/**
 * Where a stored forecast backtest's scored origins start, as its job's output and the store keep it: the
 * {@code --oos-start} date it was given, or {@link #LAST_40} when none was (the last 40% of each history). A backtest
 * whose first origins were all cut off by an {@code --oos-start} does not read as one started later when it says so.
 */
public final class OutOfSampleStart {
    private OutOfSampleStart() {}

    /** The cell of a job run without {@code --oos-start}: its origins start at the last 40% of each symbol's closes. */
    public static final String LAST_40 = "last 40%";

    /** What a backtest that does not record it says (imported from a job output written before the column, or stored before V056). */
    public static final String NOT_RECORDED = "not recorded (the job's output was written before Sextant recorded --oos-start)";

    /** The cell a job writes for {@code oosStart} (null: none given). */
    public static String cell(LocalDate oosStart) {
        return oosStart == null ? LAST_40 : oosStart.toString();
    }

    /** The cell of a local backtest over the last {@code evalFraction} of the closes (null: the default 40%). */
    public static String lastShare(Double evalFraction) {
        double share = evalFraction == null ? ForecastBacktestRun.DEFAULT_EVAL_FRACTION : evalFraction;
        return share == ForecastBacktestRun.DEFAULT_EVAL_FRACTION ? LAST_40 : "last " + Math.round(share * 100) + "%";
    }

    /**
     * The out-of-sample start a job's cell names: its date, or null for {@link #LAST_40}.
     *
     * @throws IllegalArgumentException when the cell is neither (its text is not quoted: it may be anything)
     */
    public static LocalDate parse(String cell) {
        if (LAST_40.equals(cell)) return null;
        try {
            if (cell != null && cell.length() == 10) return LocalDate.parse(cell);
        } catch (java.time.format.DateTimeParseException e) {
            // said below without the cell's text
        }
        throw new IllegalArgumentException("is not an ISO date or '" + LAST_40 + "' (the --oos-start the job writes)");
    }

    /** The stored cell as an answer shows it: the date, "last 40%", or {@link #NOT_RECORDED} for none (null). */
    public static String shown(String stored) {
        return stored == null ? NOT_RECORDED : stored;
    }
}
