package org.sextant.engine.ingest;

import static org.sextant.engine.ingest.BarChecks.duration;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;

/**
 * The steps between one symbol's bars (the bar_steps table of {@link BarChecks}): bars less than a
 * minute apart, and a file that holds two intervals, a run finer or coarser than the one detected.
 * The words for steps below a minute are shared with the preview, which says what the import refuses.
 */
final class BarSteps {
    private BarSteps() {}

    static final String BELOW_A_MINUTE_FIX = "aggregate them to 1-minute (or longer) bars before importing, e.g. the last price of each minute as its close";
    /** Steps shorter than the interval in a row before a file counts as two intervals: lone ones are a short first bar of a day or a clock change. */
    static final int MIXED_RUN = 3;
    /**
     * A run of one coarser step counts as a second interval with at least this many steps, covering at
     * least {@link #COARSER_RUN_MINUTES} (a US equity session), and making at least half the steps between
     * two steps at the interval: gaps (missing minutes, nights, weekends, holidays) are lone or irregular.
     */
    static final int COARSER_RUN = 5;
    static final long COARSER_RUN_MINUTES = 390;

    /** "the bars of X are most often 30 seconds apart; ...": the import's refusal, the preview's note. */
    static String mostOftenBelowAMinute(String symbol, long seconds) {
        return "the bars of " + symbol + " are most often " + duration(seconds) + " apart; the store holds bars of 1 minute or longer";
    }

    /** "line 3 and line 4: two bars of X 30 seconds apart; ...": the import's refusal, the preview's note. */
    static String twoBelowAMinute(long line, long next, String symbol, long seconds) {
        return "line " + line + " and line " + next + ": two bars of " + symbol + " " + duration(seconds) + " apart; the store holds bars of 1 minute or longer";
    }

