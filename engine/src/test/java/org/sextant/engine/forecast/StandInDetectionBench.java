package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.BiFunction;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.exchange.ForecastScanRows;
import org.sextant.engine.exchange.ScanOutputs;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.research.ResearchData;
import org.sextant.engine.research.sweep.Universe;

/**
 * How often the store's stand-ins single out a forge, by model (docs/scale-out.md, "How often the stand-ins catch a forge"):
 * a scan's real winner demoted (attack 25 H1) among a universe drawn from the Dow's closes cut at several ends, and a
 * backtest forged at a few origins (attack 25 M1) on Dow closes; the scan's by the import's stand-in ({@link ScanStoreRanks#ratios(ForecastModels,
 * PriceSeries, String, int)}), drift's line and the band around the model's own median from one fit; the backtest's by the import's
 * stand-in and a candidate (the gaps over their neighbours' spread). Args: models (default
 * drift,ets,arima), draws (default 200), parts (default scan,backtest).
 */
public final class StandInDetectionBench {
    private static final int HORIZON = 20, UNIVERSE = 40, BEST = 1, BT_CLOSES = 300, BT_HORIZON = 3, BT_SYMBOLS = 6;

    public static void main(String[] args) {
        String[] models = (args.length > 0 ? args[0] : "drift,ets,arima").split(",");
        int draws = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        boolean scan = args.length <= 2 || args[2].contains("scan"), backtest = args.length <= 2 || args[2].contains("backtest");
        for (String model : models) {
            if (scan) scan(model, draws);
            if (backtest) backtest(model);
        }
    }

    /** The Dow's 30 symbols cut at 850 and 1000 closes: 60 series. */
    static List<PriceSeries> pool() {
        Universe dow = ResearchData.dowJones(30, 1000);
        List<PriceSeries> pool = new ArrayList<>();
        for (int a = 0; a < dow.assets(); a++) {
            for (int cut : new int[]{850, 1000}) {
                List<java.time.LocalDate> dates = dow.dates().subList(0, cut);
                double[] c = Arrays.copyOf(dow.close()[a], cut);
                pool.add(new PriceSeries(dow.symbols().get(a) + "@" + cut, dates.get(0), dates.get(cut - 1), dates, c, c.clone()));
            }
        }
        return pool;
    }

    static void scan(String model, int draws) {
        long t0 = System.nanoTime();
        List<PriceSeries> pool = pool();
        List<Map<String, Object>> rows = new ArrayList<>();
        List<double[]> imports = new ArrayList<>(), drift = new ArrayList<>(), own = new ArrayList<>();
        for (PriceSeries p : pool) {
            ForecastScan.SymbolOutcome o = ForecastScan.scanSymbol(p, 10, null, upTo -> PriceForecast.calibrated(ForecastModels.BUILT_IN, upTo, model, HORIZON,
                    ForecastBacktestRun.DEFAULT_LEVELS, BandCalibration.parse("conformal")));
            Map<String, Object> row = ForecastScanRows.of(o, model, HORIZON, "conformal", 10, null, p.size());
            StoredForecast f = ForecastScanRows.forecast((String) row.get("forecast_json"));
            PriceSeries upTo = new PriceSeries(p.symbol(), p.dates().get(0), p.dates().get(f.historyRows() - 1), p.dates().subList(0, f.historyRows()),
                    Arrays.copyOf(p.close(), f.historyRows()), Arrays.copyOf(p.adjClose(), f.historyRows()));
            rows.add(row);
            imports.add(ScanStoreRanks.ratios(ForecastModels.BUILT_IN, upTo, model, HORIZON));
            drift.add(ScanStoreRanks.ratios(upTo, HORIZON));
            own.add(modelMedianRatios(upTo, model));
        }
        double fitSeconds = (System.nanoTime() - t0) / 1e9;
        int[] caught = new int[3], winner = new int[3];
        int targets = 0;
        for (int d = 0; d < draws; d++) {
            List<Integer> idx = new ArrayList<>();
            for (int i = 0; i < pool.size(); i++) idx.add(i);
            Collections.shuffle(idx, new Random(d));
            List<Integer> u = idx.subList(0, UNIVERSE);
            List<Integer> byFiles = new ArrayList<>(u);
            byFiles.sort(Comparator.comparingDouble((Integer i) -> ratio80(rows.get(i))).reversed());
            for (int k = 0; k < 3; k++) { // the real winner and the next two, each demoted in turn
                int target = byFiles.get(k);
                Map<String, Object> row = rows.get(target);
                StoredForecast f = ForecastScanRows.forecast((String) row.get("forecast_json"));
                int last = f.forecast().median().length - 1;
                double room = f.forecast().bands().stream().mapToDouble(b -> b.upper()[last] - f.forecast().median()[last]).min().orElseThrow();
                StoredForecast demoted = ScanOutputs.raised(row, -0.9 * room);
                List<StoredForecast> fs = new ArrayList<>();
                for (int i : u) fs.add(i == target ? demoted : ForecastScanRows.forecast((String) rows.get(i).get("forecast_json")));
                int at = u.indexOf(target);
                targets++;
                List<List<double[]>> stands = List.of(u.stream().map(imports::get).toList(), u.stream().map(drift::get).toList(),
                        u.stream().map(own::get).toList());
                for (int s = 0; s < stands.size(); s++) {
                    boolean hit = new ScanReplay(0, BEST, null).ranked(fs, stands.get(s)).contains(at);
                    if (hit) caught[s]++;
                    if (hit && k == 0) winner[s]++;
                }
            }
        }
        System.out.printf(Locale.ROOT, "scan | %s | %d of %d series | %d draws of %d, best %d | winner demoted: import's stand-in %.0f%%, drift's line %.0f%%,"
                        + " model median %.0f%% | any of the top 3 demoted: import %.0f%%, drift %.0f%%, model %.0f%% | fits %.0f s%n", model, UNIVERSE, pool.size(),
                draws, UNIVERSE, BEST, 100.0 * winner[0] / draws, 100.0 * winner[1] / draws, 100.0 * winner[2] / draws, 100.0 * caught[0] / targets,
                100.0 * caught[1] / targets, 100.0 * caught[2] / targets, fitSeconds);
    }

