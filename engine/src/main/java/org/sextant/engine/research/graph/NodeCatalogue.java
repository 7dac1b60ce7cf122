package org.sextant.engine.research.graph;

import static org.sextant.engine.research.graph.ParamSpec.bool;
import static org.sextant.engine.research.graph.ParamSpec.choice;
import static org.sextant.engine.research.graph.ParamSpec.integer;
import static org.sextant.engine.research.graph.ParamSpec.number;
import static org.sextant.engine.research.graph.PortType.POSITION;
import static org.sextant.engine.research.graph.PortType.SERIES;
import static org.sextant.engine.research.graph.PortType.SIGNAL;
import static org.sextant.engine.research.graph.PortType.STRATEGY;
import static org.sextant.engine.research.graph.PortType.WEIGHTS;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.analogue.AnalogueDefaults;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.research.source.ForecastSeries;

/** Every node a strategy graph can use, in listing order. */
public final class NodeCatalogue {
    private static final int MAX_LEN = 5000;
    private static final List<NodeType> ALL = build();

    private NodeCatalogue() {}

    public static List<NodeType> all() {
        return ALL;
    }

    public static NodeType find(String name) {
        for (NodeType t : ALL) if (t.name().equals(name)) return t;
        return null;
    }

    private static List<NodeType> build() {
        List<NodeType> l = new ArrayList<>();
        l.add(node("price", "price", "A price field of each asset.", ports(), SERIES,
                choice("field", "which price", "close", "open", "high", "low", "close")));
        l.add(node("lag", "price", "The input as it was n bars earlier (n >= 0: a negative lag would read the future).",
                ports("series", SERIES), SERIES, integer("bars", "bars back", -MAX_LEN, MAX_LEN, null)));
        l.add(node("sma", "indicator", "Simple moving average (TTR::SMA).", ports("series", SERIES), SERIES,
                integer("length", "window in bars", 1, MAX_LEN, null)));
        l.add(node("ema", "indicator", "Exponential moving average, ratio 2/(n+1), seeded with the SMA (TTR::EMA).",
                ports("series", SERIES), SERIES, integer("length", "window in bars", 1, MAX_LEN, null)));
        l.add(node("rsi", "indicator", "Relative Strength Index, Wilder's smoothing (TTR::RSI).", ports("series", SERIES), SERIES,
                integer("length", "window in bars", 1, MAX_LEN, 14)));
        l.add(node("macd", "indicator", "MACD line, signal line or histogram (TTR::MACD, EMA smoothing).", ports("series", SERIES), SERIES,
                integer("fast", "fast EMA length", 1, MAX_LEN, 12), integer("slow", "slow EMA length", 2, MAX_LEN, 26),
                integer("signal", "signal EMA length", 1, MAX_LEN, 9), choice("output", "which line", "macd", "macd", "signal", "histogram"),
                bool("percent", "percent form 100*(fast/slow-1) instead of price units", false)));
        l.add(node("bollinger", "indicator", "Bollinger band line: SMA +/- k population standard deviations, or %B (TTR::BBands).",
                ports("series", SERIES), SERIES, integer("length", "window in bars", 2, MAX_LEN, 20),
                number("k", "band width in standard deviations", 0, 10, 2.0),
                choice("output", "which line", "middle", "lower", "middle", "upper", "percent_b")));
        l.add(node("atr", "indicator", "Average True Range of each asset's high, low and close, Wilder's smoothing (TTR::ATR).",
                ports(), SERIES, integer("length", "window in bars", 1, MAX_LEN, 14)));
        l.add(node("returns", "indicator", "Change over n bars: x[t] / x[t-n] - 1.", ports("series", SERIES), SERIES,
                integer("bars", "bars", 1, MAX_LEN, 1)));
        l.add(node("volatility", "indicator", "Annualised rolling volatility of one-bar log returns (with the run's bars a year: 252 for daily prices).",
                ports("series", SERIES), SERIES, integer("length", "window in bars", 2, MAX_LEN, 20)));
        l.add(node("zscore", "indicator", "(x - rolling mean) / rolling sample standard deviation.", ports("series", SERIES), SERIES,
                integer("length", "window in bars", 2, MAX_LEN, 20)));
        l.add(node("forecast", "forecast", "A forecast model's expected move at each bar, fitted only on the window of closes up to that bar: "
                + "median_return (median forecast at the horizon / close - 1) or reward_risk (upside to the band's upper edge over downside to its lower edge). "
                + "Refitted every 'every' bars and held between fits; NaN (flat) until 'window' closes exist. Cost: one fit per asset per refit.",
                ports(), SERIES, choice("model", "forecast model (list_forecast_models)", "theta", ForecastModels.names().toArray(String[]::new)),
                integer("horizon", "forecast horizon in bars", 1, 260, 20),
                choice("measure", "what the forecast gives", ForecastSeries.MEDIAN_RETURN, ForecastSeries.MEDIAN_RETURN, ForecastSeries.REWARD_RISK),
                number("level", "band level for reward_risk", 0.5, 0.99, 0.8),
                integer("every", "bars between refits (20: about monthly)", 1, 260, 20),
                integer("window", "closes each fit sees", 10, MAX_LEN, 500)));
        l.add(node("analogue", "forecast", "What followed the closest past market days (compare_to_history as of each bar, benchmark "
                + AnalogueDefaults.BENCHMARK + "): forward mean, median (fractions) or positive_pct (percent that rose) over 1, 3, 5 or 20 days. "
                + "The same market-wide value for every asset; queried every 'every' bars and held between; no analogue after the bar is used.",
                ports(), SERIES, integer("horizon", "forward days: 1, 3, 5 or 20", 1, 20, 5),
                choice("measure", "which statistic", "mean", "mean", "median", "positive_pct"),
                integer("every", "bars between queries (5: weekly)", 1, 260, 5)));
        l.add(node("crossover", "signal", "Long while fast is above slow; flat (or short) below.", ports("fast", SERIES, "slow", SERIES), SIGNAL,
                bool("long_short", "short when fast is below slow", false)));
        l.add(node("threshold", "signal", "Enter long when the series falls below enter_below, exit when it rises above exit_above.",
                ports("series", SERIES), SIGNAL, number("enter_below", "entry level", -1e12, 1e12, null),
                number("exit_above", "exit level", -1e12, 1e12, null)));
        l.add(node("band_break", "signal", "Long when the price closes above the upper band; short (or flat) below the lower band.",
                ports("price", SERIES, "lower", SERIES, "upper", SERIES), SIGNAL, bool("long_only", "flat instead of short below the lower band", true)));
        l.add(node("forecast_above", "signal", "Long when a forecast series (a forecast or analogue node: expected return, reward/risk, "
                + "percent positive) is above the threshold, flat otherwise (and while it is NaN).",
                ports("forecast", SERIES), SIGNAL, number("threshold", "level in the series' own units, e.g. 0.01, 1.5 or 55", -1e12, 1e12, 0.0)));
        l.add(node("and", "logic", "Long when both signals are long.", ports("a", SIGNAL, "b", SIGNAL), SIGNAL));
        l.add(node("or", "logic", "Long when either signal is long.", ports("a", SIGNAL, "b", SIGNAL), SIGNAL));
        l.add(node("not", "logic", "Long when the signal is flat, flat when it is long.", ports("a", SIGNAL), SIGNAL));
        l.add(node("fixed_fraction", "sizing", "Position = signal x fraction.", ports("signal", SIGNAL), POSITION,
                number("fraction", "fraction of the sleeve", 0, 10, 1.0)));
        l.add(node("vol_target", "sizing", "Position sized so that its expected annual volatility is the target, capped.",
                ports("signal", SIGNAL), POSITION, number("target", "annual volatility, e.g. 0.10", 0.001, 5, 0.10),
                integer("length", "volatility window in bars", 2, MAX_LEN, 20), number("max_leverage", "cap on the position", 0.01, 10, 1.0)));
        l.add(node("equal_weight", "portfolio", "Each asset's position scaled by 1/K over the K assets of the universe.",
                ports("position", POSITION), WEIGHTS));
        l.add(node("top_n", "portfolio", "1/N in each of the N assets with the highest score at each bar.", ports("score", SERIES), WEIGHTS,
                integer("n", "assets held", 1, 10_000, null)));
        l.add(node("execution", "execution", "Fills the weights at the next bar's open or close (never the signal's own bar), trades them back as prices move them, and charges costs on every trade.",
                ports("weights", WEIGHTS), STRATEGY, choice("fill", "when orders fill", "next_close", "next_open", "next_close"),
                number("cost_bps", "commission, basis points of value traded", 0, 1000, 0.0),
                number("slippage_bps", "slippage, basis points of value traded", 0, 1000, 0.0),
                number("rebalance_band", "drift of an asset's weight from its target left untraded, a fraction of equity (0.02: trade back"
                        + " only beyond 2 points; 0: every bar); a target of 0 is always traded to", 0, 0.5, 0.0)));
        return List.copyOf(l);
    }

    private static NodeType node(String name, String category, String description, Map<String, PortType> inputs, PortType output, ParamSpec... params) {
        return new NodeType(name, category, description, inputs, output, List.of(params));
    }

    private static Map<String, PortType> ports(Object... nameType) {
        Map<String, PortType> m = new LinkedHashMap<>();
        for (int i = 0; i < nameType.length; i += 2) m.put((String) nameType[i], (PortType) nameType[i + 1]);
        return java.util.Collections.unmodifiableMap(m);
    }
}
