package org.sextant.app;

import org.sextant.engine.ingest.SessionChange;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** `sextant session SYMBOL SESSION`: set_trading_session, printing the session set, the one it replaced and what was not recomputed. */
@Command(name = "session", mixinStandardHelpOptions = true,
        description = {"Set the trading session a symbol's bars follow.",
                "Its bars are resampled and annualised along it. An import guesses it from the bars (fx when weekday bars fall outside 09:30-16:00 New York"
                        + " and 09:00-17:35 Berlin; a Zurich or London file's missing holidays tell six or lse, a Paris file trading on 24 December euronext);"
                        + " stored forecasts and forecast backtests are not recomputed."})
final class SessionCommand extends HomeCommand {
    @Parameters(index = "0", paramLabel = "SYMBOL", description = "the symbol as list_symbols shows it, e.g. DAX.FUT") String symbol;

    @Parameters(index = "1", paramLabel = "SESSION", description = org.sextant.contract.Capabilities.TRADING_SESSION_HOURS) String session;

    @Override
    public Integer call() {
        SessionChange.SessionSet s = callEngine("set_trading_session", new CallArguments().put("symbol", "SYMBOL", symbol).put("session", "SESSION", session),
                SessionChange.SessionSet.class);
        System.out.print(render(s));
        return 0;
    }

    static String render(SessionChange.SessionSet s) {
        String n = System.lineSeparator();
        String was = s.was() == null ? "none recorded (read as continuous)" : s.was();
        return "session of " + s.symbol() + ": " + s.session() + " (" + s.hours() + "), was " + was + n
                + (s.note() == null ? "" : "note: " + s.note() + n);
    }
}
