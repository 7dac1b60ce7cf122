package org.sextant.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** `sextant import-job DIR`: a finished Spark forecast backtest job's output into the store, where local backtests land. */
@Command(name = "import-job", mixinStandardHelpOptions = true,
        description = {"Import a finished scale-out job's --out folder (docs/scale-out.md): forecast backtests are stored",
                "as a local forecast job stores them (Charts view, get_backtest_error). The app must be closed."})
final class ImportJobCommand implements Callable<Integer> {
    @ParentCommand Main main;

    @Parameters(paramLabel = "DIR", description = "the job's output folder (with _SUCCESS)")
    Path dir;

    @Override
    @SuppressWarnings("unchecked")
    public Integer call() {
        SextantHome home = main.home().ensureLayout();
        EngineAccess.requireNoRunningApp(home, "import-job");
        try (Sextant engine = Sextant.open(home)) {
            Map<String, Object> r = engine.importForecastBacktestJob(dir);
            List<String> imported = (List<String>) r.get("imported");
            List<Map<String, Object>> failed = (List<Map<String, Object>>) r.get("failed");
            System.out.printf("imported forecast backtests of %d symbols from %s%n", imported.size(), dir.toAbsolutePath());
            for (Map<String, Object> f : failed) System.out.printf("  %s failed on the cluster: %s%n", f.get("symbol"), f.get("error"));
        }
        return 0;
    }
}
