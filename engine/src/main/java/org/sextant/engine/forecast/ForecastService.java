package org.sextant.engine.forecast;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.CloseBatches;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.exchange.ForecastBacktestImport;
import org.sextant.engine.exchange.JobOutput;
import org.sextant.engine.exchange.CappedFailures;
import org.sextant.engine.exchange.ForecastScanImport;
import org.sextant.engine.forecast.store.ForecastStore;
import org.sextant.engine.forecast.store.StoredForecastBacktest;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.forecast.global.GlobalPriceModels;
import org.sextant.engine.forecast.global.StoredPrices;
import org.sextant.engine.jobs.IfInterrupted;
import org.sextant.engine.jobs.JobContext;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.jobs.Jobs;
import org.sextant.engine.store.Store;

/**
 * Price forecasts as the facade offers them: live forecasts (stored ones reused while the prices
 * are unchanged, else the last ones this process made, else computed), walk-forward backtests
 * and their storage, universe scans and chart payloads. Reads never write the store; the
 * {@code *Job} methods, run inside writer jobs, store what they compute.
 */
public final class ForecastService {
    /** Most forecasts one synchronous scan computes (each costs seconds); the rest are left to a scan job. */
    public static final int SCAN_COMPUTE_LIMIT = 8;
    /** Closes a chart answer carries by default: about a year, which keeps an agent's answer small; more on request. */
    public static final int DEFAULT_CHART_DAYS = 250;
    private static final double[] LEVELS = ForecastBacktestRun.DEFAULT_LEVELS;

    private final Store store;
    private final PriceRepository prices;
    private final ForecastStore forecasts;
    private final LiveForecastCache<PriceForecast> liveCache = new LiveForecastCache<>();
    private final LiveForecastCache<BarForecast> barCache = new LiveForecastCache<>();
    /** Where the scans' fits run and go on past a call's budget, keeping their forecasts in {@link #liveCache}. */
    private final ScanFits scanFits = new ScanFits(liveCache);
    /** A scan's fit of one symbol's closes (tests inject a slow one). */
    private ScanFit scanFit = this::calibrated;
    /** How scans read their closes: a batch of symbols per query (tests: smaller batches, a reader they count or hold). */
    private CloseBatches scanBatches;
    private ScanCloses.Reader scanReader;
    private final OutlierWarnings outlierWarnings;
    private final GlobalPriceModels globalModels;
    /** This engine's catalogue: its {@code global} is the model trained here, not another engine's. */
    private final ForecastModels models;

    /** {@code globalModelDir}: where trained global models are kept (SEXTANT_HOME/models/global). */
    public ForecastService(Store store, PriceRepository prices, Path globalModelDir) {
        this(store, prices, StoredPrices.models(store, globalModelDir));
    }

    /** With the global models of the store kept elsewhere or trained with another configuration (tests). */
    public ForecastService(Store store, PriceRepository prices, GlobalPriceModels globalModels) {
        this.store = store;
        this.prices = prices;
        this.forecasts = new ForecastStore(store);
        this.outlierWarnings = new OutlierWarnings(store, prices, OutlierWarnings.CAPACITY);
        this.globalModels = globalModels;
        this.models = new ForecastModels(globalModels::current);
        readScansWith(new CloseBatches(store), null);
    }

    /** The model catalogue of this engine, whose {@code global} forecasts with the model trained on its store. */
    public ForecastModels models() { return models; }

    /** Forgets the in-memory live forecasts, stops the scans' fits under way and marks the global model stale (the prices changed). */
    public void invalidate() {
        scanFits.dataChanged(); // first: a fit ending meanwhile then keeps nothing that the clearing would miss
        liveCache.clear();
        barCache.clear();
        globalModels.dataChanged();
    }

    /** Stops the scans' fits under way (the engine closes). */
    public void close() {
        scanFits.close();
    }

    /**
     * Trains the global forecaster on every stored symbol's closes as a background job (progress,
     * cancel), for horizons up to {@code horizon} (default 20); the stored model is reused while the
     * data is unchanged.
     */
    public JobStatus startGlobalTraining(Jobs jobs, Integer horizon) {
        int h = Math.max(ForecastBacktestRun.horizon(horizon), GlobalPriceModels.DEFAULT_HORIZON);
        return jobs.submit("global_training", List.of("global:" + h), false, IfInterrupted.KEEPS_AT_END, ctx -> globalModels.train(h, ctx));
    }

    /** Whether {@code global} can forecast {@code horizon} steps (null: the default) on the current prices without a training first. */
    public boolean globalModelTrained(Integer horizon) {
        return globalModels.trained(ForecastBacktestRun.horizon(horizon));
    }

    /** A live forecast of {@code symbol} from its last close (see {@link #liveForecast}). */
    public PriceForecast forecast(String symbol, String model, Integer horizon, double[] levels, String calibration) {
        DigestedCloses closes = DigestedCloses.of(allCloses(symbol));
        return bySymbol(symbol, () -> liveForecast(closes, model, horizon, levels, calibration));
    }

    /** A symbol's whole daily closes, their bad-tick warning kept from them for this version of the symbol's data ({@link OutlierWarnings#keep}). */
    private PriceSeries allCloses(String symbol) {
        long version = outlierWarnings.version(symbol); // before the read, as OutlierWarnings reads it
        PriceSeries closes = prices.closes(symbol, null, null);
        outlierWarnings.keep(symbol, version, closes);
        return closes;
    }

    /** As {@link #allCloses}, every bar at {@code interval}: their warning is kept from them, not scanned for in the store again. */
    private BarSeries allBars(String symbol, String interval) {
        long version = outlierWarnings.version(symbol);
        BarSeries bars = prices.bars(symbol, interval, null, null);
        outlierWarnings.keep(symbol, interval, version, bars);
        return bars;
    }

    /**
     * A live forecast of the bars at {@code interval}, horizon in bars, targets along the session
     * ({@link BarForecast}): the one this process made from exactly these bars (kept in memory, so
     * a chart switching back to an interval or {@code get_reward_risk} after {@code get_forecast}
     * does not fit again), else computed now. Not stored.
     */
    public BarForecast forecastBars(String symbol, String interval, String model, Integer horizon, double[] levels, String calibration) {
        double[] lv = levels == null ? LEVELS : levels;
        ForecastInput.checkLevels(lv);
        String m = ForecastBacktestRun.modelName(model);
        int h = ForecastBacktestRun.horizon(horizon);
        BandCalibration cal = BandCalibration.parse(calibration);
        BarSeries bars = allBars(symbol, interval);
        ForecastInput.checkHorizonWithinHistory(bars.size(), h, models.forPrices(m).minLength(1), "bars");
        String key = LiveForecastCache.key(bars, fitted(m, h), h, lv, cal.wire());
        BarForecast known = barCache.get(key);
        if (known != null) return known;
        LiveForecastCost.refuseBeyondBudget(models, bars.size(), m, h, true);
        BarForecast f = bySymbol(symbol, () -> BarForecast.of(models, bars, m, h, lv, cal));
        barCache.put(key, f);
        return f;
    }

    /** Walk-forward errors of a model on the bars at {@code interval}: origins and horizon count bars ({@link BarBacktestError}); a read. */
    public BarBacktestError backtestErrorBars(String symbol, String interval, String model, Integer horizon, String origins, Double evalFraction,
                                              double[] levels) {
        BarSeries bars = allBars(symbol, interval);
        PriceSeries closes = BarForecast.closesOf(bars);
        BacktestCost.refuseBeyondBudget(models, closes, model, horizon, origins, evalFraction, null); // no job backtests bars
        return bySymbol(symbol, () -> BarBacktestError.of(bars,
                ForecastBacktestRun.run(models, closes, model, horizon, origins, evalFraction, null, levels, null)));
    }

