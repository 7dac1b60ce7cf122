package org.sextant.engine.research.graph;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.sextant.engine.SextantException;
import org.sextant.engine.analogue.AnalogueDefaults;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.research.source.AnalogueSource;
import org.sextant.engine.research.source.ForecastSeries;
import org.sextant.engine.research.backtest.StrategyBacktestKernel;
import org.sextant.engine.research.backtest.Costs;
import org.sextant.engine.research.backtest.Execution;
import org.sextant.engine.research.backtest.Portfolio;
import org.sextant.engine.research.backtest.Ruin;
import org.sextant.engine.research.backtest.Signals;
import org.sextant.engine.research.backtest.Sizing;
import org.sextant.engine.research.sweep.SweepKernel;
import org.sextant.engine.research.sweep.Universe;

/**
 * Runs a composed graph over a universe, one configuration at a time, as a sweep kernel.
 * Everything a run could trip on (missing price fields, a top-N larger than the universe) is
 * checked in the constructor, before any configuration runs. Series nodes are cached by their
 * upstream parameter values, so an indicator is computed once per distinct parameter value.
 */
public final class GraphSweep implements SweepKernel {
    /** Cache at most this many doubles (256 MB); beyond it series are recomputed, not kept. */
    private static final long CACHE_DOUBLES = 32L << 20;

    private final ComposedGraph graph;
    private final Universe universe;
    private final Map<String, double[][]> cache = new ConcurrentHashMap<>();
    private final Map<String, Object> computing = new ConcurrentHashMap<>();
    private final AnalogueSource analogues;
    private final ForecastModels models;

    /** A sweep without the analogue matcher (a graph with an analogue node is refused) nor a trained global model. */
    public GraphSweep(ComposedGraph graph, Universe universe) {
        this(graph, universe, null, ForecastModels.BUILT_IN);
    }

    /** {@code models}: the catalogue forecast nodes name their models in (the engine's, with its trained global model). */
    public GraphSweep(ComposedGraph graph, Universe universe, AnalogueSource analogues, ForecastModels models) {
        this.graph = graph;
        this.universe = universe;
        this.analogues = analogues;
        this.models = models;
        for (ComposedNode n : graph.nodes()) {
            String at = "nodes." + n.id() + ".params.";
            switch (n.type().name()) {
                case "price" -> {
                    for (Object f : n.params().get("field")) {
                        if (prices((String) f) == null) throw SextantException.invalid(at + "field", "the data has no " + f + " prices for this universe",
                                "use the close, or import data with " + f + " prices");
                    }
                }
                case "atr" -> {
                    if (universe.high() == null || universe.low() == null) throw SextantException.invalid("nodes." + n.id() + ".type",
                            "ATR needs high and low prices, which this universe does not have", "import OHLC data or use volatility instead");
                }
                case "top_n" -> {
                    for (Object v : n.params().get("n")) {
                        if ((int) v > universe.assets()) throw SextantException.invalid(at + "n", "top_n holds " + v + " assets but the universe has "
                                + universe.assets(), "use n <= " + universe.assets());
                    }
                }
                case "analogue" -> {
                    if (analogues == null) throw SextantException.invalid("nodes." + n.id() + ".type",
                            "the analogue node needs the analogue matcher, which this caller did not provide", "run the spec through the app (Sextant.backtest)");
                    // the matcher answers per trading day; bars within a day would all repeat that day's answer
                    if (!universe.axis().interval().equals("1d")) throw SextantException.invalid("interval", "the analogue node matches trading days, and this run's bars are "
                            + universe.axis().interval(), "run it at interval 1d (daily bars, resampled from intraday ones when need be)");
                    // A store without the benchmark's signals fails here, before any configuration runs.
                    analogues.series(universe.dates().subList(universe.bars() - 1, universe.bars()), AnalogueDefaults.BENCHMARK, 5, "mean", 1);
                }
                case "forecast" -> {
                    for (Object w : n.params().get("window")) {
                        if ((int) w >= universe.bars()) throw SextantException.invalid(at + "window", "the forecast window " + w + " is not shorter than the "
                                + universe.bars() + " bars in range", "use a shorter window or a longer date range");
                    }
                }
                case "execution" -> {
                    if (n.params().get("fill").contains("next_open") && universe.open() == null) throw SextantException.invalid(at + "fill",
                            "next_open fills need opening prices, which this universe does not have", "use next_close or import data with opens");
                }
                default -> { }
            }
        }
    }

