package org.sextant.engine.exchange;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.BacktestReplay;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.store.Store;

/**
 * What the checks add to importing a forecast backtest job's output (docs/benchmarks.md, "Backtest import: cost of the
 * recount and refit"): the Dow's 30 symbols of BARS closes backtested as the job does (horizon 20, monthly origins over the
 * last 40%), imported into a fresh store without checks (the baseline), with the standard check (recount, and each
 * backtest run again whole within its budget) and with a sample forced (recount, 2 best and 3 drawn origins fitted again
 * per symbol). Args: bars (default 2500), rounds (default 3), models (default drift,theta).
 */
public final class BacktestImportCheckBench {
    public static void main(String[] args) throws Exception {
        int bars = args.length > 0 ? Integer.parseInt(args[0]) : 2500, rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path dir = Files.createTempDirectory("backtest-check-bench");
        System.out.println("| model | symbols | check | origins fitted again | import ms (median of " + rounds + ") |");
        System.out.println("|---|---:|---|---:|---:|");
        for (String model : (args.length > 2 ? args[2] : "drift,theta").split(",")) {
            Path out;
            List<Map<String, Object>> rows = new ArrayList<>();
            try (Store store = Store.open(dir.resolve(model + "-job.duckdb"), dir.resolve("staging"))) {
                JobOutputFiles.dowSymbols(store, 30, bars);
                PriceRepository prices = new PriceRepository(store);
                for (var s : prices.symbols(null)) {
                    PriceSeries p = prices.closes(s.symbol(), null, null);
                    rows.add(ForecastBacktestRows.ok(ForecastBacktestRun.run(ForecastModels.BUILT_IN, p, model, 20, "monthly", null, null, null, null), p.size()));
                }
                out = BacktestOutputs.write(dir.resolve(model + "-out"), rows);
            }
            for (var c : List.of(Map.entry("none (baseline)", BacktestReplay.NONE), Map.entry("standard (run again whole)", BacktestReplay.standard()),
                    Map.entry("sample (a budget of 5 fits a symbol)",
                            new BacktestReplay(org.sextant.engine.forecast.BacktestCost.costClass(model).seconds(5 * 30, 5L * 30 * bars), 2, 3, new java.security.SecureRandom())))) {
                long[] m = JobOutputFiles.medianImport(dir, model + "-" + c.getValue().hashCode(), rounds, 30, bars, f -> f.importBacktestJob(out, c.getValue()).replayed());
                System.out.printf(Locale.ROOT, "| %s | %d | %s | %d | %d |%n", model, rows.size(), c.getKey(), m[1], m[0]);
            }
        }
    }

    private BacktestImportCheckBench() {}
}
