package org.sextant.engine.exchange;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.forecast.ScanReplay;
import org.sextant.engine.store.Store;

/**
 * What the replay adds to importing a scan job's output (docs/benchmarks.md, "Scan import: cost of the replay"): the
 * Dow's 30 symbols of BARS closes scanned as the job scans them (drift and theta, horizon 20, conformal), imported into
 * a fresh store without a replay (the baseline), replaying every forecast (the standard replay, within its budget) and
 * replaying a sample (a budget of 10 fits: the ranked picks first, the best 5 at each level by three ranks). Args: bars (default 2500), rounds (default 3), models (default drift,theta).
 */
public final class ScanImportReplayBench {
    public static void main(String[] args) throws Exception {
        int bars = args.length > 0 ? Integer.parseInt(args[0]) : 2500, rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path dir = Files.createTempDirectory("scan-replay-bench");
        System.out.println("| model | symbols | replay | forecasts fitted again | import ms (median of " + rounds + ") |");
        System.out.println("|---|---:|---|---:|---:|");
        for (String model : (args.length > 2 ? args[2] : "drift,theta").split(",")) {
            Path out;
            List<Map<String, Object>> rows;
            try (Store store = Store.open(dir.resolve(model + "-job.duckdb"), dir.resolve("staging"))) {
                JobOutputFiles.dowSymbols(store, 30, bars);
                rows = ScanOutputs.genuine(new PriceRepository(store), model, 20, "conformal");
                out = ScanOutputs.write(dir.resolve(model + "-out"), rows);
            }
            for (var c : List.of(Map.entry("none (baseline)", ScanReplay.NONE), Map.entry("standard", ScanReplay.standard()),
                    Map.entry("sample (a budget of 10 fits)", new ScanReplay(org.sextant.engine.forecast.ScanFitBudget.of(10, bars, model, 20), 5, new java.security.SecureRandom())))) {
                long[] m = JobOutputFiles.medianImport(dir, model + "-" + c.getValue().hashCode(), rounds, 30, bars, f -> f.importScanJob(out, c.getValue()).replayed());
                System.out.printf(Locale.ROOT, "| %s | %d | %s | %d | %d |%n", model, rows.size(), c.getKey(), m[1], m[0]);
            }
        }
    }

    private ScanImportReplayBench() {}
}
