package org.sextant.engine.forecast;

import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.data.PriceRepository;

/**
 * The {@link OutlierReturns} warning of a symbol's bars at an interval without every bar's label, close and return in
 * memory: one pass orders the bars as a read does, takes each log return, the median absolute return and the dates'
 * median spacing, and keeps only the bars around the returns past the rule's limit (the floor, or 12 times that median:
 * where a spike or a split can be) and the last two; the rules then run on those stretches as on every bar
 * ({@link BarMoves}): a return's test reads at most {@link #MARGIN} bars either side, and the stretch holds them. A chart,
 * which holds a few hundred bars, has the store make that pass in one query; a bar forecast or backtest, which read every
 * bar for its fit, makes it on those ({@link BarOutliersInHand}) and does not scan the store a second time. Reading all
 * 1,429,800 bars of 2,000,000 stored minutes into memory for it took 12 s and 2.2 GB of heap on a loaded machine
 * (docs/benchmarks.md, "Bar warnings: the first answer after an import").
 */
final class BarOutliers {
    /** Bars kept either side of a return past the limit: the 20 returns a split must hold for, with a bar to spare. */
    static final int MARGIN = UnadjustedSplits.STAYS + 2;
    /**
     * Returns past the limit whose bars are kept, the first ones in time: a series of nothing but jumps is bad data
     * throughout, and the warning says where it stopped looking and how many it did not check (at most ~45,000 bars kept).
     */
    static final int MAX_EXAMINED = 1000;
    /** Below the limit by more than the two logarithms (the store's and Java's) can differ: no return past it is missed. */
    static final double SLACK = 1 - 1e-9;

    /** The warning (null when none) and how many bars the rules read for it. */
    record Result(String warning, int bars) {}

    /**
     * The query after the series ({@link PriceRepository#overBars}), its numbers in ASCII digits whatever the default
     * locale (a Thai one writes others): formatted per call, so a test that sets the locale sees it.
     */
    private static String query() {
        return String.format(Locale.ROOT, ", w AS (SELECT row_number() OVER o - 1 AS i, ts, date, close, lag(close) OVER o AS prev, "
                + "date - lag(date) OVER o AS days FROM series WINDOW o AS (ORDER BY date, ts)), "
                // a return as OutlierReturns.returns takes it (the bar's close over the one before), its size where it has one
                + "r AS MATERIALIZED (SELECT i, ts, date, close, days, ratio, CASE WHEN ratio > 0 AND isfinite(ratio) THEN abs(ln(ratio)) END AS m "
                + "FROM (SELECT *, CASE WHEN prev > 0 AND close > 0 AND isfinite(prev) AND isfinite(close) THEN close / prev END AS ratio FROM w)), "
                // the size at rank (k - 1) // 2 (selected, not sorted) and the next one either side: the median, also without the
                // last return (the last close's test), each as a ratio whose logarithm is taken as OutlierReturns takes it
                + "counts AS (SELECT count(*) AS n, count(m) AS k, quantile_disc(m, 0.5) AS v FROM r), "
                + "mid AS (SELECT count(*) FILTER (WHERE m < v) AS below, count(*) FILTER (WHERE m = v) AS same, arg_max(ratio, m) FILTER (WHERE m < v) AS lower, "
                + "any_value(ratio) FILTER (WHERE m = v) AS middle, arg_min(ratio, m) FILTER (WHERE m > v) AS upper, min(m) FILTER (WHERE m > v) AS above FROM r, counts), "
                // the limit of the rule: of an even count the median is halfway between the two middle sizes, the next one up
                // unless the middle size fills rank k // 2 too
                + "lim AS (SELECT greatest(%s, %s * coalesce(CASE WHEN k %% 2 = 1 OR below + same > k // 2 THEN v ELSE (v + above) / 2 END, 0)) AS f FROM counts, mid), "
                // the spacing of the dates at rank n/2 (CalibrationNotes.gaps) from a count per spacing
                + "spacing AS (SELECT days, count(*) AS c FROM r WHERE days IS NOT NULL GROUP BY days), "
                + "gap AS (SELECT min(days) AS d FROM (SELECT days, sum(c) OVER (ORDER BY days) AS upto FROM spacing) "
                + "WHERE upto > (SELECT sum(c) FROM spacing) // 2), "
                // returns at or past the limit, with the slack of the two logarithms; past: whether the store's is past it
                + "near AS (SELECT i, m IS NULL OR m > lim.f AS past FROM r, lim WHERE ratio IS NOT NULL AND (m IS NULL OR m > lim.f * %s)), "
                + "examined AS (SELECT i FROM near ORDER BY i LIMIT %d), "
                + "kept AS (SELECT e.i + t.d AS i FROM examined e, range(-%d, %d) t(d) UNION SELECT n - 2 FROM counts UNION SELECT n - 1 FROM counts) "
                + "SELECT 'n' AS kind, n AS i, k AS j, CAST(NULL AS TIMESTAMP) AS ts, CAST(NULL AS DATE) AS date, CAST(NULL AS DOUBLE) AS x FROM counts "
                + "UNION ALL SELECT 'mid', below, same, NULL, NULL, middle FROM mid UNION ALL SELECT 'lower', NULL, NULL, NULL, NULL, lower FROM mid "
                + "UNION ALL SELECT 'upper', NULL, NULL, NULL, NULL, upper FROM mid "
                + "UNION ALL SELECT 'gap', CAST(d AS BIGINT), NULL, NULL, NULL, NULL FROM gap WHERE d IS NOT NULL "
                + "UNION ALL SELECT 'near', (SELECT count(*) FROM near), (SELECT max(i) FROM examined), NULL, NULL, NULL "
                + "UNION ALL SELECT 'beyond', count(*) FILTER (WHERE past AND i > (SELECT max(i) FROM examined)), NULL, NULL, NULL, NULL FROM near "
                + "UNION ALL SELECT 'bar', r.i, NULL, r.ts, r.date, r.close FROM r JOIN kept USING (i)",
                OutlierReturns.FLOOR, OutlierReturns.TIMES_MEDIAN, SLACK, MAX_EXAMINED, MARGIN, MARGIN + 1);
    }

