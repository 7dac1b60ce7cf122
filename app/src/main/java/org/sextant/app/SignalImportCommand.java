package org.sextant.app;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

@Command(name = "import-signal", mixinStandardHelpOptions = true,
        description = {"Import your own daily signal for the analogue matcher.",
                "A date,value CSV, e.g. VIX or credit spreads."})
final class SignalImportCommand extends HomeCommand {
    @Parameters(index = "0", paramLabel = "FILE", description = "CSV with columns date,value") Path file;
    @Option(names = "--name", required = true, description = "signal name, lower_snake_case (e.g. vix)") String name;
    @Option(names = "--provenance", required = true, description = "live (recorded as it happened) or backfill (reconstructed later)") String provenance;
    @Option(names = "--bins", split = ",", description = "ascending bin edges for hard mode, e.g. 15,20,30") List<Double> bins;
    @Option(names = "--trust", description = "default trust of this dimension (>= 0, default 1)") Double trust;
    @Option(names = "--description", description = "what the signal measures") String description;
    @Option(names = "--levels", split = ",", description = "the levels of a categorical signal, e.g. RISK-ON,RISK-OFF (makes the signal categorical)") List<String> levels;
    @Option(names = "--max-fill-days", description = "business days a value is carried forward onto later trade dates "
            + "(default 5; e.g. 23 for a monthly series, 0 for exact dates only; never backward)")
    Integer maxFillDays;

    @Override
    public Integer call() {
        JsonNode r = callEngine("import_signal", new CallArguments().put("path", "FILE", requireFile(file, "FILE", "a CSV file with columns date,value").toString())
                .put("name", "--name", name).put("provenance", "--provenance", provenance).putGiven("bins", "--bins", bins).putGiven("default_trust", "--trust", trust)
                .putGiven("description", "--description", description).putGiven("max_fill_days", "--max-fill-days", maxFillDays)
                .putGiven("kind", "--levels", levels == null ? null : "categorical").putGiven("levels", "--levels", levels));
        System.out.println("imported " + r.path("rows").asLong() + " rows of signal " + name + " (" + provenance + ")");
        return 0;
    }
}
