package org.sextant.app;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.sextant.engine.Json;
import org.sextant.engine.analogue.AnalogueResponse;
import org.sextant.engine.analogue.AnalogueText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

@Command(name = "analogues", mixinStandardHelpOptions = true,
        description = "When markets looked like this before, what happened next: the base rate from the closest past days.")
final class AnaloguesCommand implements Callable<Integer> {
    @ParentCommand Main main;

    @Option(names = "--signals", description = "signal values as JSON, e.g. '{\"ret_20d\": -0.08}' (default: the latest day)")
    String signals;

    @Option(names = "--horizon", description = "1, 3, 5 or 20 trading days")
    Integer horizon;

    @Option(names = "--mode", description = "soft, hard, tag or hybrid")
    String mode;

    @Option(names = "--top-k", description = "analogues to keep (1..500)")
    Integer topK;

    @Option(names = "--as-of", description = "as-of date (default: the latest day)")
    String asOf;

    @Option(names = "--dates", defaultValue = "10", description = "closest dates to print")
    int dates;

    @Override
    public Integer call() {
        Map<String, Object> args = new LinkedHashMap<>();
        if (signals != null) args.put("signals_dict", Json.MAPPER.readValue(signals, Map.class));
        if (horizon != null) args.put("horizon", horizon);
        if (mode != null) args.put("mode", mode);
        if (topK != null) args.put("top_k", topK);
        if (asOf != null) args.put("as_of", asOf);
        args.put("include_analogue_dates", true);
        JsonNode r = EngineAccess.call(main.home(), "compare_to_history", args);
        System.out.print(AnalogueText.render(Json.MAPPER.treeToValue(r, AnalogueResponse.class), dates));
        return 0;
    }
}
