package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.SextantException;

/**
 * A universe scan: one row per symbol from its week-aligned forecast, reward/risk at 80, 95 and
 * 99%, filtered by a minimum ratio at the sort level and ranked by it, best first.
 */
public final class ForecastScan {
    public static final double[] LEVELS = {0.80, 0.95, 0.99};

    private ForecastScan() {}

    /**
     * @param symbols        null or empty: every symbol in the store
     * @param level          sort and filter level: 0.80, 0.95 or 0.99 (80/95/99 accepted); null: 0.95
     * @param minRewardRisk  rows below this ratio at the sort level are dropped; null: no filter
     * @param top            at most this many rows (1..1000); null: 20
     * @param minHistory     symbols with fewer closes on or before the start are skipped; null: 250
     * @param asOf           the week-aligned start is resolved on or before it; null: each series' last date
     */
    public record Request(List<String> symbols, String model, Integer horizon, Double level, Double minRewardRisk, Integer top,
                          Integer minHistory, String calibration, LocalDate asOf) {
        public double sortLevel() {
            double l = level == null ? 0.95 : level > 1 ? level / 100 : level;
            for (double x : LEVELS) if (Math.abs(x - l) < 1e-9) return x;
            throw SextantException.invalid("level", "level must be 80, 95 or 99 (or 0.8, 0.95, 0.99), was " + level, "e.g. 95");
        }

        /** Most symbols one scan request may name (each is a store read, and maybe a forecast). */
        public static final int MAX_SYMBOLS = org.sextant.contract.Bounds.MAX_SCAN_SYMBOLS;

        public void checkSymbolCount() {
            if (symbols != null && symbols.size() > MAX_SYMBOLS) {
                throw SextantException.invalid("symbols", symbols.size() + " symbols named, more than " + MAX_SYMBOLS,
                        "name at most " + MAX_SYMBOLS + " symbols, or omit symbols to scan the whole store");
            }
        }

        public int topN() {
            int t = top == null ? 20 : top;
            if (t < 1 || t > 1000) throw SextantException.invalid("top", "top must be 1..1000, was " + t, "e.g. 20");
            return t;
        }

        public int minHistoryRows() {
            int m = minHistory == null ? 250 : minHistory;
            if (m < 1) throw SextantException.invalid("min_history", "min_history must be >= 1 closes, was " + m, "e.g. 500 for about two years");
            return m;
        }
    }

    /**
     * What a scan made of one symbol: a row, or the reason it was skipped (too little history, or
     * the model's refusal), or neither when the forecaster gave none (a synchronous scan's limit).
     * {@code prices} are the week-aligned closes the forecast was made from (null when skipped).
     */
    public record SymbolOutcome(String symbol, ScanRow row, String skipped, PriceSeries prices, PriceForecast forecast) {
        public boolean notComputed() { return row == null && skipped == null; }
    }

    /**
     * The per-symbol scan kernel, the same locally and on a cluster (docs/scale-out.md): the
     * symbol's closes up to its week-aligned start on or before {@code asOf}, forecast by
     * {@code forecaster} (which may answer null: not computed now), as one row.
     */
    public static SymbolOutcome scanSymbol(PriceSeries all, int minHistory, LocalDate asOf, Function<PriceSeries, PriceForecast> forecaster) {
        return scanSymbol(all, minHistory, asOf, null, forecaster);
    }

    /**
     * As above, {@code intervals} giving a symbol's stored intervals for the fix of a row dated as weekly or monthly prices
     * ({@link PeriodicCloses}; null where they are not known, as on a cluster).
     */
    public static SymbolOutcome scanSymbol(PriceSeries all, int minHistory, LocalDate asOf, Function<String, List<String>> intervals,
                                           Function<PriceSeries, PriceForecast> forecaster) {
        // short whatever the start (even of a completed week): said before resolving one
        if (all.size() < minHistory) {
            return new SymbolOutcome(all.symbol(), null, "history " + all.size() + " closes < min_history " + minHistory, null, null);
        }
        try {
            PriceSeries upTo = weekAligned(all, asOf);
            // the forecast is fitted on the closes up to the start, not the whole stored history
            if (upTo.size() < minHistory) { // the whole history passed above: the start cut it
                return new SymbolOutcome(all.symbol(), null, "history " + upTo.size() + " closes on or before the start "
                        + upTo.dates().get(upTo.size() - 1) + " < min_history " + minHistory, null, null);
            }
            OutlierReturns.Findings data = dataWarning(upTo);
            if (!data.splits().isEmpty()) return new SymbolOutcome(all.symbol(), null, "not ranked: " + data.warning(), null, null);
            PriceForecast f = forecaster.apply(upTo);
            if (f == null) return new SymbolOutcome(all.symbol(), null, null, upTo, null);
            String warning = OutlierWarnings.daily(data, upTo.symbol(), upTo.dates(), intervals);
            return new SymbolOutcome(all.symbol(), ScanRow.of(f, upTo.size(), warning, weekNote(upTo.dates(), f.targetDates().size())),
                    null, upTo, f);
        } catch (SextantException e) {
            return new SymbolOutcome(all.symbol(), null, e.getMessage(), null, null);
        }
    }