    public ComposedGraph graph() { return graph; }

    @Override public int configurations() { return (int) graph.configurations(); }

    @Override public Universe universe() { return universe; }

    @Override public Map<String, Object> parameters(int k) { return graph.varying(k); }

    @Override
    public void run(int k, double[] returns, double[] exposure, double[] traded) {
        Map<String, Map<String, Object>> cfg = graph.configuration(k);
        ComposedNode root = graph.node(graph.root());
        double[][] weights = eval(graph.node(root.inputs().get("weights")), cfg);
        Map<String, Object> p = cfg.get(root.id());
        double[] r = Portfolio.returns(weights, universe.open(), universe.close(), fill(p), costs(p), exposure, traded);
        Ruin.stop(r, exposure, traded); // equity that reaches 0 stays there: nothing held, earned or traded after it
        for (int t = 0; t < r.length; t++) returns[t] += r[t];
    }

    @Override
    public double[][] heldPositions(int k) {
        Map<String, Map<String, Object>> cfg = graph.configuration(k);
        ComposedNode root = graph.node(graph.root());
        double[][] weights = eval(graph.node(root.inputs().get("weights")), cfg);
        Map<String, Object> p = cfg.get(root.id());
        double[][] held = new double[universe.assets()][universe.bars()];
        for (int a = 0; a < held.length; a++) {
            StrategyBacktestKernel.returns(weights[a], universe.open() == null ? null : universe.open()[a], universe.close()[a], fill(p), costs(p), held[a], null);
        }
        // a ruined configuration holds nothing after its ruin, as run() has it
        int ruin = Ruin.stop(Portfolio.returns(weights, universe.open(), universe.close(), fill(p), costs(p), null, null), null, null);
        if (ruin >= 0) for (double[] h : held) java.util.Arrays.fill(h, ruin + 1, h.length, 0);
        return held;
    }

    private static Execution fill(Map<String, Object> p) {
        return p.get("fill").equals("next_open") ? Execution.NEXT_OPEN : Execution.NEXT_CLOSE;
    }

    private static Costs costs(Map<String, Object> p) {
        return new Costs((double) p.get("cost_bps"), (double) p.get("slippage_bps"));
    }