    private BarOutliers() {}

    /** The warning of {@code symbol}'s bars at {@code interval}, worked out in the store: for a route that does not hold them. */
    static Result of(PriceRepository prices, String symbol, String interval) {
        return prices.overBars(symbol, interval, query(), p -> {
            Answer a = new Answer();
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) a.add(r);
            }
            return result(a.moves(), PriceRepository.canonical(symbol));
        });
    }

    /** The same warning of bars a route has read, every one of them, in order: no query, no copy of the bars. */
    static Result of(BarSeries bars) {
        return result(BarOutliersInHand.moves(bars.bars()), bars.symbol());
    }

    private static Result result(BarMoves moves, String symbol) {
        return new Result(moves.warning(symbol), moves.kept().length);
    }

    /** What the query handed back. */
    private static final class Answer {
        long n, k, below, same, near, beyond, examinedTo = -1;
        double lower, middle, upper;
        Long spacing;
        final TreeMap<Integer, IntervalBar> bars = new TreeMap<>();

        void add(ResultSet r) throws java.sql.SQLException {
            switch (r.getString(1)) {
                case "n" -> { n = r.getLong(2); k = r.getLong(3); }
                case "mid" -> { below = r.getLong(2); same = r.getLong(3); middle = r.getDouble(6); }
                case "lower" -> lower = r.getDouble(6);
                case "upper" -> upper = r.getDouble(6);
                case "gap" -> spacing = r.getLong(2);
                case "near" -> { near = r.getLong(2); examinedTo = r.getObject(3) == null ? -1 : r.getLong(3); }
                case "beyond" -> beyond = r.getLong(2);
                default -> bars.put((int) r.getLong(2), new IntervalBar(r.getTimestamp(4).toLocalDateTime(), r.getDate(5).toLocalDate(),
                        null, null, null, r.getDouble(6), null));
            }
        }

        BarMoves moves() {
            return new BarMoves(n, k, window(), spacing, near, examinedTo, beyond, bars.keySet().stream().mapToInt(Integer::intValue).toArray(), bars::get);
        }

        /**
         * The sizes at ranks (k - 1) // 2 - 1 to (k - 1) // 2 + 1 (those there are), in order: the store selected the one at
         * the middle rank, and how many lie below it and level with it place the others.
         */
        private double[] window() {
            if (k == 0) return new double[0];
            long mid = Math.floorDiv(k - 1, 2);
            if (!(below <= mid && mid < below + same)) throw new IllegalStateException("the store's middle size is not at rank " + mid + " of " + k);
            List<Double> ratios = new ArrayList<>();
            if (mid >= 1) ratios.add(mid - 1 >= below ? middle : lower);
            ratios.add(middle);
            if (mid + 1 < k) ratios.add(mid + 1 < below + same ? middle : upper);
            return ratios.stream().mapToDouble(x -> Math.abs(Math.log(x))).sorted().toArray();
        }
    }
}
