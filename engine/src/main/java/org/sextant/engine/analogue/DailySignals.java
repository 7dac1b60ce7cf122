package org.sextant.engine.analogue;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.sextant.engine.forecast.OutlierWarnings;

/**
 * The daily_signals table in memory: one row per trade date, oldest first, with every signal
 * dimension of its registry and the benchmark's forward 1/3/5/20-day returns. Numeric values sit
 * row-major in one primitive array (the matcher's inner loop reads a row contiguously);
 * categorical values are level codes (-1 missing). A row is "backfill" when any user signal
 * on it was imported as backfill.
 */
public final class DailySignals {
    public static final int[] HORIZONS = {1, 3, 5, 20};
    /** The horizons stored in the daily_signals table (its forward_1d/3d/5d columns). */
    public static final int[] STORED_HORIZONS = {1, 3, 5};
    /** Breadth needs at least this many universe members with a 50-day average on the date. */
    public static final int MIN_BREADTH_MEMBERS = 10;

    private final SignalRegistry registry;
    private final LocalDate[] dates;
    private final long[] epochDay;
    private final int dims;
    private final double[] numeric;
    private final int[][] categorical;
    private final double[][] forward;
    private final boolean[] backfill;
    private final String benchmark;
    private final Map<String, long[]> lastObserved;
    private final String dataWarning;

    private DailySignals(String benchmark, SignalRegistry registry, LocalDate[] dates, double[] numeric, int[][] categorical,
                         double[][] forward, boolean[] backfill, Map<String, long[]> lastObserved, String dataWarning) {
        this.lastObserved = lastObserved;
        this.dataWarning = dataWarning;
        this.benchmark = benchmark;
        this.registry = registry;
        this.dates = dates;
        this.epochDay = new long[dates.length];
        for (int i = 0; i < dates.length; i++) {
            epochDay[i] = dates[i].toEpochDay();
            if (i > 0 && epochDay[i] <= epochDay[i - 1]) throw new IllegalArgumentException("dates must ascend: " + dates[i]);
        }
        this.dims = registry.numeric().size();
        this.numeric = numeric;
        this.categorical = categorical;
        this.forward = forward;
        this.backfill = backfill;
    }

    /**
     * Rows from arrays: {@code numericColumns[c][row]} in the registry's numeric order,
     * {@code categoricalColumns[c][row]} as level codes, forward returns for 1, 3 and 5 days.
     */
    public static DailySignals of(String benchmark, SignalRegistry registry, LocalDate[] dates, double[][] numericColumns,
                                  int[][] categoricalColumns, double[] fwd1, double[] fwd3, double[] fwd5, boolean[] backfill) {
        return of(benchmark, registry, dates, numericColumns, categoricalColumns, fwd1, fwd3, fwd5, backfill, Map.of(), null);
    }

    private static DailySignals of(String benchmark, SignalRegistry registry, LocalDate[] dates, double[][] numericColumns,
                                   int[][] categoricalColumns, double[] fwd1, double[] fwd3, double[] fwd5, boolean[] backfill,
                                   Map<String, long[]> lastObserved, String dataWarning) {
        int n = dates.length;
        int d = registry.numeric().size();
        if (numericColumns.length != d || categoricalColumns.length != registry.categorical().size()) {
            throw new IllegalArgumentException("columns do not match the registry");
        }
        double[] flat = new double[n * d];
        for (int c = 0; c < d; c++) {
            if (numericColumns[c].length != n) throw new IllegalArgumentException("column " + c + " has the wrong length");
            for (int i = 0; i < n; i++) flat[i * d + c] = numericColumns[c][i];
        }
        for (int[] col : categoricalColumns) if (col.length != n) throw new IllegalArgumentException("categorical column length");
        if (fwd1.length != n || fwd3.length != n || fwd5.length != n) throw new IllegalArgumentException("forward length");
        boolean[] bf = backfill == null ? new boolean[n] : backfill.clone();
        return new DailySignals(benchmark, registry, dates.clone(), flat, deepCopy(categoricalColumns),
                new double[][]{fwd1.clone(), fwd3.clone(), fwd5.clone(), compound(fwd1, 20)}, bf, Map.copyOf(lastObserved), dataWarning);
    }

