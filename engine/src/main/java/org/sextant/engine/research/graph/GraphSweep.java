package org.sextant.engine.research.graph;

import java.time.LocalDate;
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
import org.sextant.engine.research.backtest.Holding;
import org.sextant.engine.research.backtest.Portfolio;
import org.sextant.engine.research.backtest.Ruin;
import org.sextant.engine.research.backtest.Ruined;
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
                            "ATR needs high and low prices, " + universe.whichLack(universe.high() == null ? "high" : "low"), "import OHLC data or use volatility instead");
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
                    LocalDate last = analogues.lastDate(AnalogueDefaults.BENCHMARK);
                    int uncovered = firstBarAfter(last.plusDays(AnalogueSource.STALE_DAYS));
                    if (uncovered < universe.bars()) {
                        analogueCoverage.put(n.id(), new Coverage(uncovered, last));
                        warn("analogue node '" + shown(n) + "': the benchmark " + AnalogueDefaults.BENCHMARK + "'s data end " + last
                                + ", so the node has no value (flat) on the " + (universe.bars() - uncovered) + " bars " + universe.dates().get(uncovered)
                                + " to " + universe.dates().get(universe.bars() - 1) + "; end the run (to) by " + last.plusDays(AnalogueSource.STALE_DAYS)
                                + " or import newer " + AnalogueDefaults.BENCHMARK + " prices");
                    }
                }
                case "forecast" -> {
                    for (Object w : n.params().get("window")) {
                        if ((int) w >= universe.bars()) throw SextantException.invalid(at + "window", "the forecast window " + w + " is not shorter than the "
                                + universe.bars() + " bars in range", "use a shorter window or a longer date range");
                    }
                    // every fit would fail, leaving the node flat throughout: refused as get_forecast refuses the model
                    for (Object m : n.params().get("model")) {
                        for (Object h : n.params().get("horizon")) {
                            try {
                                models.requireTrained((String) m, (int) h);
                            } catch (SextantException e) {
                                if (!"model".equals(e.field())) throw e;
                                throw SextantException.invalid(at + "model", "forecast node '" + n.id() + "': " + e.getMessage(),
                                        "train the global model first (train_global_model, horizon at least " + h + ", a background job) and run again,"
                                                + " or use another model such as theta");
                            }
                        }
                    }
                }
                case "execution" -> {
                    if (n.params().get("fill").contains("next_open") && universe.open() == null) throw SextantException.invalid(at + "fill",
                            "next_open fills need opening prices, " + universe.whichLack("open"), "use next_close, or import data with opens for those symbols");
                }
                default -> { }
            }
        }
        requireLookbacksFit();
    }

    /** The parameters that set how many bars a node reads before its first value. */
    private static final Map<String, List<String>> LOOKBACK_PARAMS = Map.ofEntries(
            Map.entry("lag", List.of("bars")), Map.entry("returns", List.of("bars")), Map.entry("sma", List.of("length")),
            Map.entry("ema", List.of("length")), Map.entry("rsi", List.of("length")), Map.entry("bollinger", List.of("length")),
            Map.entry("atr", List.of("length")), Map.entry("volatility", List.of("length")), Map.entry("zscore", List.of("length")),
            Map.entry("macd", List.of("slow", "signal")), Map.entry("vol_target", List.of("length")));

    /**
     * Bars before a node's first value on an input defined from bar 0, with parameters {@code p}
     * (0 for nodes without a lookback). Each lookback parameter adds one bar per unit.
     */
    static int ownLookback(String type, Map<String, Object> p) {
        return switch (type) {
            case "lag", "returns" -> Math.max(0, (int) p.get("bars"));
            case "sma", "ema", "bollinger", "zscore" -> (int) p.get("length") - 1;
            case "rsi", "atr", "volatility", "vol_target" -> (int) p.get("length");   // one-bar changes first, then the window
            case "macd" -> (int) p.get("slow") - 1 + ("macd".equals(p.get("output")) ? 0 : (int) p.get("signal") - 1);
            default -> 0;
        };
    }

    /**
     * A lookback longer than the data leaves a node without a value on every bar, and a strategy
     * on it never trades ("no variation" rather than an answer). Refused, naming the node's field,
     * when no value of it leaves a bar to trade on; warned about when only some values are too long.
     * Each node's first value is taken at its inputs' shortest lookbacks (lookbacks only grow with
     * their lengths, so those give every node its earliest first value at once).
     */
    private void requireLookbacksFit() {
        int bars = universe.bars(), lastSignalBar = bars - 2;   // a value on bar t fills on t + 1
        String unit = universe.axis().interval().equals("1d") ? "days" : universe.axis().interval() + " bars";
        String range = bars + " " + unit + " (" + universe.dates().get(0) + " to " + universe.dates().get(bars - 1) + ")";
        Map<String, Integer> firstValue = new java.util.HashMap<>();
        for (ComposedNode n : graph.nodes()) {
            int upstream = 0;
            for (String src : n.inputs().values()) upstream = Math.max(upstream, firstValue.getOrDefault(src, 0));
            Map<String, Object> shortest = shortestLookback(n);
            // signals, positions and weights are 0 (flat) during their inputs' warm-up, never undefined
            firstValue.put(n.id(), n.type().output() == PortType.SERIES ? upstream + ownLookback(n.type().name(), shortest) : 0);
            for (String param : LOOKBACK_PARAMS.getOrDefault(n.type().name(), List.of())) {
                List<Object> values = n.params().get(param), tooLong = new java.util.ArrayList<>();
                for (Object v : values) if (upstream + ownLookbackAt(n, shortest, param, v) > lastSignalBar) tooLong.add(v);
                if (tooLong.isEmpty()) continue;
                int least = (int) shortest.get(param), needed = upstream + ownLookbackAt(n, shortest, param, least) + 1;
                // each unit of a lookback parameter is one bar more; one that adds none cannot be the fix
                boolean counts = ownLookbackAt(n, shortest, param, least + 1) > ownLookbackAt(n, shortest, param, least);
                int most = counts ? least - (needed - 1 - lastSignalBar) : 0;
                String field = "nodes." + n.id() + ".params." + param;
                String fix = (most >= 1 ? "use " + param + " at most " + most + ", or " : "use shorter lookbacks upstream, or ")
                        + "a longer date range (from earlier, or symbols with longer histories)";
                if (tooLong.size() == values.size()) {
                    throw SextantException.invalid(field, n.type().name() + " node '" + n.id() + "' never has a value: with " + param + " " + least
                            + (values.size() > 1 ? " (its shortest)" : "") + " it needs " + needed + " " + unit
                            + " for its first value and one more to trade on, and the run has " + range, fix);
                }
                warn(n.type().name() + " node '" + shown(n) + "': " + param + " " + tooLong.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
                        + (tooLong.size() == 1 ? " leaves" : " leave") + " it without a value on the run's " + range + ", so the configurations with it never trade on it"
                        + (most >= 1 ? " (nodes." + shown(n) + ".params." + param + " at most " + most + " fits)" : ""));
            }
        }
    }

    private static int ownLookbackAt(ComposedNode n, Map<String, Object> shortest, String param, Object value) {
        Map<String, Object> p = new LinkedHashMap<>(shortest);
        p.put(param, value);
        return ownLookback(n.type().name(), p);
    }

    /** The node's parameters at the values that give it its shortest lookback. */
    private static Map<String, Object> shortestLookback(ComposedNode n) {
        Map<String, Object> p = new LinkedHashMap<>();
        for (Map.Entry<String, List<Object>> e : n.params().entrySet()) {
            List<Object> values = e.getValue();
            Object pick = values.get(0);
            for (Object v : values) if (v instanceof Integer i && pick instanceof Integer j && i < j) pick = v;
            p.put(e.getKey(), pick);
        }
        // a MACD line has no signal smoothing: the shortest output whenever it is one of the choices
        List<Object> outputs = n.params().get(IndicatorLines.OUTPUT);
        if (n.type().name().equals("macd") && outputs.contains("macd")) p.put(IndicatorLines.OUTPUT, "macd");
        return p;
    }

    /** An analogue node's first bar without benchmark data, and the benchmark's last day. */
    private record Coverage(int firstUncovered, LocalDate benchmarkLast) {}
    /** The analogue nodes that have bars without benchmark data, by node id. */
    private final Map<String, Coverage> analogueCoverage = new LinkedHashMap<>();
    /** Warnings beyond this many are counted, not listed: a sweep of many parameter values must not give an answer of thousands. */
    private static final int MAX_WARNINGS = 20;
    private final java.util.Set<String> warnings = new java.util.LinkedHashSet<>();
    private int unlistedWarnings;

    private int firstBarAfter(LocalDate day) {
        int t = 0;
        while (t < universe.bars() && !universe.dates().get(t).isAfter(day)) t++;
        return t;
    }

    /** A node's id as a warning names it: the sender's text, cut past 64 characters (ShownText.name) as in compose_graph's. */
    private static String shown(ComposedNode n) {
        return org.sextant.contract.ShownText.name(n.id());
    }

    private synchronized void warn(String warning) {
        if (warnings.contains(warning)) return;
        if (warnings.size() < MAX_WARNINGS) warnings.add(warning);
        else unlistedWarnings++;
    }

    /** What the source nodes could not give, found before and during the run (dates without data, fits that all failed). */
    @Override
    public synchronized List<String> warnings() {
        List<String> out = new java.util.ArrayList<>(warnings);
        if (unlistedWarnings > 0) out.add("and " + unlistedWarnings + " more warning(s) like these");
        return out;
    }

    /**
     * Refuses a run whose out-of-sample part, from bar {@code split}, an analogue node has no value
     * on at all: its statistics would measure a strategy that never holds a position.
     */
    public void requireSourcesCover(int split) {
        for (Map.Entry<String, Coverage> e : analogueCoverage.entrySet()) {
            if (e.getValue().firstUncovered() > split) continue;
            throw SextantException.invalid("nodes." + e.getKey() + ".type", "analogue node '" + e.getKey() + "' has no value on any bar of the out-of-sample part ("
                    + universe.dates().get(split) + " to " + universe.dates().get(universe.bars() - 1) + "): the benchmark "
                    + AnalogueDefaults.BENCHMARK + "'s data end " + e.getValue().benchmarkLast(),
                    "give to and oos_start on or before " + e.getValue().benchmarkLast().plusDays(AnalogueSource.STALE_DAYS)
                            + " (symbols with history then), import newer " + AnalogueDefaults.BENCHMARK + " prices, or drop the analogue node");
        }
    }

    public ComposedGraph graph() { return graph; }

    @Override public int configurations() { return (int) graph.configurations(); }

    @Override public Universe universe() { return universe; }

    @Override public Map<String, Object> parameters(int k) { return graph.varying(k); }

    @Override
    public Ruined run(int k, double[] returns, double[] exposure, double[] traded) {
        Map<String, Map<String, Object>> cfg = graph.configuration(k);
        ComposedNode root = graph.node(graph.root());
        double[][] weights = eval(graph.node(root.inputs().get("weights")), cfg);
        Map<String, Object> p = cfg.get(root.id());
        StrategyBacktestKernel.Result run = StrategyBacktestKernel.run(weights, universe.open(), universe.close(), fill(p), costs(p), band(p), null, exposure, traded);
        double[] r = run.returns();
        Ruin.stop(r, exposure, traded); // equity that reaches 0 stays there: nothing held, earned or traded after it
        for (int t = 0; t < r.length; t++) returns[t] += r[t];
        return run.ruined();
    }

    @Override
    public Holding holding(int k) {
        Map<String, Object> p = graph.configuration(k).get(graph.root());
        return Holding.of(universe.symbols(), universe.open(), universe.close(), fill(p), costs(p), band(p));
    }

    @Override
    public double[][] heldPositions(int k) {
        Map<String, Map<String, Object>> cfg = graph.configuration(k);
        ComposedNode root = graph.node(graph.root());
        double[][] weights = eval(graph.node(root.inputs().get("weights")), cfg);
        Map<String, Object> p = cfg.get(root.id());
        double[][] held = new double[universe.assets()][universe.bars()];
        double[] r = StrategyBacktestKernel.returns(weights, universe.open(), universe.close(), fill(p), costs(p), band(p), held, null, null);
        // a ruined configuration holds nothing after its ruin, as run() has it
        int ruin = Ruin.stop(r, null, null);
        if (ruin >= 0) for (double[] h : held) java.util.Arrays.fill(h, ruin + 1, h.length, 0);
        return held;
    }

    private static Execution fill(Map<String, Object> p) {
        return p.get("fill").equals("next_open") ? Execution.NEXT_OPEN : Execution.NEXT_CLOSE;
    }

    /** The drift of a weight from its target left untraded (0: every drift is traded back). */
    private static double band(Map<String, Object> p) {
        return (double) p.get("rebalance_band");
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
            if (java.util.Arrays.stream(market).noneMatch(Double::isFinite)) {
                warn("analogue node '" + shown(n) + "' " + p + ": the matcher had no answer on any bar, so the node is flat throughout");
            }
            java.util.Arrays.fill(out, market);          // one market-wide series, shared read-only by every asset
            return out;
        }
        List<String> allFailed = new java.util.ArrayList<>();
        String firstFailure = null;
        int fits = 0;
        for (int a = 0; a < out.length; a++) {
            ForecastSeries.Fits f = new ForecastSeries.Fits();
            out[a] = ForecastSeries.of(models, universe.close()[a], (String) p.get("model"), (int) p.get("horizon"), (String) p.get("measure"),
                    (double) p.get("level"), (int) p.get("every"), (int) p.get("window"), f);
            if (f.allFailed()) {
                allFailed.add(universe.symbols().get(a));
                fits += f.made();
                if (firstFailure == null) firstFailure = f.firstFailure();
            }
        }
        if (!allFailed.isEmpty()) {
            warn("forecast node '" + shown(n) + "' " + p + ": every one of its " + fits + " fits failed on " + String.join(", ", allFailed)
                    + ", so the node is flat there throughout (first failure: " + firstFailure + ")");
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