    /** One bar less than a minute after the one before it (in a file of longer steps): named by both lines. */
    static void refuseStepsBelowAMinute(Connection c, BarImport.Source s, String symbol) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT prev_line, line, step FROM bar_steps WHERE file_no = ? AND symbol = ? AND step < 60 ORDER BY ts LIMIT 1")) {
            p.setInt(1, s.no());
            p.setString(2, symbol);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) return;
                throw SextantException.invalid("paths", s.bar().file() + " " + twoBelowAMinute(r.getLong(1), r.getLong(2), symbol, r.getLong(3)), BELOW_A_MINUTE_FIX);
            }
        }
    }

    /**
     * A symbol whose bars run at two intervals (a 1-minute export followed by an hourly one): a run of
     * {@link #MIXED_RUN} or more steps shorter than the interval detected would be stored as bars of
     * that interval. Counts the steps and names the lines of the first such run.
     */
    static void refuseFinerRun(Connection c, BarImport.Source s, String symbol, BarInterval interval) throws SQLException {
        long shortest = shortest(interval);
        long from, to;
        try (PreparedStatement p = c.prepareStatement("SELECT min(prev_line), max(line) FROM (SELECT ts, prev_line, line, step < ? AS short, "
                + "sum(CASE WHEN step < ? THEN 0 ELSE 1 END) OVER (ORDER BY ts ROWS UNBOUNDED PRECEDING) AS run "
                + "FROM bar_steps WHERE file_no = ? AND symbol = ? AND step IS NOT NULL) WHERE short GROUP BY run HAVING count(*) >= ? ORDER BY min(ts) LIMIT 1")) {
            p.setLong(1, shortest);
            p.setLong(2, shortest);
            p.setInt(3, s.no());
            p.setString(4, symbol);
            p.setInt(5, MIXED_RUN);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) return;
                from = r.getLong(1);
                to = r.getLong(2);
            }
        }
        Map<Long, Long> steps = stepCounts(c, s, symbol);
        long commonShort = 0, commonShortSteps = 0, shorter = 0;
        for (Map.Entry<Long, Long> e : steps.entrySet()) {
            if (e.getKey() >= shortest) continue;
            shorter += e.getValue();
            if (commonShortSteps == 0) {
                commonShort = e.getKey();
                commonShortSteps = e.getValue();
            }
        }
        long other = shorter - commonShortSteps;
        String others = other > 0 ? " (" + other + " other step" + (other == 1 ? "" : "s") + " shorter than " + interval.label + ")" : "";
        throw SextantException.invalid("paths", notOneInterval(s, symbol, from, to, steps, commonShort, interval) + others
                        + "; stored as " + interval.label + " bars they would mix the two",
                "split the file into one file per interval (or resample the finer bars to " + interval.label + ") and import each");
    }

    /** The shortest step (seconds) the interval allows: weeks and months vary in length. */
    static long shortest(BarInterval interval) {
        return 60L * (interval == BarInterval.W1 ? 6 * 1440 : interval == BarInterval.MO1 ? 28 * 1440 : interval.minutes);
    }

    /**
     * A symbol whose 1-minute bars hold a run of hourly ones (an hourly export pasted into a 1-minute
     * one): stored as 1m, the hourly steps would read as gaps. The run is the steps between two steps at
     * the interval; of one coarser interval (up to a day), it counts as a second interval past
     * {@link #COARSER_RUN} steps and {@link #COARSER_RUN_MINUTES} minutes, half the run or more.
     */
    static void refuseCoarserRun(Connection c, BarImport.Source s, String symbol, BarInterval interval) throws SQLException {
        String runs = coarserRunsSql(interval, "file_no = " + s.no() + " AND symbol = ?");
        if (runs == null) return;
        long step, run, from, to;
        long fine = 60L * interval.minutes;
        try (PreparedStatement p = c.prepareStatement(runs + " ORDER BY c.first LIMIT 1")) {
            p.setString(1, symbol);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) return;
                step = r.getLong(3);
                run = r.getLong(4);
                from = r.getLong(5);
                to = r.getLong(6);
            }
        }
        String coarse = BarInterval.ofStepMinutes(step / 60).label;
        throw SextantException.invalid("paths", notOneInterval(s, symbol, from, to, stepCounts(c, s, symbol), step, interval) + "; these lines hold "
                        + run + " steps of " + duration(step) + " and none of " + duration(fine) + ": stored as " + interval.label + " bars they would read as gaps",
                "split the file into one file per interval (the " + coarse + " bars apart from the " + interval.label + " ones) and import each");
    }

    /**
     * The runs of a coarser interval {@link #refuseCoarserRun} refuses among the bar_steps {@code where} selects, of symbols of
     * {@code interval} (file_no, symbol, step, steps in the run, first and last line; c.first its first time); null when none is coarser.
     */
    static String coarserRunsSql(BarInterval interval, String where) {
        List<String> coarser = new ArrayList<>();
        for (BarInterval i : BarInterval.values()) if (i.minutes > interval.minutes && i.minutes <= 1440) coarser.add(String.valueOf(60L * i.minutes));
        if (coarser.isEmpty()) return null;
        long fine = 60L * interval.minutes;
        return "WITH s AS (SELECT file_no, symbol, ts, step, least(prev_line, line) AS a, greatest(prev_line, line) AS b, "
                + "sum(CASE WHEN step = " + fine + " THEN 1 ELSE 0 END) OVER (PARTITION BY file_no, symbol ORDER BY ts ROWS UNBOUNDED PRECEDING) AS seg "
                + "FROM bar_steps WHERE " + where + " AND step IS NOT NULL), "
                + "runs AS (SELECT file_no, symbol, seg, count(*) AS steps FROM s WHERE step <> " + fine + " GROUP BY ALL), "
                + "c AS (SELECT file_no, symbol, seg, step, count(*) AS n, min(a) AS a, max(b) AS b, min(ts) AS first FROM s WHERE step IN (" + String.join(", ", coarser) + ") GROUP BY ALL) "
                + "SELECT c.file_no, c.symbol, c.step, c.n, c.a, c.b FROM c JOIN runs USING (file_no, symbol, seg) "
                + "WHERE c.n >= " + COARSER_RUN + " AND c.n * c.step >= " + 60 * COARSER_RUN_MINUTES + " AND 2 * c.n >= runs.steps";
    }

    /** The symbols of {@code interval} in bar_intervals (file_no, symbol, interval) with a run {@link #refuseCoarserRun} refuses: one query for all. */
    static String coarserRunSql(BarInterval interval) {
        String runs = coarserRunsSql(interval, "EXISTS (SELECT 1 FROM bar_intervals i WHERE i.file_no = bar_steps.file_no "
                + "AND i.symbol = bar_steps.symbol AND i.interval = " + ImportBatch.literal(interval.label) + ")");
        return runs == null ? null : "SELECT DISTINCT file_no, symbol FROM (" + runs + ")";
    }

    /** "F lines 2..32: the bars of X are not one interval: 29 of 69 steps are 1 minute, 39 are 1 hour". */
    private static String notOneInterval(BarImport.Source s, String symbol, long from, long to, Map<Long, Long> steps, long otherStep, BarInterval interval) {
        long all = 0;
        for (long n : steps.values()) all += n;
        return s.bar().file() + " lines " + from + ".." + to + ": the bars of " + symbol + " are not one interval: " + steps.getOrDefault(otherStep, 0L) + " of " + all
                + " steps are " + duration(otherStep) + ", " + steps.getOrDefault(60L * interval.minutes, 0L) + " are " + duration(60L * interval.minutes);
    }

    /** Each step (seconds) of the symbol's bars with how often it occurs, the most common first. */
    private static Map<Long, Long> stepCounts(Connection c, BarImport.Source s, String symbol) throws SQLException {
        Map<Long, Long> out = new LinkedHashMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT step, count(*) FROM bar_steps WHERE file_no = ? AND symbol = ? AND step IS NOT NULL GROUP BY step ORDER BY count(*) DESC, step")) {
            p.setInt(1, s.no());
            p.setString(2, symbol);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) out.put(r.getLong(1), r.getLong(2));
            }
        }
        return out;
    }
}