    /** Forward return over {@code h} days chained from the 1-day ones; NaN where any is missing. */
    static double[] compound(double[] fwd1, int h) {
        int n = fwd1.length;
        double[] out = new double[n];
        for (int t = 0; t < n; t++) {
            double g = 1;
            for (int k = 0; k < h; k++) g *= t + k < n ? 1 + fwd1[t + k] : Double.NaN;
            out[t] = g - 1;
        }
        return out;
    }

    /**
     * The builtin signals of a benchmark close series, with breadth over {@code universe}
     * (closes aligned to {@code dates}, NaN where a member has no price).
     */
    public static DailySignals compute(String benchmark, LocalDate[] dates, double[] close, Map<String, double[]> universe) {
        return compute(benchmark, dates, close, universe, null);
    }

    /**
     * As {@link #compute(String, LocalDate[], double[], Map)}, its data warning's fix naming the benchmark's stored
     * intervals from {@code intervals} (null: not known, and the fix says where to look).
     */
    public static DailySignals compute(String benchmark, LocalDate[] dates, double[] close, Map<String, double[]> universe,
                                       Function<String, List<String>> intervals) {
        int n = dates.length;
        for (double c : close) if (!(c > 0)) throw new IllegalArgumentException("benchmark closes must be positive");
        double[] sma50 = Indicators.sma(close, 50);
        double[] sma200 = Indicators.sma(close, 200);
        double[] dist50 = new double[n];
        double[] dist200 = new double[n];
        for (int i = 0; i < n; i++) {
            dist50[i] = close[i] / sma50[i] - 1.0;
            dist200[i] = close[i] / sma200[i] - 1.0;
        }
        double[] vol = Indicators.realisedVol(close, 20);
        double[] dd = Indicators.drawdownFromHigh(close, 252);
        double[] breadth = breadth(n, universe);
        double[][] cols = {Indicators.returns(close, 1), Indicators.returns(close, 5), Indicators.returns(close, 20), vol,
                dist50, dist200, Indicators.rsiWilder(close, 14), dd, breadth};
        int[] volRegime = new int[n];
        int[] regime = new int[n];
        for (int i = 0; i < n; i++) {
            volRegime[i] = RegimeRules.volRegime(vol[i]);
            regime[i] = RegimeRules.regime(dist50[i], dist200[i], dd[i], vol[i], breadth[i]);
        }
        // get_forecast's warning of the same closes: a spike makes a ret_1d and a forward return of about x100, and closes
        // a week apart make every "day" of the signals and of the 1/3/5/20-day forward returns a week
        String warning = OutlierWarnings.daily(benchmark, Arrays.asList(dates), close, intervals);
        return of(benchmark, SignalRegistry.builtin(), dates, cols, new int[][]{volRegime, regime},
                Indicators.forwardReturns(close, 1), Indicators.forwardReturns(close, 3), Indicators.forwardReturns(close, 5), null, Map.of(), warning);
    }

    /** % of members above their own 50-day average; NaN with fewer than MIN_BREADTH_MEMBERS defined. */
    static double[] breadth(int n, Map<String, double[]> universe) {
        double[] out = Indicators.nan(n);
        if (universe == null || universe.isEmpty()) return out;
        int[] above = new int[n];
        int[] counted = new int[n];
        for (double[] px : universe.values()) {
            if (px.length != n) throw new IllegalArgumentException("universe closes must align with the benchmark dates");
            double[] s = Indicators.sma(px, 50);
            for (int i = 0; i < n; i++) {
                if (!Double.isNaN(s[i])) {
                    counted[i]++;
                    if (px[i] > s[i]) above[i]++;
                }
            }
        }
        for (int i = 0; i < n; i++) if (counted[i] >= MIN_BREADTH_MEMBERS) out[i] = 100.0 * above[i] / counted[i];
        return out;
    }

