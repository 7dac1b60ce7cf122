package org.sextant.engine.analogue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.sextant.engine.store.Store;

/**
 * What the facade delegates to: one matcher per benchmark, built from the store on first use and
 * dropped when prices or user signals change ({@link #invalidate()}).
 */
public final class AnalogueService {
    private final Store store;
    private final Map<String, AnalogueMatcher> matchers = new ConcurrentHashMap<>();
    /** Shared by the matchers: a matcher built after an import reads another data version, so never an earlier entry. */
    private final NoveltyReferences noveltyReferences = new NoveltyReferences(NoveltyReferences.CAPACITY);

    public AnalogueService(Store store) {
        this.store = store;
    }

    /** compare_to_history with the raw arguments of any transport (Map from JSON, CLI flags, API body). */
    public AnalogueResponse compareToHistory(Map<String, ?> args) {
        return matcher(AnalogueRequest.benchmarkSent(args)).match(args);
    }

    /** The walk-forward calibration report (matcher knobs plus step_days, warmup_days, include_points). */
    public CalibrationReport calibration(Map<String, ?> args) {
        return WalkForwardCalibration.run(matcher(AnalogueRequest.benchmarkSent(args)), args);
    }

    /** The signal registry of a benchmark's daily signals (builtin and user dimensions). */
    public List<SignalDefinition> signalDefinitions(String benchmark) {
        return matcher(benchmark == null ? AnalogueDefaults.BENCHMARK : benchmark).signals().registry().all();
    }

    /** Imports a user signal CSV (date,value) marked live or backfill; returns the number of values. */
    public int importSignal(Path csv, SignalDefinition definition, String provenance) {
        int n = UserSignalImport.importCsv(store, csv, definition, provenance);
        invalidate();
        return n;
    }

    /** Writes the benchmark's builtin daily signals into the daily_signals table (a write); returns the row count. */
    public int refreshDailySignals(String benchmark) {
        return SignalStore.materialise(store, matcher(benchmark == null ? AnalogueDefaults.BENCHMARK : benchmark).signals());
    }

    /** Forget the cached signals (call after any import of prices or signals). */
    public void invalidate() {
        matchers.clear();
    }

    /** The matcher of a benchmark as the caller named it: one per stored symbol (any case finds it), a refusal echoing it as sent. */
    AnalogueMatcher matcher(String benchmark) {
        return matchers.computeIfAbsent(org.sextant.engine.data.PriceRepository.canonical(benchmark), b -> {
            long version = store.commits(); // read before the signals: a write meanwhile leaves them unversioned, not cached
            DailySignals signals = SignalStore.load(store, benchmark, AnalogueDefaults.BREADTH_UNIVERSE);
            return new AnalogueMatcher(signals, store.commits() == version ? version : NoveltyReferences.UNVERSIONED, noveltyReferences);
        });
    }
}
