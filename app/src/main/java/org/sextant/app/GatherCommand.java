package org.sextant.app;

import java.util.List;
import org.sextant.engine.ingest.ImportReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "gather", mixinStandardHelpOptions = true,
        description = {"Fetch daily history from a provider and import it.",
                "Over HTTP, from the provider named in settings.json (default Stooq)."})
final class GatherCommand extends HomeCommand {
    @Parameters(arity = "1..*", paramLabel = "SYMBOL", description = "tickers as the provider spells them, e.g. msft.us") List<String> symbols;
    @Option(names = "--provider", description = "provider name from settings.json") String provider;

    @Override
    public Integer call() {
        System.out.print(ImportSummary.render(callEngine("gather", new CallArguments().put("symbols", "SYMBOL", symbols).putGiven("provider", "--provider", provider), ImportReport.class)));
        return 0;
    }
}