    /**
     * What a row says of its symbol's week, as its forecast's header and a run's annualisation do: how many of which days its
     * {@code steps} counted when not business days ("20 trading days (Sunday to Thursday)", "20 calendar days"), and when its
     * week changed ("its week changed: it last traded a Saturday on 2013-06-22, and is read from 2013-06-23 on"); null for a
     * weekday symbol whose week did not change. Read from the dates the forecast stepped on ({@link TargetDates#of}); a weekday
     * symbol's holidays are not learnt for it (they change nothing said), so most rows of a scan cost a look at their week only.
     */
    public static String weekNote(List<LocalDate> dates, int steps) {
        WeekChange change = WeekChange.of(dates);
        if (!TargetDates.onWeekends(change.read())) return change.describe(); // business days, as TargetDates.of decides it
        TargetDates.Calendar c = TargetDates.of(dates);
        String days = c.horizonDays().equals(TargetDates.BUSINESS_DAYS) ? null : TargetDates.counted(steps, c.horizonDays());
        String changed = c.change().describe();
        if (days == null) return changed;
        return changed == null ? days : days + "; " + changed;
    }

    /**
     * The data warning of the closes a scan fits ({@link OutlierReturns}: splits, bad ticks, a far last close). A symbol with a
     * probable unadjusted split is not ranked: its bands span the split as a real move, so its reward/risk would top the
     * ranking (x118 at 95% for a 10:1 split), and a ranking is read from the top. A bad tick is ranked, its row carrying the
     * warning: it comes back, so the level the forecast starts from is the stored one (docs/forecast.md, "Bad ticks").
     */
    static OutlierReturns.Findings dataWarning(PriceSeries upTo) {
        return OutlierWarnings.findings(upTo);
    }

    /** The closes up to the week-aligned start on or before {@code asOf} (null: the series' last date). */
    public static PriceSeries weekAligned(PriceSeries all, LocalDate asOf) {
        ForecastStart start = ForecastStart.resolve(all.symbol(), all.dates(), asOf);
        int n = start.historyRows();
        if (n == all.size()) return all;
        return new PriceSeries(all.symbol(), all.from(), start.startDate(), List.copyOf(all.dates().subList(0, n)),
                Arrays.copyOf(all.close(), n), Arrays.copyOf(all.adjClose(), n));
    }

    /**
     * Why a row cannot be ranked at {@code level}, or null when it can: a band with no spread
     * (e.g. constant prices) has neither reward nor risk, and its null ratio is not the unbounded
     * one of a band with no downside, which ranks first.
     */
    public static String unranked(ScanRow r, double level) {
        if (!r.noSpread(level)) return null;
        return String.format(java.util.Locale.ROOT, "no spread at %.0f%%: the forecast band's edges are at the last close %s (e.g. unchanged prices), "
                + "so there is no reward/risk to rank; get_forecast shows its bands", 100 * level, r.lastClose());
    }

    /** Drops rows under the minimum ratio at the level and keeps the best {@code top}; a missing ratio (no downside) ranks first. */
    public static List<ScanRow> rank(List<ScanRow> rows, double level, Double minRewardRisk, int top) {
        List<ScanRow> kept = new ArrayList<>();
        for (ScanRow r : rows) {
            if (minRewardRisk == null || ratio(r, level) >= minRewardRisk) kept.add(r);
        }
        kept.sort(Comparator.comparingDouble((ScanRow r) -> ratio(r, level)).reversed().thenComparing(ScanRow::symbol));
        return kept.size() > top ? new ArrayList<>(kept.subList(0, top)) : kept;
    }

    private static double ratio(ScanRow r, double level) {
        Double v = r.rewardRisk(level);
        return v == null ? Double.POSITIVE_INFINITY : v;
    }
}
