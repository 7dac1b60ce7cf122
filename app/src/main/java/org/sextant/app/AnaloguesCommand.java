package org.sextant.app;

import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.analogue.AnalogueResponse;
import org.sextant.engine.analogue.AnalogueText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

@Command(name = "analogues", mixinStandardHelpOptions = true,
        description = {"Show what followed the past days most like today.",
                "When markets looked like this before, what happened next: the base rate from the closest past days."})
// duplicates: picocli declarations (command, arguments, options) are alike by nature; the work is shared in HomeCommand
final class AnaloguesCommand extends HomeCommand {
    @Option(names = "--signals", description = "signal values as JSON, e.g. '{\"ret_20d\": -0.08}' (default: the latest day)") String signals;
    @Option(names = "--horizon", description = "1, 3, 5 or 20 trading days") Integer horizon;
    @Option(names = "--mode", description = "soft, hard, tag or hybrid") String mode;
    @Option(names = "--top-k", description = "analogues to keep (1..500)") Integer topK;
    @Option(names = "--as-of", description = "as-of date (default: the latest day)") String asOf;
    @Option(names = "--benchmark", description = "the stored symbol whose history is matched (default NYSE): a daily series of your own") String benchmark;
    @Option(names = "--half-life", description = "recency half-life in calendar days, 0..36500; 0 weighs every past day alike (default 730)") Integer halfLife;
    @Option(names = "--dates", defaultValue = "10", description = "closest dates to print (0..500)") int dates;

    @Override
    public Integer call() {
        if (dates < 0 || dates > MAX_DATES) {
            throw new ParameterException(commandSpec.commandLine(), "--dates " + dates + " is outside 0.." + MAX_DATES + ": give how many of the closest dates to print");
        }
        AnalogueResponse r = callEngine("compare_to_history", new CallArguments()
                .putGiven("signals_dict", "--signals", signals())
                .putGiven("horizon", "--horizon", horizon).putGiven("mode", "--mode", mode).putGiven("top_k", "--top-k", topK).putGiven("as_of", "--as-of", asOf)
                .putGiven("benchmark", "--benchmark", benchmark).putGiven("recency_half_life_days", "--half-life", halfLife)
                .put("include_analogue_dates", true), AnalogueResponse.class);
        System.out.print(AnalogueText.render(r, dates));
        return 0;
    }

    /** As many dates as the most analogues an answer keeps (--top-k's bound). */
    private static final int MAX_DATES = 500;

    /** --signals read as a JSON object, or refused as bad input saying where it stops being one. */
    private Map<?, ?> signals() {
        if (signals == null) return null;
        JsonNode n;
        try {
            n = Json.MAPPER.readTree(signals);
        } catch (JacksonException e) {
            long at = e.getLocation() == null ? -1 : e.getLocation().getCharOffset();
            throw notSignals(at >= 0 && at < signals.length() ? "unexpected '" + signals.charAt((int) at) + "' at position " + (at + 1)
                    : "it ends early, at position " + (signals.length() + 1));
        }
        if (n.isMissingNode()) throw notSignals("it is empty");
        if (!n.isObject()) throw notSignals("it is " + (n.isArray() ? "an array" : "a " + n.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
        return Json.MAPPER.convertValue(n, Map.class);
    }

    private ParameterException notSignals(String why) {
        return new ParameterException(commandSpec.commandLine(),
                "--signals is not a JSON object of signal → value (" + why + "): write it as '{\"ret_20d\": -0.08}'");
    }
}