    /**
     * {@link #backtestErrorBars} with default origins and levels, and each origin's forecast to overlay, in {@code calibration}
     * (null: the default), with the data warning a bar forecast at {@code interval} carries.
     */
    public BarBacktestOverlays backtestOverlaysBars(String symbol, String interval, String model, Integer horizon, String calibration) {
        BandCalibration cal = BandCalibration.parse(calibration);
        BarSeries bars = allBars(symbol, interval); // their warning kept from these bars, as a bar forecast's: not scanned for in the store
        return BarBacktestOverlays.of(bars, ForecastBacktestRun.run(models, BarForecast.closesOf(bars), model, horizon, null, null, null, null, null), cal,
                outlierWarnings.of(symbol, interval));
    }

    /** The {@link OutlierReturns} warning of {@code symbol}'s closes ({@code interval} null) or bars at {@code interval}, kept per store version ({@link OutlierWarnings}). */
    public String outlierWarning(String symbol, String interval) {
        return outlierWarnings.of(symbol, interval);
    }

    public ForecastStart resolveStart(String symbol, LocalDate asOf) {
        prices.requireDaily(symbol, "symbol", BARS_INSTEAD); // a week-aligned start is a day of daily prices
        PriceSeries all = prices.closes(symbol, null, null);
        return ForecastStart.resolve(all.symbol(), all.dates(), asOf);
    }

    /** Walk-forward errors of a model on a symbol; a read, nothing is stored. */
    public WalkForwardBacktest.Result backtestError(String symbol, String model, Integer horizon, String origins, Double evalFraction,
                                                    double[] levels) {
        PriceSeries closes = allCloses(symbol);
        BacktestCost.refuseBeyondBudget(models, closes, model, horizon, origins, evalFraction, BacktestCost.DAILY_JOB);
        return bySymbol(symbol, () -> backtestRun(models, DigestedCloses.of(closes), model, horizon, origins, evalFraction, levels, null).result());
    }

    /**
     * The work on one symbol's closes, its input refusals named by the symbol: a model checks its
     * input as "history", which no caller of get_forecast or get_backtest_error passed.
     */
    private static <T> T bySymbol(String symbol, java.util.function.Supplier<T> work) {
        return bySymbol(symbol, "symbol", work);
    }

    /** As {@link #bySymbol(String, java.util.function.Supplier)}, refusals naming {@code field} (a job's "symbols"). */
    private static <T> T bySymbol(String symbol, String field, java.util.function.Supplier<T> work) {
        try {
            return work.get();
        } catch (SextantException e) {
            if (!"history".equals(e.field())) throw e;
            throw said(symbol, e, field);
        } catch (Forecast.BandsNotNested e) {
            // a walk-forward origin of such prices: their bands, not the code, are at fault
            throw SextantException.invalid(field, symbol + ": " + PriceForecast.NO_BANDS, PriceForecast.NO_BANDS_FIX);
        }
    }

    /** Refusal {@code e} said of {@code symbol}'s closes, naming {@code field}. */
    private static SextantException said(String symbol, SextantException e, String field) {
        return new SextantException(e.reason(), symbol + ": " + e.getMessage(), field, e.fix(), e);
    }

    /** {@link #backtestError} stored, replacing the previous backtest of this symbol, model and horizon. A writer. */
    public WalkForwardBacktest.Result storeBacktest(String symbol, String model, Integer horizon, String origins, Double evalFraction,
                                                   double[] levels) {
        PinnedGlobalModels pinned = new PinnedGlobalModels(globalModels); // before the run: every origin fits the model it names
        String fitted = pinned.fitted(ForecastBacktestRun.modelName(model), ForecastBacktestRun.horizon(horizon));
        return storeBacktest(bySymbol(symbol, () -> backtestRun(pinned.models(), DigestedCloses.of(prices.closes(symbol, null, null)), model, horizon, origins, evalFraction,
                levels, null)), fitted, OutOfSampleStart.lastShare(evalFraction));
    }

    /**
     * Stores a computed backtest, replacing the previous one of its symbol, model and horizon; {@code fitted}: its model as
     * {@link PinnedGlobalModels#fitted} named it before the run (for one forecasting with the global model, which trained model). A writer.
     */
    private WalkForwardBacktest.Result storeBacktest(ForecastBacktestRun.Computed b, String fitted, String oosStart) {
        forecasts.replaceBacktest(b.symbol(), b.model(), b.horizon(), b.originsRule(), b.result(), b.rows(),
                new ForecastStore.BacktestCloses(madeWith(b.closesDigest(), fitted), b.closesFrom(), b.closesTo()), oosStart);
        return b.result();
    }

    /**
     * A scale-out forecast backtest job's output stored as local backtests are; names what came in and what the job reported
     * failed, and refuses (under {@code failed}) a backtest whose symbol is not stored or whose closes the store no longer holds.
     */
    public BacktestJobImport importBacktestJob(Path folder) {
        return importBacktestJob(folder, BacktestReplay.standard());
    }

    /**
     * As above, every backtest to store first checked by {@code replay} against the store's closes (recounted from its own
     * forecasts, run or fitted again by the app's kernel): one that is not what the kernel makes of them refuses the whole
     * output, nothing stored, so a verdict altered after the job is not shown as the chart's.
     */
    public BacktestJobImport importBacktestJob(Path folder, BacktestReplay replay) {
        return importBacktestJob(folder, replay, ForecastBacktestImport.BATCH);
    }

