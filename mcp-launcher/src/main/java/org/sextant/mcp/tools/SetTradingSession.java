package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import org.sextant.mcp.envelope.ToolFailure;

/** Sets the trading session a stored symbol is resampled and annualised along: a write behind the runs gate (an import only guesses it). */
final class SetTradingSession extends LauncherTool {
    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    SetTradingSession() {
        super("set_trading_session", Categories.DATA, ToolClass.WRITE, false, false,
                "Sets a symbol's session (fx, us_equity, eu_equity = xetra, six, lse, euronext, continuous) for resampling and annualising its bars; imports guess it; forecasts stay.",
                Capabilities.SET_TRADING_SESSION.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        call.args().requiredString("symbol", "\"DAX.FUT\" (see list_symbols)");
        call.args().requiredString("session", "\"us_equity\"");
        return call.context().app().call(Capabilities.SET_TRADING_SESSION, call.args().given());
    }
}
