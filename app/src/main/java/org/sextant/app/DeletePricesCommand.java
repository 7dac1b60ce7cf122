package org.sextant.app;

import java.util.Locale;
import org.sextant.engine.ingest.DeletedPrices;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * `sextant delete-prices SYMBOL [--interval 1d]`: delete_prices, printing the rows deleted per interval, what is left,
 * the rows made from the daily prices that went with them, and the import that puts them back.
 */
@Command(name = "delete-prices", mixinStandardHelpOptions = true,
        description = {"Delete one symbol's stored prices, every interval or one.",
                "One transaction: the rows deleted are first copied to a CSV under SEXTANT_HOME/data/deleted, which `sextant import FILE` puts back;"
                        + " stored forecasts and backtests made from the daily prices go with them."})
final class DeletePricesCommand extends HomeCommand {
    @Parameters(index = "0", paramLabel = "SYMBOL", description = "the symbol as list_symbols shows it, e.g. STRAYW") String symbol;

    @Option(names = "--interval", description = "only the rows at this interval: 1d the daily prices, 1w, 1h, ... bars (case-sensitive; default every interval)")
    String interval;

    @Override
    public Integer call() {
        DeletedPrices d = callEngine("delete_prices", new CallArguments().put("symbol", "SYMBOL", symbol).putGiven("interval", "--interval", interval),
                DeletedPrices.class);
        System.out.print(render(d));
        return 0;
    }

    static String render(DeletedPrices d) {
        StringBuilder out = new StringBuilder();
        for (DeletedPrices.Interval i : d.deleted()) {
            out.append(String.format(Locale.ROOT, "deleted %,d %s of %s, kept in %s%n", i.rows(), i.interval().equals("1d") ? "daily rows" : i.interval() + " bars",
                    d.symbol(), i.keptIn()));
        }
        out.append(d.symbol()).append(d.remainingIntervals().isEmpty() ? " is no longer in the store" : " still has " + String.join(", ", d.remainingIntervals()))
                .append(System.lineSeparator());
        if (!d.derivedRowsDeleted().isEmpty()) {
            out.append("made from its daily prices, also deleted: ");
            out.append(String.join(", ", d.derivedRowsDeleted().entrySet().stream().map(e -> e.getValue() + " " + e.getKey() + " rows").toList()));
            out.append(System.lineSeparator());
        }
        out.append("to put them back: sextant import ").append(String.join(" ", d.deleted().stream().map(i -> i.keptIn().contains(" ") ? "'" + i.keptIn() + "'" : i.keptIn()).toList()))
                .append(System.lineSeparator());
        return out.toString();
    }
}
