package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** A forecast backtest: walk-forward forecast errors of one symbol, computed by the app within one bounded call. */
final class GetForecastBacktestError extends LauncherTool {
    GetForecastBacktestError() {
        super("get_backtest_error", Categories.RESEARCH, ToolClass.READ, false,
                "Walk-forward forecast errors and band coverage of one symbol, computed in the call (seconds); many symbols: forecast_tickers.",
                Capabilities.GET_BACKTEST_ERROR.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = ForecastArgs.read(call);
        args.remove("calibration"); // the backtest reports the model's, conformal and adaptive bands side by side
        call.args().optionalString("origins").ifPresent(o -> args.put("origins", o));
        call.args().optionalNumber("eval_fraction").ifPresent(f -> args.put("eval_fraction", f));
        call.args().optionalNumberList("levels").ifPresent(l -> args.put("levels", l));
        call.args().optionalString("interval").ifPresent(i -> args.put("interval", i));
        return call.context().app().call(Capabilities.GET_BACKTEST_ERROR, args);
    }
}
