package org.sextant.app.pilot;

import org.sextant.contract.FailReason;
import org.sextant.contract.PilotCommands;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.api.ApiCall;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.research.StrategyRunRequest;

/**
 * Carries out one parsed command through the engine facade and, for the window commands, the
 * {@link WindowDriver}. Arguments are read with the local API's accessors, so a bad argument
 * gets the same error (field and fix) as the same argument sent to the API.
 *
 * <p>Headless (no driver): start_forecast and start_backtest run (they are engine jobs);
 * open_chart, select_view and open_run fail with {@code no_window}.
 */
public final class PilotExecutor {
    private final Sextant engine;
    private final WindowDriver window;

    /** @param window null in headless mode */
    public PilotExecutor(Sextant engine, WindowDriver window) {
        this.engine = engine;
        this.window = window;
    }

    /** The command's result (written to commands/done); bad arguments or engine refusals throw SextantException. */
    public Map<String, Object> execute(PilotCommand c) {
        ApiCall args = new ApiCall(c.command(), c.args());
        if (c.needsWindow() && window == null) {
            throw new SextantException(FailReason.NO_WINDOW, "the app runs headless: there is no window to " + c.describe(), null,
                    "start the app with its window (sextant, without --headless) to use " + c.command());
        }
        Map<String, Object> out = new LinkedHashMap<>();
        switch (c.command()) {
            case "open_chart" -> {
                String symbol = engine.requireSymbol(args.requiredText("symbol", "\"MSFT\""));
                window.openChart(symbol, args.date("date"));
                out.put("symbol", symbol);
                out.put("shown", true);
            }
            case "select_view" -> {
                String view = args.requiredText("view", "\"charts\"");
                List<String> ids = window.viewIds();
                String id = ids.stream().filter(v -> v.equalsIgnoreCase(view.trim())).findFirst().orElseThrow(() ->
                        SextantException.invalid("args.view", "'" + view + "' is not a view of the app", "use one of " + String.join(", ", ids)));
                window.selectView(id);
                out.put("view", id);
            }
            case "open_run" -> {
                String run = args.requiredText("run_id", "\"run-1\"");
                // an unknown id fails the command (not_found) before the window is asked: the window would only report it
                engine.getRun(run, false, false);
                window.openRun(run);
                out.put("run_id", run);
            }
            case "start_forecast" -> {
                String symbol = engine.requireSymbol(args.requiredText("symbol", "\"MSFT\""));
                JobStatus job = engine.startForecastBacktest(List.of(symbol), args.text("model"), args.integer("horizon"));
                out.put("job", job);
                if (window != null) {
                    window.openChart(symbol, null); // the live fan of the symbol, beside the job's backtest
                    out.put("chart_opened", symbol);
                }
            }
            case "start_backtest" -> {
                JobStatus job = engine.startBacktest(new StrategyRunRequest(args.text("session_id"), args.json("spec"),
                        args.textList("symbols", "[\"AA\",\"IBM\"]"), args.date("from"), args.date("to"),
                        args.date("oos_start"), args.integer("threads")));
                out.put("job", job);
            }
            default -> throw SextantException.invalid("command", "'" + c.command() + "' is not a command the app knows",
                    "use one of " + String.join(", ", PilotCommands.REQUIRED.keySet()));
        }
        return out;
    }
}