    /**
     * These rows plus user signals, each carried forward onto the trade dates by its
     * definition's max_fill_days ({@link ForwardFill}; missing rows are NaN / -1). A row is
     * backfill when any value on it, observed or carried, is backfill.
     */
    public DailySignals withUserSignals(List<UserSignalSeries> series) {
        if (series.isEmpty()) return this;
        SignalRegistry reg = registry.with(series.stream().map(UserSignalSeries::definition).toList());
        int n = dates.length;
        double[][] num = new double[reg.numeric().size()][];
        for (int c = 0; c < dims; c++) num[c] = numericColumn(c);
        int[][] cat = new int[reg.categorical().size()][];
        for (int c = 0; c < categorical.length; c++) cat[c] = categorical[c].clone();
        boolean[] bf = backfill.clone();
        Map<String, long[]> observed = new java.util.HashMap<>(lastObserved);
        for (UserSignalSeries s : series) {
            ForwardFill.Aligned a = ForwardFill.align(dates, s, s.definition().maxFillDays());
            double[] v = a.values();
            for (int i = 0; i < n; i++) if (a.backfill()[i]) bf[i] = true;
            observed.put(s.definition().name(), a.lastObserved());
            int col = reg.column(s.definition().name());
            if (s.definition().numeric()) {
                num[col] = v;
            } else {
                int[] codes = new int[n];
                for (int i = 0; i < n; i++) codes[i] = Double.isNaN(v[i]) ? -1 : (int) v[i];
                cat[col] = codes;
            }
        }
        return of(benchmark, reg, dates, num, cat, forward[0], forward[1], forward[2], bf, observed, dataWarning);
    }

    /**
     * Date of the latest observation of user signal {@code name} on or before {@code row}, within
     * the fill limit or not; null when there is none or the dimension is not a user signal.
     */
    public LocalDate lastObserved(String name, int row) {
        long[] a = lastObserved.get(name);
        return a == null || a[row] == ForwardFill.NONE ? null : LocalDate.ofEpochDay(a[row]);
    }

    public String benchmark() { return benchmark; }
    /** The warning on the benchmark's closes (bad tick, split, weekly or monthly dates: {@link OutlierWarnings#daily}, as get_forecast's data_warning), or null. */
    public String dataWarning() { return dataWarning; }
    public SignalRegistry registry() { return registry; }
    public int size() { return dates.length; }
    public int dims() { return dims; }
    public LocalDate date(int row) { return dates[row]; }
    public long epochDay(int row) { return epochDay[row]; }
    public double value(int row, int numericColumn) { return numeric[row * dims + numericColumn]; }
    public int code(int row, int categoricalColumn) { return categorical[categoricalColumn][row]; }
    public boolean backfill(int row) { return backfill[row]; }

    /** Forward return of {@code row} over {@code horizon} (1, 3, 5 or 20) days. */
    public double forward(int row, int horizon) { return forward[horizonIndex(horizon)][row]; }

    double[] forwardColumn(int horizon) { return forward[horizonIndex(horizon)]; }
    double[] flatNumeric() { return numeric; }

    public double[] numericColumn(int c) {
        double[] out = new double[dates.length];
        for (int i = 0; i < out.length; i++) out[i] = numeric[i * dims + c];
        return out;
    }

    /** Row of {@code date}, or -1 when it is not a trade date here. */
    public int rowOf(LocalDate date) {
        int k = Arrays.binarySearch(epochDay, date.toEpochDay());
        return k >= 0 ? k : -1;
    }

    /** Number of rows dated strictly before {@code date}. */
    public int rowsBefore(LocalDate date) {
        int k = Arrays.binarySearch(epochDay, date.toEpochDay());
        return k >= 0 ? k : -k - 1;
    }

    static int horizonIndex(int horizon) {
        return switch (horizon) {
            case 1 -> 0;
            case 3 -> 1;
            case 5 -> 2;
            case 20 -> 3;
            default -> throw new IllegalArgumentException("horizon must be 1, 3, 5 or 20");
        };
    }

    private static int[][] deepCopy(int[][] a) {
        int[][] out = new int[a.length][];
        for (int i = 0; i < a.length; i++) out[i] = a[i].clone();
        return out;
    }
}
