package org.sextant.app;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

@Command(name = "gather", mixinStandardHelpOptions = true,
        description = "Fetch daily history over HTTP from a provider (settings.json; default Stooq) and import it.")
final class GatherCommand implements Callable<Integer> {
    @ParentCommand Main main;

    @Parameters(arity = "1..*", paramLabel = "SYMBOL", description = "tickers as the provider spells them, e.g. msft.us")
    List<String> symbols;

    @Option(names = "--provider", description = "provider name from settings.json")
    String provider;

    @Override
    public Integer call() {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("symbols", symbols);
        if (provider != null) args.put("provider", provider);
        JsonNode r = EngineAccess.call(main.home(), "gather", args);
        System.out.print(ImportSummary.render(r));
        return 0;
    }
}