    /** The node's output for every asset ([asset][bar]) under the configuration. */
    private double[][] eval(ComposedNode n, Map<String, Map<String, Object>> cfg) {
        boolean cacheable = n.type().output() == PortType.SERIES;
        String key = cacheable ? signature(n, cfg) : null;
        if (cacheable) {
            double[][] hit = cache.get(key);
            if (hit != null) return hit;
        }
        if (EXPENSIVE.contains(n.type().name())) {
            // Model fits and matcher queries: computed once per parameter values, whatever the
            // cache limit, and by one thread while the others wait for it.
            synchronized (computing.computeIfAbsent(key, k -> new Object())) {
                double[][] hit = cache.get(key);
                if (hit != null) return hit;
                double[][] out = expensive(n, cfg.get(n.id()));
                cache.put(key, out);
                return out;
            }
        }
        Map<String, double[][]> in = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : n.inputs().entrySet()) in.put(e.getKey(), eval(graph.node(e.getValue()), cfg));
        Map<String, Object> p = cfg.get(n.id());
        double[][] out;
        switch (n.type().name()) {
            case "equal_weight" -> out = Portfolio.equalWeight(in.get("position"));
            case "top_n" -> out = Portfolio.topN(in.get("score"), (int) p.get("n"));
            default -> {
                out = new double[universe.assets()][];
                for (int a = 0; a < out.length; a++) out[a] = perAsset(n.type().name(), a, in, p);
            }
        }
        if (cacheable && (long) (cache.size() + 1) * universe.assets() * universe.bars() <= CACHE_DOUBLES) cache.putIfAbsent(key, out);
        return out;
    }

    private static final java.util.Set<String> EXPENSIVE = java.util.Set.of("forecast", "analogue");

    private double[][] expensive(ComposedNode n, Map<String, Object> p) {
        double[][] out = new double[universe.assets()][];
        if (n.type().name().equals("analogue")) {
            double[] market = analogues.series(universe.dates(), AnalogueDefaults.BENCHMARK, (int) p.get("horizon"), (String) p.get("measure"), (int) p.get("every"));
            java.util.Arrays.fill(out, market);          // one market-wide series, shared read-only by every asset
            return out;
        }
        for (int a = 0; a < out.length; a++) {
            out[a] = ForecastSeries.of(models, universe.close()[a], (String) p.get("model"), (int) p.get("horizon"), (String) p.get("measure"),
                    (double) p.get("level"), (int) p.get("every"), (int) p.get("window"));
        }
        return out;
    }

    private double[] perAsset(String type, int a, Map<String, double[][]> in, Map<String, Object> p) {
        double[] x = in.containsKey("series") ? in.get("series")[a] : null;
        return switch (type) {
            case "price" -> prices((String) p.get("field"))[a];
            case "lag" -> lag(x, (int) p.get("bars"));
            // the indicators' lines come from the code the charts draw too, annualised with the run's bars a year
            case "sma", "ema", "rsi", "macd", "bollinger", "returns", "volatility", "zscore" -> IndicatorLines.line(type, p, x, null, null, universe.barsPerYear());
            case "atr" -> IndicatorLines.line(type, p, universe.close()[a], universe.high()[a], universe.low()[a], universe.barsPerYear());
            case "crossover" -> Signals.crossover(in.get("fast")[a], in.get("slow")[a], (boolean) p.get("long_short"));
            case "threshold" -> Signals.threshold(x, (double) p.get("enter_below"), (double) p.get("exit_above"));
            case "band_break" -> Signals.bandBreak(in.get("price")[a], in.get("lower")[a], in.get("upper")[a], (boolean) p.get("long_only"));
            case "forecast_above" -> Signals.forecastAbove(in.get("forecast")[a], (double) p.get("threshold"));
            case "and" -> Signals.and(in.get("a")[a], in.get("b")[a]);
            case "or" -> Signals.or(in.get("a")[a], in.get("b")[a]);
            case "not" -> Signals.not(in.get("a")[a]);
            case "fixed_fraction" -> Sizing.fixedFraction(in.get("signal")[a], (double) p.get("fraction"));
            case "vol_target" -> Sizing.volatilityTarget(in.get("signal")[a], universe.close()[a], (double) p.get("target"),
                    (int) p.get("length"), (double) p.get("max_leverage"), universe.barsPerYear());
            default -> throw new IllegalStateException("node type " + type + " has no evaluator");
        };
    }

    private double[][] prices(String field) {
        return switch (field) {
            case "open" -> universe.open();
            case "high" -> universe.high();
            case "low" -> universe.low();
            default -> universe.close();
        };
    }

    private static double[] lag(double[] x, int bars) {
        double[] out = new double[x.length];
        java.util.Arrays.fill(out, Double.NaN);
        for (int t = bars; t < x.length; t++) out[t] = x[t - bars];
        return out;
    }

    /** Node id plus the parameter values of the node and everything upstream of it. */
    private String signature(ComposedNode n, Map<String, Map<String, Object>> cfg) {
        StringBuilder sb = new StringBuilder();
        appendSignature(n, cfg, sb);
        return sb.toString();
    }

    private void appendSignature(ComposedNode n, Map<String, Map<String, Object>> cfg, StringBuilder sb) {
        sb.append(n.id()).append(cfg.get(n.id())).append('(');
        for (String src : n.inputs().values()) appendSignature(graph.node(src), cfg, sb);
        sb.append(')');
    }

    /** Distinct indicator instances computed so far (one per node and upstream parameter values). */
    int cachedSeries() {
        return cache.size();
    }

    List<String> cachedKeys() {
        return List.copyOf(cache.keySet());
    }
}
