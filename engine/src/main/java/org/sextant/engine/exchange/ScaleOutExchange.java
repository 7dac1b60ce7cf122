package org.sextant.engine.exchange;

import java.nio.file.Path;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.research.ResearchService;
import org.sextant.engine.research.StrategyRunSummary;
import org.sextant.engine.research.sweep.SweepReplay;
import org.sextant.engine.store.Store;

/**
 * The store's side of the scale-out jobs (docs/scale-out.md): prices out as Parquet for a job,
 * a finished job's output in, stored exactly as the same work done locally is stored.
 */
public final class ScaleOutExchange {
    private final Store store;
    private final ForecastService forecasts;
    private final ResearchService research;
    private final Runnable dataChanged;
    private final JobOutputBounds bounds;

    /** {@code dataChanged} is told after forecasts are stored (the views that show them refresh). */
    public ScaleOutExchange(Store store, ForecastService forecasts, ResearchService research, Runnable dataChanged) {
        this(store, forecasts, research, dataChanged, JobOutputBounds.STANDARD);
    }

    /** As above, an output imported only within {@code bounds} in all (tests: small ones). */
    ScaleOutExchange(Store store, ForecastService forecasts, ResearchService research, Runnable dataChanged, JobOutputBounds bounds) {
        this.store = store;
        this.forecasts = forecasts;
        this.research = research;
        this.dataChanged = dataChanged;
        this.bounds = bounds;
    }

    /** Writes every price as Parquet partitioned by symbol into {@code target} (a new or empty folder). Reads the store only. */
    public PriceParquetExport.Written exportPricesParquet(Path target) {
        return PriceParquetExport.export(store, target);
    }

    /** Imports a finished job's output, whichever job wrote it (told by its columns), refused when it holds more than its bounds. A writer. */
    public JobImport importJob(Path folder, String sessionId) {
        String kind = JobOutput.kind(store, folder, bounds);
        if (kind.equals(JobOutput.STRATEGY_SWEEP)) {
            StrategySweepImport.Read read = StrategySweepImport.read(store, folder);
            ResearchService.RecordedSweepJob recorded = record(read, sessionId, SweepReplay.standard());
            return new JobImport(kind, null, read.failed().isEmpty() ? null : read.failed(), recorded.run(), recorded.replayed(),
                    Math.toIntExact(recorded.run().configurations()), recorded.unmeasured());
        }
        if (kind.equals(JobOutput.FORECAST_SCAN)) {
            ForecastService.ScanJobImport scan = importForecastScanJob(folder);
            return forecastJob(kind, scan, scan.unfitted());
        }
        ForecastService.BacktestJobImport backtests = importForecastBacktestJob(folder);
        return new JobImport(kind, backtests.imported(), backtests.failed(), null, backtests.replayed(), backtests.replayedOf(), null, // its sample: the CLI's line
                backtests.oosStart());
    }

    private static JobImport forecastJob(String kind, ForecastService.ForecastJobImport imported, String unmeasured) {
        return new JobImport(kind, imported.imported(), imported.failed(), null, imported.replayed(), imported.replayedOf(), unmeasured);
    }

    /** Every symbol's backtest stored as a local forecast job stores it; the symbols the job reported failed are named. A writer. */
    public ForecastService.BacktestJobImport importForecastBacktestJob(Path folder) {
        ForecastService.BacktestJobImport imported = forecasts.importBacktestJob(folder);
        dataChanged.run();
        return imported;
    }

    /** A universe forecast scan's live forecasts stored as a local scan job stores them; local scans then rank them. A writer. */
    public ForecastService.ScanJobImport importForecastScanJob(Path folder) {
        ForecastService.ScanJobImport imported = forecasts.importScanJob(folder);
        dataChanged.run();
        return imported;
    }

    /**
     * A strategy sweep job's output as a run of research session {@code sessionId} (null:
     * "default") with its configurations, equity and verdict, counted in the session. Refused when
     * the store's prices are not the ones the job read, or when it was imported before. A writer.
     */
    public StrategyRunSummary importStrategySweepJob(Path folder, String sessionId) {
        return importStrategySweepJob(folder, sessionId, SweepReplay.standard()).run();
    }

    /** As above, the configurations {@code replay} chooses measured again here; how many, beside the run. A writer. */
    public ResearchService.RecordedSweepJob importStrategySweepJob(Path folder, String sessionId, SweepReplay replay) {
        return record(StrategySweepImport.read(store, folder), sessionId, replay);
    }

    private ResearchService.RecordedSweepJob record(StrategySweepImport.Read read, String sessionId, SweepReplay replay) {
        return research.recordSweepJob(read.job(), read.configurations(), read.computeSeconds(), sessionId, replay, read::refusal);
    }
}