    /** The drift stand-in's band around the model's own median from one fit at the live origin, whatever the model (the import's for some). */
    static double[] modelMedianRatios(PriceSeries upTo, String model) {
        double[] y = PriceForecast.closes(upTo);
        double shift = Math.log(ForecastModels.BUILT_IN.forPrices(model).forecast(y, 1, HORIZON, ForecastBacktestRun.DEFAULT_LEVELS).median()[HORIZON - 1]
                / ScanStoreRanks.median(y, y.length, HORIZON));
        // the same ratios with the last close's drift line moved onto the model's median: scale the stand-in's band by exp(shift)
        double[] r = ScanStoreRanks.ratios(upTo, HORIZON, shift);
        return r;
    }

    /** Candidate: each gap over the median absolute gap of its 20 nearest origins (the row's own honest spread there). */
    static double[] local(double[] gaps) {
        double[] out = new double[gaps.length];
        for (int k = 0; k < gaps.length; k++) {
            List<Double> near = new ArrayList<>();
            for (int j = Math.max(0, k - 10); j <= Math.min(gaps.length - 1, k + 10); j++) if (j != k && !Double.isNaN(gaps[j])) near.add(Math.abs(gaps[j]));
            Collections.sort(near);
            double spread = near.isEmpty() ? Double.NaN : near.get(near.size() / 2);
            out[k] = spread > 0 ? gaps[k] / spread : gaps[k];
        }
        return out;
    }

    private static double ratio80(Map<String, Object> row) {
        var n = org.sextant.engine.Json.MAPPER.readTree((String) row.get("row_json")).path("reward_risk_80");
        return n.isNumber() ? n.asDouble() : Double.NEGATIVE_INFINITY;
    }

    /** Each of BT_SYMBOLS Dow symbols' backtest forged two ways; whether the first origin the replay fits is a forged one. */
    static void backtest(String model) {
        long t0 = System.nanoTime();
        Universe dow = ResearchData.dowJones(BT_SYMBOLS, BT_CLOSES);
        Forecaster honest = ForecastModels.BUILT_IN.forPrices(model);
        int[][] first = new int[2][2], within3 = new int[2][2];
        for (int a = 0; a < dow.assets(); a++) {
            double[] c = dow.close()[a];
            PriceSeries p = new PriceSeries(dow.symbols().get(a), dow.dates().get(0), dow.dates().get(BT_CLOSES - 1), dow.dates(), c, c.clone());
            ForecastBacktestRun.Computed h = ForecastBacktestRun.run(model, honest, p, BT_HORIZON, "1", null, null, null, null);
            BacktestRecount.Recount rc = BacktestRecount.of(h, p);
            Integer[] order = new Integer[rc.origins().length];
            for (int i = 0; i < order.length; i++) order[i] = i;
            Arrays.sort(order, (x, y) -> Double.compare(rc.originErrors()[y], rc.originErrors()[x]));
            Set<Integer> worst = new HashSet<>(), some = new HashSet<>();
            for (int i = 0; i < order.length / 20; i++) worst.add(rc.origins()[order[i]]);
            Random r = new Random(11 + a);
            while (some.size() < rc.origins().length / 20) some.add(rc.origins()[r.nextInt(rc.origins().length - BT_HORIZON)]);
            List<BiFunction<double[], Forecast, Double>> forges = List.of(
                    (history, f) -> worst.contains(history.length) ? Math.sqrt(c[history.length] / f.median()[0]) : 1.0,
                    (history, f) -> some.contains(history.length) ? 1.03 : 1.0);
            List<Set<Integer>> forged = List.of(worst, some);
            for (int k = 0; k < 2; k++) {
                ForecastBacktestRun.Computed job = ForecastBacktestRun.run(model, ReplayRows.scaled(honest, forges.get(k)), p, BT_HORIZON, "1", null, null, null, null);
                BacktestRecount.Recount jr = BacktestRecount.of(job, p);
                int kk = k;
                for (int s = 0; s < 2; s++) {
                    double[] gaps = s == 0 ? BacktestStandIn.gaps(c, jr.origins(), jr.originErrors(), BT_HORIZON)
                            : local(BacktestStandIn.gaps(c, jr.origins(), jr.originErrors(), BT_HORIZON));
                    List<Integer> pick = new BacktestReplay(0, 2, 0, null).chosen(jr.originErrors(), gaps);
                    if (forged.get(k).contains(jr.origins()[pick.get(0)])) first[k][s]++;
                    if (pick.subList(0, Math.min(3, pick.size())).stream().anyMatch(i -> forged.get(kk).contains(jr.origins()[i]))) within3[k][s]++;
                }
            }
        }
        System.out.printf(Locale.ROOT, "backtest | %s | %d Dow symbols of %d closes, horizon %d, every close | peeking at the worst 5%%: first pick forged"
                        + " drift %d, model %d (first 3: %d, %d) | 3%% worse at 5%%: first pick forged drift %d, model %d (first 3: %d, %d) | %.0f s%n",
                model, BT_SYMBOLS, BT_CLOSES, BT_HORIZON, first[0][0], first[0][1], within3[0][0], within3[0][1], first[1][0], first[1][1], within3[1][0],
                within3[1][1], (System.nanoTime() - t0) / 1e9);
    }
}
