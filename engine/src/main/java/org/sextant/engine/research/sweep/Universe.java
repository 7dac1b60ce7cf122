package org.sextant.engine.research.sweep;

import java.time.LocalDate;
import java.util.List;
import org.sextant.engine.SextantException;

/**
 * Aligned prices of several symbols on common bars: close[asset][t] and optionally open,
 * high and low (null when the data has none; fills at the next open need open, ATR needs high and low). Every price must be present and positive: a gap
 * would make a strategy trade on a price that did not exist. {@code dates} holds each bar's
 * trading day (one per bar of daily prices; intraday bars of one day share it), {@code axis} what a
 * bar is and how many make a year, {@code times} each bar's open time in UTC epoch seconds (null for
 * daily prices): what names a bar in a warning, kept as numbers (2,000,000 bars hold 16 MB). {@code lacking} names, per price
 * field left null ("open", "high", "low"), the symbols that miss it on a common bar, for a refusal to name them (empty when unknown).
 */
public record Universe(List<String> symbols, List<LocalDate> dates, double[][] open, double[][] high, double[][] low,
                       double[][] close, BarAxis axis, long[] times, java.util.Map<String, List<String>> lacking) {

    public Universe(List<String> symbols, List<LocalDate> dates, double[][] open, double[][] high, double[][] low,
                    double[][] close, BarAxis axis, long[] times) {
        this(symbols, dates, open, high, low, close, axis, times, java.util.Map.of());
    }

    /** Daily prices, annualised as they always were ({@link BarAxis#DAILY}). */
    public Universe(List<String> symbols, List<LocalDate> dates, double[][] open, double[][] high, double[][] low, double[][] close) {
        this(symbols, dates, open, high, low, close, BarAxis.DAILY, null);
    }

    public Universe {
        symbols = List.copyOf(symbols);
        dates = List.copyOf(dates);
        if (axis == null) axis = BarAxis.DAILY;
        lacking = lacking == null ? java.util.Map.of() : java.util.Map.copyOf(lacking);
        if (symbols.isEmpty()) throw SextantException.invalid("symbols", "the universe has no symbols", "name at least one symbol");
        if (close.length != symbols.size()) throw new IllegalArgumentException("one close series per symbol expected");
        if (dates.size() < 3) throw SextantException.invalid("from", "only " + dates.size() + " common dates in range; a strategy run needs at least " + Sweep.MIN_BARS,
                "widen the date range, or pick symbols whose histories overlap on at least " + Sweep.MIN_BARS + " dates");
        check("close", close, symbols, dates);
        if (open != null) check("open", open, symbols, dates);
        if (high != null) check("high", high, symbols, dates);
        if (low != null) check("low", low, symbols, dates);
        if (times != null && times.length != dates.size()) throw new IllegalArgumentException(times.length + " bar times for " + dates.size() + " bars");
    }

    /**
     * What names each bar in a warning: its date for daily prices, its open time for bars ("2010-01-04T09:30Z", as a
     * bar forecast's data_warning names it); computed when read, so a long series makes no list of strings.
     */
    public List<String> labels() {
        return new java.util.AbstractList<>() {
            @Override
            public String get(int t) {
                return times == null ? dates.get(t).toString()
                        : java.time.LocalDateTime.ofEpochSecond(times[t], 0, java.time.ZoneOffset.UTC) + "Z";
            }

            @Override
            public int size() { return dates.size(); }
        };
    }

    private static void check(String field, double[][] prices, List<String> symbols, List<LocalDate> dates) {
        for (int a = 0; a < prices.length; a++) {
            if (prices[a].length != dates.size()) throw new IllegalArgumentException(field + " of " + symbols.get(a) + " has " + prices[a].length + " values for " + dates.size() + " dates");
            for (int t = 0; t < prices[a].length; t++) {
                double p = prices[a][t];
                if (!(p > 0) || Double.isInfinite(p)) {
                    throw SextantException.invalid(field, symbols.get(a) + " has no usable " + field + " price on " + dates.get(t) + " (" + p + ")",
                            "choose a date range where every symbol has prices, or drop " + symbols.get(a));
                }
            }
        }
    }

    /**
     * The symbols on the dates where all of them have a price, oldest first: closes, and opens,
     * highs, lows when every row has them. {@code rows} holds per symbol date → {open, high,
     * low, close} (NaN where missing), as the store or a scale-out job reads them.
     */
    public static Universe onCommonDates(List<String> symbols, List<? extends java.util.Map<LocalDate, double[]>> rows) {
        List<LocalDate> dates = commonKeys(rows);
        return aligned(symbols, rows, dates, dates, BarAxis.DAILY, null);
    }

    /**
     * As {@link #onCommonDates}, annualised by the week each symbol trades ({@link BarAxis#byWeek}): the rule a run in
     * the app and a scale-out sweep both read daily prices with.
     */
    public static Universe onCommonDatesByWeek(List<String> symbols, List<? extends java.util.Map<LocalDate, double[]>> rows,
                                               java.util.function.Predicate<String> onContinuousSession) {
        List<LocalDate> dates = commonKeys(rows);
        List<List<LocalDate>> own = new java.util.ArrayList<>();
        for (java.util.Map<LocalDate, double[]> r : rows) own.add(new java.util.ArrayList<>(new java.util.TreeSet<>(r.keySet())));
        return aligned(symbols, rows, dates, dates, BarAxis.byWeek(symbols, own, dates, onContinuousSession), null);
    }

    /**
     * The symbols on the bars (by open time) where all of them have one, oldest first, as
     * {@link #onCommonDates} does for days; {@code tradingDay} dates each bar.
     */
    public static Universe onCommonBars(List<String> symbols, List<? extends java.util.Map<java.time.LocalDateTime, double[]>> rows,
                                        java.util.Map<java.time.LocalDateTime, LocalDate> tradingDay, BarAxis axis) {
        List<java.time.LocalDateTime> times = commonKeys(rows);
        long[] seconds = times.stream().mapToLong(t -> t.toEpochSecond(java.time.ZoneOffset.UTC)).toArray();
        return aligned(symbols, rows, times, times.stream().map(tradingDay::get).toList(), axis, seconds);
    }

    private static <K> List<K> commonKeys(List<? extends java.util.Map<K, double[]>> rows) {
        java.util.TreeSet<K> common = new java.util.TreeSet<>(rows.get(0).keySet());
        for (java.util.Map<K, double[]> r : rows) common.retainAll(r.keySet());
        return new java.util.ArrayList<>(common);
    }

    private static <K> Universe aligned(List<String> symbols, List<? extends java.util.Map<K, double[]>> rows, List<K> keys, List<LocalDate> dates, BarAxis axis,
                                        long[] times) {
        int n = keys.size(), k = symbols.size();
        double[][][] f = new double[4][k][n];
        boolean[] complete = {true, true, true, true};
        String[] fields = {"open", "high", "low"};
        java.util.Map<String, List<String>> lacking = new java.util.HashMap<>();
        for (int a = 0; a < k; a++) {
            boolean[] has = {true, true, true, true};
            for (int t = 0; t < n; t++) {
                double[] v = rows.get(a).get(keys.get(t));
                for (int j = 0; j < 4; j++) {
                    f[j][a][t] = v[j];
                    if (Double.isNaN(v[j])) has[j] = complete[j] = false;
                }
            }
            for (int j = 0; j < fields.length; j++) if (!has[j]) lacking.computeIfAbsent(fields[j], x -> new java.util.ArrayList<>()).add(symbols.get(a));
        }
        return new Universe(symbols, dates, complete[0] ? f[0] : null, complete[1] ? f[1] : null, complete[2] ? f[2] : null, f[3], axis, times, lacking);
    }

    /** These bars annualised with {@code barsPerYear} (as a stored run recorded them), why unsaid: the rule that decided it is not today's. */
    public Universe annualisedWith(double barsPerYear) {
        if (barsPerYear == axis.barsPerYear()) return this;
        return new Universe(symbols, dates, open, high, low, close, new BarAxis(axis.interval(), axis.session(), barsPerYear), times, lacking);
    }

    /** Closes only. */
    public static Universe ofCloses(List<String> symbols, List<LocalDate> dates, double[][] close) {
        return new Universe(symbols, dates, null, null, null, close);
    }

    /**
     * "which SAP.DE does not have on every bar in range" (the first five of the symbols lacking {@code field}, then how many more), or
     * "which this universe does not have" when they are not known: how a refusal of a strategy needing {@code field} names them.
     */
    public String whichLack(String field) {
        List<String> who = lacking.getOrDefault(field, List.of());
        if (who.isEmpty()) return "which this universe does not have";
        List<String> shown = who.size() > 5 ? List.of(String.join(", ", who.subList(0, 5)), (who.size() - 5) + " more") : who;
        String named = shown.size() == 1 ? shown.get(0) : String.join(", ", shown.subList(0, shown.size() - 1)) + " and " + shown.get(shown.size() - 1);
        return "which " + named + (who.size() == 1 ? " does" : " do") + " not have on every bar in range";
    }

    public int assets() { return close.length; }

    public int bars() { return dates.size(); }

    /** The annualisation factor of this universe's per-bar returns. */
    public double barsPerYear() { return axis.barsPerYear(); }

    /** One-bar close-to-close returns per asset; 0 on the first bar. */
    public double[][] barReturns() {
        double[][] r = new double[assets()][bars()];
        for (int a = 0; a < assets(); a++) for (int t = 1; t < bars(); t++) r[a][t] = close[a][t] / close[a][t - 1] - 1;
        return r;
    }

    /** First index on or after the date (bars() when none), used to place the out-of-sample split. */
    public int indexOf(LocalDate date) {
        for (int t = 0; t < dates.size(); t++) if (!dates.get(t).isBefore(date)) return t;
        return dates.size();
    }
}