    /**
     * As above, the output read {@code batch} rows at a time, once for the checks and the replay's passes and once to store
     * (never held whole); every backtest stored in one transaction, so a refusal or failure at any row stores none.
     */
    public BacktestJobImport importBacktestJob(Path folder, BacktestReplay replay, int batch) {
        try (ForecastBacktestImport.Output out = ForecastBacktestImport.open(store, folder, batch)) {
            CappedFailures failed = out.failures(); // the job's own error rows, then the rows refused here
            java.util.Set<String> stored = storedSymbols();
            java.util.BitSet kept = new java.util.BitSet(); // the rows the first pass found stored on the closes they read, by their number
            String[] oosStart = {null}; // the job's --oos-start cell, as its kept rows say it: one job has one
            boolean[] told = {false};
            BacktestReplay.Rows rows = each -> {
                int[] no = {0};
                out.each(items -> {
                    for (ForecastBacktestImport.Item item : items) {
                        int k = no[0]++;
                        if (!told[0]) {
                            ForecastBacktestRun.Computed b = item.computed().job();
                            PriceSeries held = stored.contains(b.symbol()) ? heldCloses(b) : null;
                            String why = held == null ? "not in the store: import or gather it first"
                                    : closesChanged(b.closesDigest(), b.closesFrom(), b.closesTo(), DigestedCloses.of(held));
                            if (why != null) failed.add(ForecastScanImport.failure(b.symbol(), "symbol", why + ": export the prices again and re-run the job"));
                            else {
                                kept.set(k);
                                requireOosStart(item, held, oosStart[0]);
                                oosStart[0] = item.oosStart();
                            }
                        }
                        if (kept.get(k)) each.accept(item.computed());
                    }
                });
                told[0] = true;
            };
            PinnedGlobalModels pinned = new PinnedGlobalModels(globalModels); // one model per horizon for the whole import: the one the replay runs
            BacktestReplay.Replayed fitted = replay.check(pinned.models(), rows, this::heldCloses); // before anything is stored: a refusal stores none
            List<String> imported = new ArrayList<>();
            store.inTransactionBesidePrices(c -> {
                rows.each(row -> {
                    ForecastBacktestRun.Computed b = row.job();
                    try {
                        ForecastStore.replaceBacktest(c, b.symbol(), b.model(), b.horizon(), b.originsRule(), b.result(), b.rows(),
                                new ForecastStore.BacktestCloses(madeWith(b.closesDigest(), pinned.fitted(b.model(), b.horizon())), b.closesFrom(), b.closesTo()), oosStart[0]);
                    } catch (RuntimeException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    imported.add(b.symbol());
                });
                return null;
            });
            return new BacktestJobImport(imported, failed.listed(), fitted.fitted(), fitted.origins(), out.mostHeld(),
                    out.recordsOosStart() ? oosStart[0] : OutOfSampleStart.NOT_RECORDED); // null: no backtest stored to say it of
        }
    }

    /**
     * Refuses the whole output at a row whose --oos-start cell is not where its scored origins start on the store's closes
     * {@code held} (the ones it read), or is not the cell of the job's rows before it ({@code before}, null: none yet). A row
     * without the cell (an output written before the job recorded it) passes: its backtest is stored as not recording it.
     */
    private static void requireOosStart(ForecastBacktestImport.Item item, PriceSeries held, String before) {
        String cell = item.oosStart();
        if (cell == null) return;
        String where = item.computed().where();
        if (before != null && !before.equals(cell)) {
            throw JobOutput.corrupt(where, "oos_start", "is not the --oos-start of the job's other rows (one job has one)", "forecast-backtest");
        }
        ForecastBacktestRun.Computed b = item.computed().job();
        java.util.OptionalInt first = b.rows().stream().filter(f -> f.calibration().equals(BandCalibration.MODEL.wire()))
                .mapToInt(StoredForecast::historyRows).min();
        int placed;
        try {
            List<LocalDate> dates = held.dates();
            int[] origins = OriginRule.parse(BacktestRecount.rule(b)).origins(dates, ForecastBacktestRun.firstOrigin(dates, null, OutOfSampleStart.parse(cell)));
            placed = origins.length == 0 ? -1 : origins[0];
        } catch (SextantException afterTheCloses) {
            placed = -1;
        }
        if (first.isEmpty() || placed != first.getAsInt()) {
            throw JobOutput.corrupt(where, "oos_start", "is not where the row's scored origins start on the closes it read (its first origin is "
                    + (first.isEmpty() ? "missing" : first.getAsInt() < 1 || first.getAsInt() > held.dates().size()
                            ? "past the " + held.dates().size() + " closes it read" : held.dates().get(first.getAsInt() - 1).toString()) + ")", "forecast-backtest");
        }
    }

    /** The store's closes of the backtest's symbol between the first and last date it read. */
    private PriceSeries heldCloses(ForecastBacktestRun.Computed b) {
        return prices.closes(b.symbol(), b.closesFrom(), b.closesTo());
    }

    /** Why a backtest stored (or written by a job) before V053 is not shown or imported. */
    private static final String CLOSES_NOT_RECORDED = "it does not say which closes it read (stored before Sextant recorded it)";

    /** The symbols the store holds, listed once for a whole import. */
    private java.util.Set<String> storedSymbols() {
        java.util.Set<String> stored = new java.util.HashSet<>();
        for (SymbolInfo s : prices.symbols(null)) stored.add(s.symbol());
        return stored;
    }

    /**
     * Why the closes {@code held} (the store's from {@code from} to {@code to}) are not the ones of {@code digest} a backtest read,
     * or null when they are.
     */
    private static String closesChanged(String digest, LocalDate from, LocalDate to, DigestedCloses held) {
        if (digest == null) return CLOSES_NOT_RECORDED;
        if (digest.equals(held.digest())) return null;
        return "the store's closes from " + from + " to " + to + " differ from those the backtest read (" + held.prices().size() + " closes there now)";
    }

    /**
     * The stored backtest summary of a symbol, model and horizon, or null when none; {@code stale} when it was made from closes the
     * store no longer holds between its first and last date ({@code all}: the symbol's closes now), or before V053 said which.
     */
    private BacktestShown storedBacktest(String sym, String m, int h, DigestedCloses all) {
        ForecastStore.StoredBacktestSummary s = forecasts.backtest(sym, m, h);
        if (s == null) return new BacktestShown(null, null);
        ForecastStore.BacktestCloses made = s.madeFrom();
        String why = made.digest() == null || made.from() == null || made.to() == null
                ? CLOSES_NOT_RECORDED
                : backtestClosesChanged(made.digest(), made.from(), made.to(), between(all, made.from(), made.to()), m, h);
        if (why == null) return new BacktestShown(s.summary(), null);
        return new BacktestShown(null, "the stored " + m + " backtest (horizon " + h + ", run " + s.summary().get("created_at") + ") is not shown: " + why
                + "; run the backtest again");
    }

    /**
     * {@link #closesChanged} for a stored backtest of model {@code m} at horizon {@code h}: one made with the global model also
     * names which trained model ran it. The closes' digest is hashed once, for both checks.
     */
    private String backtestClosesChanged(String digest, LocalDate from, LocalDate to, DigestedCloses held, String m, int h) {
        String fitted = fitted(m, h);
        if (digest.equals(madeWith(held.digest(), fitted))) return null;
        if (ForecastModels.needsGlobalModel(m) && digest.startsWith(held.digest() + "+")) return otherGlobalModel(fitted);
        return closesChanged(digest, from, to, held);
    }

    /** Why a stored answer of the very closes, made with the global model, is not shown: that model is not the one that forecasts now. */
    private static String otherGlobalModel(String fitted) {
        return fitted.endsWith("@" + PinnedGlobalModels.UNTRAINED) ? "no global model is trained on the current prices for its horizon"
                : "the global model it was made with is not the one that forecasts now (trained again, its file replaced, or the prices it trains on changed)";
    }

    /** What a stored backtest shows: its summary, or null with {@code staleNote} saying why it is not shown (both null: none stored). */
    private record BacktestShown(Map<String, Object> summary, String staleNote) {}

    /** The closes of {@code c} dated from..to: {@code c} itself (its digest hashed once) when that is all of them. */
    private static DigestedCloses between(DigestedCloses c, LocalDate from, LocalDate to) {
        PriceSeries p = c.prices();
        int a = 0, b = p.size();
        while (a < b && p.dates().get(a).isBefore(from)) a++;
        while (b > a && p.dates().get(b - 1).isAfter(to)) b--;
        if (a == 0 && b == p.size()) return c;
        return DigestedCloses.of(new PriceSeries(p.symbol(), from, to, p.dates().subList(a, b), Arrays.copyOfRange(p.close(), a, b),
                Arrays.copyOfRange(p.adjClose(), a, b)));
    }

    /**
     * Stores the live forecasts a scale-out scan job made, as a local scan job stores its own, so
     * that scans with the same model, horizon and calibration rank them without computing. A
     * forecast is refused (listed under {@code failed}) when the symbol is not in the store or its
     * stored closes up to the origin are not the ones the job read. A writer.
     */
    public ScanJobImport importScanJob(Path folder) {
        return importScanJob(folder, ScanReplay.standard());
    }

    /**
     * As above, the forecasts {@code replay} chooses fitted again from the store's closes by the kernel the job called
     * ({@link PriceForecast#calibrated}): one that does not come out as the job wrote it refuses the whole output, so a
     * forecast altered after the job (its bands and its row alike) is not stored and shown as live.
     */
    public ScanJobImport importScanJob(Path folder, ScanReplay replay) {
        ForecastScanImport.Read read = ForecastScanImport.read(store, folder);
        List<String> imported = new ArrayList<>();
        CappedFailures failed = read.skipped();
        Map<String, ForecastScanImport.Requested> toStore = new java.util.LinkedHashMap<>(); // by key: a forecast listed twice is stored once
        java.util.Set<String> stored = storedSymbols(); // listed once, not once per forecast
        Map<String, double[]> storeRanks = new java.util.HashMap<>(); // by key, from the closes read here once
        Map<String, Integer> storeRows = new java.util.HashMap<>(); // by key: what prices its fits, never the files' history_rows
        StandInCloses standIns = new StandInCloses(models, replay); // the closes read here, for the own medians the budget's share reaches
        for (ForecastScanImport.Requested r : read.forecasts()) {
            StoredForecast f = r.forecast();
            String why = notReadable(f, stored);
            // read and hashed once: checked, then stored from
            DigestedCloses upTo = why == null ? DigestedCloses.of(prices.closes(f.symbol(), null, f.origin())) : null;
            if (why == null) why = closesDiffer(f, upTo);
            if (why != null) {
                failed.add(ForecastScanImport.failure(f.symbol(), "symbol", why));
                continue;
            }
            // the replay prices every fit by f.historyRows() and fits the store's closes: a smaller claim would fit them all "within" any budget
            if (f.historyRows() != upTo.prices().size()) throw historyRowsDiffer(r.where(), f, upTo.prices().size());
            // a fallback to the model's bands is not stored under the requested calibration, as storeLive does
            BandCalibration cal = BandCalibration.parse(r.calibration());
            String fitted = fitted(f.model(), f.horizon());
            if (f.calibration().equals(cal.wire()) && storedLive(upTo, f.model(), fitted, f.horizon(), LEVELS, cal, null) == null) {
                String key = f.symbol() + "|" + f.model() + "|" + f.horizon() + "|" + f.kind() + "|" + f.calibration() + "|" + f.origin();
                boolean first = !toStore.containsKey(key);
                toStore.put(key, new ForecastScanImport.Requested(withDigest(f, madeWith(upTo.digest(), fitted)), r.calibration(), r.where()));
                if (first) {
                    storeRanks.put(key, ScanStoreRanks.ratios(upTo.prices(), f.horizon()));
                    storeRows.put(key, upTo.prices().size());
                    standIns.add(f.model(), f.horizon(), upTo.prices());
                }
            }
            imported.add(f.symbol());
        }
        ScanReplay.Sample replayed = replay(List.copyOf(toStore.values()), toStore.keySet().stream().map(storeRanks::get).toList(),
                toStore.keySet().stream().mapToInt(storeRows::get).toArray(), standIns, replay);
        forecasts.save(toStore.values().stream().map(ForecastScanImport.Requested::forecast).toList()); // one transaction: a stopped import stores none
        return new ScanJobImport(imported, failed.listed(), replayed.chosen().size(), toStore.size(), replayed.unfitted(replay.budgetSeconds()));
    }

    /**
     * Fits again the forecasts among {@code toStore} that {@code replay} chooses, each from the store's closes up to its
     * origin (checked above to be the job's), and refuses the output, naming the symbol, when one differs; how many it fitted.
     * {@code storeRanks}: each one's reward/risk as drift's line on the store's closes ranks it ({@link ScanStoreRanks}); a model
     * whose stand-in is its own median is fitted once more on them when the budget's share reaches it, from the closes
     * {@code own} kept of those read above, which a chosen forecast is fitted on too when kept. {@code storeRows}: each one's count of the store's closes up to its origin,
     * which prices its fits (the files' history_rows, checked equal above, is never what an estimate reads).
     */
    private ScanReplay.Sample replay(List<ForecastScanImport.Requested> toStore, List<double[]> storeRanks, int[] storeRows, StandInCloses own,
                                     ScanReplay replay) {
        List<StoredForecast> fs = toStore.stream().map(ForecastScanImport.Requested::forecast).toList();
        ScanReplay.Sample sample = replay.sample(fs, ScanReplay.fitsOnStore(models, fs, storeRows), storeRanks, own);
        for (int i : sample.chosen()) {
            ForecastScanImport.Requested r = toStore.get(i);
            StoredForecast f = r.forecast();
            PriceSeries upTo = own.held(i); // the closes the check read, when the stand-ins kept them: one read a symbol
            if (upTo == null) upTo = prices.closes(f.symbol(), null, f.origin());
            String wrong;
            try {
                wrong = ScanReplay.differs(f, PriceForecast.calibrated(models, upTo, f.model(), f.horizon(), LEVELS, BandCalibration.parse(r.calibration())));
            } catch (SextantException refused) { // the job forecast closes the model refuses here
                wrong = "the forecast itself";
            }
            if (wrong != null) {
                throw org.sextant.engine.exchange.JobOutput.corrupt(r.where(), "forecast_json", "is not the forecast model " + f.model() + " makes of the store's closes up to "
                        + f.origin() + " (fitted again here, " + wrong + " differs)", "forecast-scan");
            }
        }
        return sample;
    }

    /** Why a job's forecast cannot be checked against the store (its symbol is not among {@code stored}, it names no closes), or null. */
    private static String notReadable(StoredForecast f, java.util.Set<String> stored) {
        if (!stored.contains(f.symbol())) return "not in the store: import or gather it first";
        if (f.closesDigest() == null) {
            return "the job's output does not say which closes it read (an earlier sextant-spark wrote it): export the prices again and re-run the job";
        }
        return null;
    }

    /** The refusal of a forecast whose history_rows is not the count of the closes its closes_digest names ({@code here}: the store's). */
    private static SextantException historyRowsDiffer(String where, StoredForecast f, int here) {
        return org.sextant.engine.exchange.JobOutput.corrupt(where, "forecast_json", "says history_rows " + f.historyRows() + " where the closes up to "
                + f.origin() + " its closes_digest names are " + here + " closes here", "forecast-scan");
    }

    /** Why the store's closes up to the origin ({@code upTo}) are not the ones a job's forecast was made from, or null when they are. */
    private static String closesDiffer(StoredForecast f, DigestedCloses upTo) {
        if (!f.closesDigest().equals(upTo.digest())) {
            int here = upTo.prices().size();
            return "the store's closes up to " + f.origin() + " differ from the job's input (" + here + " closes here, "
                    + f.historyRows() + " in the job" + (here == f.historyRows() ? ", some of them changed since" : "")
                    + "): export the prices again and re-run the job";
        }
        return null;
    }

    /**
     * What an import of a forecast job stored ({@code imported}: symbols), the symbols it could not use, with the reason, and
     * how many of the job's rows it computed again here ({@code replayed}) of how many ({@code replayedOf}); each kind adds
     * what only it has ({@link ScanJobImport}, {@link BacktestJobImport}).
     */
    public sealed interface ForecastJobImport permits ScanJobImport, BacktestJobImport {
        List<String> imported();

        List<Map<String, Object>> failed();

        int replayed();

        int replayedOf();
    }

    /**
     * A scan's import: {@code replayed} of the {@code replayedOf} forecasts stored were fitted again, and {@code unfitted}
     * says what the budget left (null when nothing).
     */
    public record ScanJobImport(List<String> imported, List<Map<String, Object>> failed, int replayed, int replayedOf, String unfitted)
            implements ForecastJobImport {}

    /**
     * A backtest job's import: {@code replayed} of the {@code replayedOf} scored origins were fitted again, the output
     * was read holding at most {@code rowsHeld} rows parsed at once, and {@code oosStart} is the job's --oos-start as its rows
     * said it (a date, "last 40%", {@link OutOfSampleStart#NOT_RECORDED} by an output written before the column, or null
     * when no backtest was stored).
     */
    public record BacktestJobImport(List<String> imported, List<Map<String, Object>> failed, int replayed, int replayedOf, int rowsHeld,
                                    String oosStart) implements ForecastJobImport {}

    private static ForecastBacktestRun.Computed backtestRun(ForecastModels models, DigestedCloses p, String model, Integer horizon, String origins,
                                                            Double evalFraction, double[] levels, JobContext ctx) {
        return ForecastBacktestRun.run(models, p, model, horizon, origins, evalFraction, null, levels, ctx == null ? null : ctx::checkCancelled);
    }

    /**
     * One symbol's answer in a forecast job: its live forecast, when asked its stored backtest, and the data warning of
     * its closes (get_forecast's text for the symbol; null when none).
     */
    public record SymbolForecast(PriceForecast forecast,
                                 @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                                 WalkForwardBacktest.Result backtest,
                                 @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                                 String dataWarning,
                                 @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                                 RealisedCloses realised) {
        public SymbolForecast(PriceForecast forecast, WalkForwardBacktest.Result backtest) {
            this(forecast, backtest, null, null);
        }

        public SymbolForecast(PriceForecast forecast, WalkForwardBacktest.Result backtest, String dataWarning) {
            this(forecast, backtest, dataWarning, null);
        }
    }

    /**
     * A forecast job's work: stored symbols (canonical, distinct), model, horizon, whether to backtest, and the day it forecasts
     * as of ({@code asOf}; null: the last completed week).
     */
    public record JobRequest(List<String> symbols, String model, int horizon, boolean backtest, LocalDate asOf) {
        public String kind() { return backtest ? "forecast_backtest" : "forecast"; }

        /** What the job works on: one subject per symbol, model, horizon (and as_of: a past forecast joins no latest one's job). */
        public List<String> subjects() {
            return symbols.stream().map(x -> x + ":" + model + ":" + horizon + (asOf == null ? "" : ":as_of=" + asOf)).toList();
        }

        /** The job stores each symbol's forecast as it goes: those stay when the app stops while it runs. */
        public IfInterrupted ifInterrupted() { return ForecastsWritten.IF_INTERRUPTED; }
    }

    /** The fix for a symbol with bars only where jobs and scans want daily prices. */
    private static final String BARS_INSTEAD = "forecast jobs and scans use daily prices; forecast its bars with get_forecast and an interval";

    /**
     * A forecast job's request, checked before the job exists: every symbol stored, model and horizon valid, and {@code asOf}
     * (null: none) within each symbol's stored days.
     */
    public JobRequest forecastJobRequest(List<String> symbols, String model, Integer horizon, boolean backtest, LocalDate asOf) {
        if (symbols == null || symbols.isEmpty()) {
            throw SextantException.invalid("symbols", "no symbol to forecast", "name one or more symbols from list_symbols");
        }
        List<String> syms = symbols.stream().map(s -> prices.requireDaily(s, "symbols", BARS_INSTEAD)).distinct().toList();
        ForecastModels.refuseGlobalAsOf(ForecastBacktestRun.modelName(model), asOf);
        if (asOf != null) {
            for (String sym : syms) {
                SymbolInfo info = prices.dailySymbol(sym);
                if (info != null) ForecastStart.checkWithin(sym, info.firstDate(), info.lastDate(), asOf);
            }
        }
        return new JobRequest(syms, ForecastBacktestRun.modelName(model), ForecastBacktestRun.horizon(horizon), backtest, asOf);
    }

    /** The body of a forecast job: each symbol's week-aligned live forecast and optionally its backtest, both stored. A writer. */
    public Map<String, SymbolForecast> forecastJob(JobRequest r, JobContext ctx) {
        List<String> symbols = r.symbols();
        Map<String, SymbolForecast> results = new LinkedHashMap<>();
        List<String> stored = new ArrayList<>();
        try {
            forecastEach(r, ctx, results, stored);
        } catch (java.util.concurrent.CancellationException e) {
            // each symbol is stored as it is done: the job says which were before the cancel or its time limit
            throw new ForecastsWritten(stored.size(), symbols.size(), stored, null).stopped(e);
        } catch (RuntimeException e) {
            throw new ForecastsWritten(stored.size(), symbols.size(), stored, null).failed(e); // and before the failure
        }
        return results;
    }

    private void forecastEach(JobRequest r, JobContext ctx, Map<String, SymbolForecast> results, List<String> stored) {
        List<String> symbols = r.symbols();
        String model = r.model();
        int horizon = r.horizon();
        for (int i = 0; i < symbols.size(); i++) {
            ctx.checkCancelled();
            String sym = symbols.get(i);
            double share = 1.0 / symbols.size();
            ctx.progress(i * share, "forecasting " + sym + " (" + (i + 1) + "/" + symbols.size() + ")");
            PriceSeries all = allCloses(sym); // their warning kept from them: the result's is get_forecast's, no second read
            BandCalibration cal = BandCalibration.parse(null);
            DigestedCloses upTo = DigestedCloses.of(ForecastScan.weekAligned(all, r.asOf())); // hashed once: looked up, kept and stored
            PinnedGlobalModels pinned = new PinnedGlobalModels(globalModels); // the backtest's every origin fits the model it is stored as
            String fitted = pinned.fitted(model, horizon);
            try {
                // a past forecast is stored under its origin, as a scan's: the chart's and get_forecast's latest one is not replaced
                PriceForecast f = storeLive(upTo, model, fitted, horizon, cal,
                        bySymbol(sym, "symbols", () -> liveForecast(upTo, model, fitted, horizon, LEVELS, null)));
                stored.add(sym);
                WalkForwardBacktest.Result b = null;
                if (r.backtest()) {
                    ctx.progress((i + 0.3) * share, "backtesting " + sym + " (" + (i + 1) + "/" + symbols.size() + ")");
                    // the closes the live forecast read, their digest hashed once, when they are all of them (the last close ends a week)
                    DigestedCloses whole = upTo.prices() == all ? upTo : DigestedCloses.of(all);
                    b = r.asOf() == null ? storeBacktest(bySymbol(sym, "symbols", () -> backtestRun(pinned.models(), whole, model, horizon, null, null, null, ctx)),
                            fitted, OutOfSampleStart.LAST_40)
                            // up to the start and not stored: the stored backtest is the chart's, of the whole history
                            : bySymbol(sym, "symbols", () -> backtestRun(pinned.models(), upTo, model, horizon, null, null, null, ctx)).result();
                }
                PriceSeries start = upTo.prices();
                results.put(sym, r.asOf() == null ? new SymbolForecast(f, b, outlierWarnings.of(sym, null))
                        : new SymbolForecast(f, b, OutlierWarnings.daily(ForecastScan.dataWarning(start), sym, start.dates(), prices::storedIntervals),
                                RealisedCloses.of(f, all, start.size())));
            } catch (SextantException e) {
                // the job's one horizon: "longer than the 4 closes of history" must say whose, the argument at fault still horizon
                if (!"horizon".equals(e.field())) throw e;
                throw said(sym, e, e.field());
            }
        }
    }

    // ---- scans ----------------------------------------------------------------------------

    /** Where a scan reports its progress: nowhere for a read, the job's record for a scan job. */
    @FunctionalInterface
    private interface ScanProgress {
        void report(double done, String message);
    }

    /**
     * A read: at most {@link #SCAN_COMPUTE_LIMIT} forecasts are computed, and only as many as their estimated
     * fits allow in {@link BacktestCost#BUDGET_SHARE} of the request's budget; the rest are listed as not computed.
     */
    public ScanResult scan(ForecastScan.Request request) {
        long left = org.sextant.engine.jobs.Cancellation.nanosLeft();
        return scan(request, left == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : BacktestCost.BUDGET_SHARE * Math.max(0, left) / 1e9);
    }

    /** {@link #scan(ForecastScan.Request)} whose missing forecasts may take {@code allowance} estimated seconds (tests inject it). */
    ScanResult scan(ForecastScan.Request request, double allowance) {
        return scan(request, allowance, readsEnd());
    }

    /** As above, reading closes until {@code timeUp} says the call must answer (tests: a time that ends after a count of reads). */
    ScanResult scan(ForecastScan.Request request, double allowance, BooleanSupplier timeUp) {
        ScanAllowance computing = new ScanAllowance(SCAN_COMPUTE_LIMIT, allowance, scanFits);
        boolean answered = false;
        try {
            ScanResult answer = scan(request, computing, (done, message) -> { }, timeUp, null, null);
            // a caller gone by now never reads the note saying to call again: the fit it left going on is nobody's
            answered = !org.sextant.engine.jobs.Cancellation.stopRequested();
            return answer;
        } finally {
            computing.settle(answered);
        }
    }

    /**
     * When a scan stops reading closes under its request's budget: at nine tenths of what is left of it (as a fit's wait,
     * {@link ScanAllowance}), the rest to rank and answer; never without a budget (a job).
     */
    private static BooleanSupplier readsEnd() {
        long left = org.sextant.engine.jobs.Cancellation.nanosLeft();
        if (left == Long.MAX_VALUE) return () -> false;
        long end = System.nanoTime() + left - left / 10;
        return () -> System.nanoTime() - end >= 0;
    }

    /** Scans read their closes in {@code batches}, through {@code reader} when not null (tests: a reader they count or hold). */
    void readScansWith(CloseBatches batches, ScanCloses.Reader reader) {
        this.scanBatches = batches;
        this.scanReader = reader != null ? reader : batches::read;
    }

    private PriceForecast calibrated(PriceSeries p, String model, int horizon, BandCalibration calibration) {
        return PriceForecast.calibrated(models, p, model, horizon, LEVELS, calibration);
    }

    /** A scan's fit of the closes {@code p}: the calibrated forecast, not yet kept. */
    @FunctionalInterface
    interface ScanFit {
        PriceForecast fit(PriceSeries p, String model, int horizon, BandCalibration calibration);
    }

    /** Scans fit with {@code fit} (tests: a slow fit they hold and count). */
    void fitScansWith(ScanFit fit) { this.scanFit = fit; }

    /** The scans' background fits (tests wait for them to end). */
    ScanFits scanFits() { return scanFits; }

    /** Checks a scan request and names its symbols, before a job exists. */
    public List<String> scanSubjects(ForecastScan.Request request) {
        ForecastScan.Request r = orDefault(request);
        r.sortLevel();
        r.topN();
        r.minHistoryRows();
        String m = ForecastBacktestRun.modelName(r.model());
        int h = ForecastBacktestRun.horizon(r.horizon());
        ForecastModels.refuseGlobalAsOf(m, r.asOf());
        return scanSymbols(r).stream().map(x -> x + ":" + m + ":" + h).toList();
    }

    /** Whose prices a scan job reads: the symbols it names, or with none every stored symbol's. */
    public org.sextant.engine.jobs.JobReach scanReach(ForecastScan.Request request) {
        ForecastScan.Request r = orDefault(request);
        return r.symbols() == null || r.symbols().isEmpty() ? org.sextant.engine.jobs.JobReach.WHOLE_STORE : org.sextant.engine.jobs.JobReach.of(scanSymbols(r));
    }

    /**
     * Starts a scan job (a writer) stopped after {@code timeLimitMinutes} (null: Jobs.DEFAULT_TIME_LIMIT, at most
     * Jobs.MAX_TIME_LIMIT, refused before the request is read); stopped, it keeps the forecasts it stored and says how many.
     */
    public JobStatus startScan(Jobs jobs, ForecastScan.Request request, Integer timeLimitMinutes) {
        java.time.Duration limit = Jobs.timeLimit(timeLimitMinutes);
        return jobs.submit("scan", scanSubjects(request), true, ForecastsWritten.IF_INTERRUPTED, limit, scanReach(request), ctx -> scanJob(request, ctx));
    }

    /** The body of a scan job: every forecast computed, and stored as it goes ({@link ScanJobStore}). A writer. */
    public ScanResult scanJob(ForecastScan.Request request, JobContext ctx) {
        return scanJob(request, ctx, ScanJobStore.BATCH);
    }

    /** As above, {@code batch} forecasts to a commit (tests: a commit per forecast or two). */
    ScanResult scanJob(ForecastScan.Request request, JobContext ctx, int batch) {
        ForecastScan.Request r = orDefault(request);
        ScanJobStore keep = new ScanJobStore(forecasts, batch);
        try {
            ScanResult answer = scan(r, new ScanAllowance(Integer.MAX_VALUE, Double.POSITIVE_INFINITY, scanFits), (done, message) -> {
                ctx.checkCancelled();
                ctx.progress(done, message + (keep.stored() > 0 ? ", " + keep.stored() + " stored" : ""));
            }, readsEnd(), keep::scanning, keep::add);
            keep.commit();
            return answer;
        } catch (java.util.concurrent.CancellationException stop) {
            throw keep.stopped(stop); // a cancel or the time limit keeps what was computed, and says how much
        } catch (RuntimeException failure) {
            throw keep.failed(failure); // a failure keeps what was committed, and says how much
        }
    }

    private static ForecastScan.Request orDefault(ForecastScan.Request r) {
        return r == null ? new ForecastScan.Request(null, null, null, null, null, null, null, null, null) : r;
    }

    /**
     * {@code keep}: where a job stores each forecast it computed as it goes, told first how many symbols it scans
     * ({@code scanning}); both null for a read, which stores nothing (a job's {@link ScanJobStore} is handed in as these two,
     * so no read route reaches its writes: the self-test's rule). No symbol's closes are held past it, only its row for the ranking.
     */
    private ScanResult scan(ForecastScan.Request req, ScanAllowance allowance, ScanProgress progress, BooleanSupplier timeUp,
                            java.util.function.IntConsumer scanning, java.util.function.Consumer<org.sextant.engine.forecast.store.StoredForecast> keep) {
        ForecastScan.Request r = orDefault(req);
        double level = r.sortLevel();
        int top = r.topN();
        int minHistory = r.minHistoryRows();
        String m = ForecastBacktestRun.modelName(r.model());
        int h = ForecastBacktestRun.horizon(r.horizon());
        BandCalibration cal = BandCalibration.parse(r.calibration());
        ForecastModels.refuseGlobalAsOf(m, r.asOf());
        List<String> syms = scanSymbols(r);
        List<ScanRow> rows = new ArrayList<>();
        List<ScanResult.Skipped> skipped = new ArrayList<>();
        List<String> notComputed = new ArrayList<>();
        if (scanning != null) scanning.accept(syms.size());
        long generation = scanFits.generation(); // before the prices are read: a fit of prices changed meanwhile is not kept
        ScanCloses closes = new ScanCloses(scanBatches.plan(syms), scanReader, timeUp);
        ScanStoredForecasts storedLive = new ScanStoredForecasts(forecasts, m, h, cal.wire(), syms); // not three queries a symbol
        String fitted = fitted(m, h); // once, before the fits: a model trained meanwhile is not said to be the one of this scan
        int unread = 0;
        for (int i = 0; i < syms.size(); i++) {
            String sym = syms.get(i);
            progress.report((double) i / syms.size(), "scanning " + sym + " (" + (i + 1) + "/" + syms.size() + ")");
            ForecastScan.SymbolOutcome o;
            DigestedCloses[] fittedOn = new DigestedCloses[1]; // the closes the forecast was made from, hashed once for its keys and row
            try {
                PriceSeries all = closes.next(sym, x -> prices.closes(x, null, null));
                if (all == null) { // its time is up: the rest are not read, and listed as not computed
                    unread = syms.size() - i;
                    notComputed.addAll(syms.subList(i, syms.size()));
                    break;
                }
                o = ForecastScan.scanSymbol(all, minHistory, r.asOf(), prices::storedIntervals,
                        upTo -> scanForecast(fittedOn[0] = DigestedCloses.of(upTo), m, fitted, h, cal, generation, allowance, storedLive));
            } catch (SextantException e) {
                o = new ForecastScan.SymbolOutcome(sym, null, e.getMessage(), null, null);
            }
            if (o.skipped() != null) skipped.add(new ScanResult.Skipped(sym, o.skipped()));
            else if (o.notComputed()) notComputed.add(sym);
            else {
                if (keep != null) keep.accept(liveRow(fittedOn[0], m, fitted, h, cal, o.forecast(), storedLive)); // null: stored already
                String unranked = ForecastScan.unranked(o.row(), level);
                if (unranked != null) skipped.add(new ScanResult.Skipped(sym, unranked));
                else rows.add(o.row());
            }
        }
        int scanned = syms.size();
        if (r.symbols() == null || r.symbols().isEmpty()) { // the whole store: say why the symbols with bars only are not in it
            Map<String, List<String>> stored = prices.storedIntervals(); // one query however many symbols have bars only
            for (SymbolInfo b : prices.barsOnlySymbols(null)) {
                skipped.add(new ScanResult.Skipped(b.symbol(), "only bars at " + String.join(", ", stored.getOrDefault(b.symbol(), List.of()))
                        + ": scans rank daily prices; its chart and get_forecast forecast its bars at an interval"));
                scanned++; // counted as looked at, so that scanned = ranked + skipped + not_computed
            }
        }
        int unfitted = notComputed.size() - unread;
        String note = notes(unfitted == 0 ? null : allowance.note(unfitted, m, h), closes.note(unread));
        return new ScanResult(ForecastScan.rank(rows, level, r.minRewardRisk(), top), m, h, level, cal.wire(), r.minRewardRisk(),
                minHistory, top, r.asOf(), ForecastStart.RULE, scanned, rows.size(), skipped, notComputed, note);
    }

    /** The notes of a scan that are not null, joined; null when there is none. */
    private static String notes(String... parts) {
        String joined = String.join("; ", java.util.Arrays.stream(parts).filter(java.util.Objects::nonNull).toList());
        return joined.isEmpty() ? null : joined;
    }

    /**
     * The forecast a scan ranks for {@code upTo}: the stored or kept one, else fitted if {@code allowance} lets it (not
     * refused on its estimate as {@link #liveForecast} is: a scan prices its forecasts against its whole allowance and
     * lists those it cannot afford as not computed, where a refusal would read as a skipped symbol); null: not now.
     * {@code stored}: the scan's stored forecasts of this model, horizon and calibration.
     */
    private PriceForecast scanForecast(DigestedCloses c, String m, String fitted, int h, BandCalibration cal, long generation,
                                       ScanAllowance allowance, ScanStoredForecasts stored) {
        PriceForecast known = knownLive(c, m, fitted, h, LEVELS, cal, stored);
        if (known != null) return known;
        PriceSeries upTo = c.prices();
        ForecastInput.checkHorizonWithinHistory(upTo.size(), h, models.forPrices(m).minLength(1), "closes");
        String key = LiveForecastCache.key(c, fitted, h, LEVELS, cal.wire());
        ScanFits.Job job = new ScanFits.Job(key, upTo.symbol(), LiveForecastCost.estimatedSeconds(models, upTo.size(), m, h), generation,
                () -> scanFit.fit(upTo, m, h, cal));
        return allowance.compute(job, () -> {
            PriceForecast f = job.work().get();
            scanFits.keep(key, generation, f);
            return f;
        });
    }

    private List<String> scanSymbols(ForecastScan.Request r) {
        if (r.symbols() == null || r.symbols().isEmpty()) return prices.symbols(null).stream().map(SymbolInfo::symbol).toList();
        r.checkSymbolCount();
        return r.symbols().stream().map(s -> prices.requireDaily(s, "symbols", BARS_INSTEAD)).distinct().toList();
    }

    // ---- live forecasts ---------------------------------------------------------------------

    /**
     * The live forecast made from exactly these prices: the stored one (a forecast job stored
     * it), else the one this process computed last (kept in memory), else computed now. A read:
     * it keeps what it computes in memory only ({@link #storeLive} is the writer). Refused at once
     * when its fits cannot end within the request's budget.
     */
    private PriceForecast liveForecast(DigestedCloses c, String model, Integer horizon, double[] levels, String calibration) {
        String m = ForecastBacktestRun.modelName(model);
        int h = ForecastBacktestRun.horizon(horizon);
        double[] lv = levels == null ? LEVELS : levels;
        ForecastInput.checkLevels(lv);
        return liveForecast(c, m, fitted(m, h), h, lv, calibration);
    }

    /**
     * As above, {@code fitted} being model {@code m} as {@link #fitted} named it before the fit (a model trained meanwhile is not
     * said to be this one): the stored forecast's check, the kept one's key and a job's stored row all use this one name.
     */
    private PriceForecast liveForecast(DigestedCloses c, String m, String fitted, int h, double[] lv, String calibration) {
        PriceSeries p = c.prices();
        ForecastInput.checkHorizonWithinHistory(p.size(), h, models.forPrices(m).minLength(1), "closes");
        BandCalibration cal = BandCalibration.parse(calibration);
        PriceForecast known = knownLive(c, m, fitted, h, lv, cal, null);
        if (known != null) return known;
        LiveForecastCost.refuseBeyondBudget(models, p.size(), m, h, false);
        PriceForecast f = PriceForecast.calibrated(models, p, m, h, lv, cal);
        liveCache.put(LiveForecastCache.key(c, fitted, h, lv, cal.wire()), f);
        return f;
    }

    /** Stores {@code f}, made from {@code c} by {@code m} as {@code fitted} names it ({@link #liveForecast}'s). A writer. */
    private PriceForecast storeLive(DigestedCloses c, String m, String fitted, int h, BandCalibration cal, PriceForecast f) {
        StoredForecast row = liveRow(c, m, fitted, h, cal, f, null);
        if (row != null) forecasts.save(List.of(row));
        return f;
    }

    /**
     * The stored row of {@code f}, made from {@code c} by {@code fitted}, or null when it is not to be stored: stored already
     * (looked up in a scan's {@code stored}, or the store when null), or a fallback to the model's bands, which is not stored
     * under the requested calibration.
     */
    private StoredForecast liveRow(DigestedCloses c, String m, String fitted, int h, BandCalibration cal, PriceForecast f,
                                   ScanStoredForecasts stored) {
        if (!f.calibration().equals(cal.wire()) || storedLive(c, m, fitted, h, LEVELS, cal, stored) != null) return null;
        PriceSeries p = c.prices();
        return new StoredForecast(p.symbol(), m, StoredForecast.LIVE, cal.wire(), f.origin(), h, f.lastClose(),
                p.size(), f.targetDates(), f.forecast(), f.coverage(), madeWith(c.digest(), fitted));
    }

    /**
     * What a stored live forecast or backtest made from closes of digest {@code closes} by {@code fitted} ({@link #fitted}) is
     * reused against: that digest, followed for a model forecasting with the global model by which trained model ran (its
     * file, named by horizon and the digest of the prices it trains on, and its checksum): another symbol's re-import, a
     * model of a smaller horizon trained since or a file replaced is another model, and the stored answer is not shown.
     */
    private static String madeWith(String closes, String fitted) {
        int at = fitted.indexOf('@'); // no model name has one
        return at < 0 ? closes : closes + "+global" + fitted.substring(at);
    }

    private static StoredForecast withDigest(StoredForecast f, String digest) {
        return new StoredForecast(f.symbol(), f.model(), f.kind(), f.calibration(), f.origin(), f.horizon(), f.lastClose(), f.historyRows(),
                f.targetDates(), f.forecast(), f.coverage(), digest);
    }

    /** Model {@code m} as a kept or stored forecast of horizon {@code h} names it: for one forecasting with the global model, which trained model. */
    private String fitted(String m, int h) {
        if (!ForecastModels.needsGlobalModel(m)) return m;
        return PinnedGlobalModels.fitted(m, globalModels.version(h));
    }

    /**
     * The stored or in-memory live forecast made from exactly these closes by {@code fitted}, or null; the stored ones looked
     * up in a scan's {@code stored} (null: in the store).
     */
    private PriceForecast knownLive(DigestedCloses c, String m, String fitted, int h, double[] levels, BandCalibration cal,
                                    ScanStoredForecasts stored) {
        StoredForecast hit = storedLive(c, m, fitted, h, levels, cal, stored);
        if (hit != null) {
            PriceSeries p = c.prices();
            return PriceForecast.assemble(p, PriceForecast.closes(p), models.forPrices(m).name(), hit.forecast(), levels,
                    hit.calibration(), hit.coverage(), CalibrationNotes.notes(storedNote(p, m, h, levels, hit.calibration()),
                            CalibrationNotes.sameBandNote(hit.forecast(), levels, hit.calibration())));
        }
        return liveCache.get(LiveForecastCache.key(c, fitted, h, levels, cal.wire()));
    }

    /** The calibration note of a stored live forecast, recomputed from the prices it was made from. */
    private String storedNote(PriceSeries p, String m, int h, double[] levels, String calibration) {
        int[] breaks = CalibrationNotes.gaps(p.dates());
        return CalibrationNotes.of(p.dates(), breaks, LiveCalibration.liveResiduals(models.forPrices(m), p.size(), h, breaks), levels, calibration);
    }

    private StoredForecast storedLive(DigestedCloses c, String m, String fitted, int h, double[] levels, BandCalibration cal,
                                      ScanStoredForecasts stored) {
        PriceSeries p = c.prices();
        if (p.size() == 0) return null;
        LocalDate origin = p.dates().get(p.size() - 1);
        List<StoredForecast> found = stored != null ? stored.at(p.symbol(), origin)
                : forecasts.find(p.symbol(), m, h, StoredForecast.LIVE, cal.wire(), origin, origin);
        if (found.isEmpty()) return null;
        String digest = madeWith(c.digest(), fitted); // the very closes: a re-import correcting older ones keeps the count and last close
        for (StoredForecast s : found) {
            boolean sameLevels = s.forecast().bands().size() == levels.length
                    && Arrays.stream(levels).allMatch(l -> s.forecast().bands().stream().anyMatch(b -> Math.abs(b.level() - l) < 1e-9));
            if (digest.equals(s.closesDigest()) && sameLevels) return s;
        }
        return null;
    }

    // ---- charts ------------------------------------------------------------------------------

    /** The chart answer of {@code symbol} (see {@link ChartData}); {@code days} 20..20000, default {@link #DEFAULT_CHART_DAYS}. */
    public ChartData chartData(String symbol, Integer days, String model, Integer horizon, String calibration, boolean overlays) {
        int n = days == null ? DEFAULT_CHART_DAYS : days;
        if (n < 20 || n > 20000) throw SextantException.invalid("days", "days must be 20..20000, was " + n, "e.g. 504 for about two years");
        String m = ForecastBacktestRun.modelName(model);
        int h = ForecastBacktestRun.horizon(horizon);
        BandCalibration cal = BandCalibration.parse(calibration);
        DigestedCloses read = DigestedCloses.of(allCloses(symbol)); // hashed once: the forecast's keys, and the backtest's check when it read them all
        PriceSeries all = read.prices();
        int from = Math.max(0, all.size() - n);
        int decimals = ChartPayload.priceDecimals(all.close(), from);
        PriceForecast f = bySymbol(all.symbol(), () -> liveForecast(read, m, h, LEVELS, cal.wire()));
        LocalDate windowStart = all.size() == 0 ? null : all.dates().get(from);
        StoredForecastBacktest stored = backtestOverlays(all.symbol(), m, h, cal, windowStart, read);
        List<StoredForecast> backtests = stored.forecasts();
        ChartData.PlotHints hints = new ChartData.PlotHints(
                all.symbol() + " daily " + (all.adjusted() ? "adjusted close" : "close") + " with a " + f.targetDates().size() + "-day " + m + " forecast (" + f.calibration() + " bands)",
                "closes as a line; the median dashed from the last close; one translucent band per level, widest palest");
        return new ChartData(all.symbol(), ChartPayload.closes(all, from, decimals), ChartPayload.live(f, decimals),
                ChartPayload.ratios(stored.summary()), backtests.size(),
                overlays ? backtests.stream().map(s -> ChartPayload.overlay(s, decimals)).toList() : null, stored.staleNote(), hints);
    }

    /** The stored walk-forward of a symbol from {@code from} on, one forecast per origin in {@code calibration} where it has one. */
    public StoredForecastBacktest backtestOverlays(String symbol, String model, Integer horizon, String calibration, LocalDate from) {
        String sym = prices.requireDaily(symbol);
        return backtestOverlays(sym, ForecastBacktestRun.modelName(model), ForecastBacktestRun.horizon(horizon), BandCalibration.parse(calibration), from,
                DigestedCloses.of(allCloses(sym)));
    }

    /** As above, {@code all} the symbol's closes now: a backtest made from other closes is not shown, its {@code staleNote} says why. */
    private StoredForecastBacktest backtestOverlays(String sym, String m, int h, BandCalibration cal, LocalDate from, DigestedCloses all) {
        BacktestShown shown = storedBacktest(sym, m, h, all);
        if (shown.summary() == null) return new StoredForecastBacktest(null, null, List.of(), outlierWarnings.of(sym, null), null, shown.staleNote());
        Map<LocalDate, StoredForecast> byOrigin = new TreeMap<>();
        for (StoredForecast s : forecasts.find(sym, m, h, StoredForecast.BACKTEST, null, from, null)) {
            StoredForecast cur = byOrigin.get(s.origin());
            if (s.calibration().equals(cal.wire()) || (cur == null && s.calibration().equals(BandCalibration.MODEL.wire()))) byOrigin.put(s.origin(), s);
        }
        Map<String, Object> summary = shown.summary();
        String rule = (String) summary.get("origins_rule");
        WalkForwardBacktest.Result result = Json.MAPPER.convertValue(summary, WalkForwardBacktest.Result.class);
        // the warning of the daily closes every stored backtest fits, kept per data version: a re-import that fixes them clears it
        return new StoredForecastBacktest(rule, result, new ArrayList<>(byOrigin.values()), outlierWarnings.of(sym, null), summary, null);
    }
}
