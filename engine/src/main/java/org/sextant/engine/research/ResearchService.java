package org.sextant.engine.research;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.research.graph.ComposeResult;
import org.sextant.engine.research.graph.ComposedGraph;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.graph.NodeCatalogue;
import org.sextant.engine.research.graph.NodeType;
import org.sextant.engine.research.graph.ParamSpec;
import org.sextant.engine.research.backtest.Ruined;
import org.sextant.engine.research.run.EquityCurve;
import org.sextant.engine.research.run.RunCurves;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.run.RunInfo;
import org.sextant.engine.research.source.AnalogueSource;
import org.sextant.engine.research.store.ResearchStore;
import org.sextant.engine.research.sweep.BarAxis;
import org.sextant.engine.research.sweep.HonestyReport;
import org.sextant.engine.research.sweep.ResearchSession;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.SweepMonitor;
import org.sextant.engine.jobs.JobContext;
import org.sextant.engine.research.sweep.SweepChunk;
import org.sextant.engine.research.sweep.SweepJob;
import org.sextant.engine.research.sweep.SweepReplay;
import org.sextant.engine.research.sweep.SweepResult;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;

/**
 * Strategy research as the facade offers it: list the node catalogue, compose a graph spec
 * (validate, count, run nothing), and run a spec over a universe with the honesty statistics
 * and verdict, saved in the store. Everything that can be refused is refused before the sweep
 * starts, naming the field.
 */
public final class ResearchService {
    /** Bars a year of the store's daily prices, what a run on them has always annualised with (BarAxis.DAILY). */
    public static final double PERIODS_PER_YEAR = 252;
    private final ResearchStore store;
    private final AnalogueSource analogues;
    private final ForecastModels models;
    /** The engine's repository: its bar reader (newest bars of a history check) is the one every read shares. */
    private final PriceRepository prices;

    /** Without the analogue matcher (specs with an analogue node are refused before they run) nor a trained global model. */
    public ResearchService(Store store) {
        this(store, null, ForecastModels.BUILT_IN);
    }

    /** {@code models}: the engine's catalogue, so a forecast node naming {@code global} uses the model this engine trained. */
    public ResearchService(Store store, AnalogueSource analogues, ForecastModels models) {
        this(store, new PriceRepository(store), analogues, models);
    }

    /** As above, reading prices and bars through the engine's {@code prices}. */
    public ResearchService(Store store, PriceRepository prices, AnalogueSource analogues, ForecastModels models) {
        this.store = new ResearchStore(store, prices::storedIntervals);
        this.prices = prices;
        this.analogues = analogues;
        this.models = models;
    }

    /** The catalogue for listings: name, category, description, inputs, output, parameter schemas. */
    public List<Map<String, Object>> listNodes() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (NodeType t : NodeCatalogue.all()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("category", t.category());
            m.put("description", t.description());
            Map<String, String> in = new LinkedHashMap<>();
            t.inputs().forEach((k, v) -> in.put(k, v.wireName()));
            m.put("inputs", in);
            m.put("output", t.output().wireName());
            m.put("params", t.params().stream().map(ParamSpec::schema).toList());
            out.add(m);
        }
        return out;
    }

    /** Most runs {@link #listRuns} returns when the caller names no limit. */
    public static final int DEFAULT_RUN_LIST = 50;

    /** A graph spec validated and counted, as the answer shows it; runs nothing. */
    public Map<String, Object> composeGraphAnswer(String specJson) {
        if (specJson == null || specJson.isBlank()) {
            throw SextantException.invalid("spec", "spec is missing", "pass a graph spec (docs/research.md), e.g. {\"version\":1,\"nodes\":{...}}");
        }
        return composeGraph(specJson).toWire();
    }

    /** A strategy backtest job's subject (its session and request), after the request is checked and its spec composes. */
    public String backtestSubject(StrategyRunRequest r) {
        composeGraph(r.spec()).requireOk(); // refuse a bad spec before a job exists
        return sessionOf(r.sessionId()) + ":" + Integer.toHexString(r.hashCode());
    }

    /** Whose prices a backtest of {@code r} reads: its symbols, and with an analogue node the benchmark whose signals it matches. */
    public List<String> backtestReads(StrategyRunRequest r) {
        List<String> read = new java.util.ArrayList<>(r.symbols());
        if (composeGraph(r.spec()).requireOk().nodes().stream().anyMatch(n -> n.type().name().equals("analogue"))) read.add(org.sextant.engine.analogue.AnalogueDefaults.BENCHMARK);
        return read;
    }

    /** The session's ledger of runs and configurations tried (zero for a new session); reads only. */
    public org.sextant.engine.research.store.SessionLedger ledger(String sessionId) {
        return store.ledger(sessionOf(sessionId));
    }

    /**
     * The request with its symbols canonical and checked, and its split resolved: without an
     * out-of-sample start the common date range of the symbols is split at 70%. At an interval
     * other than the daily prices, the range is that of the bars the symbols share.
     */
    public StrategyRunRequest withDefaultSplit(StrategyRunRequest r) {
        if (r == null || r.symbols() == null || r.symbols().isEmpty()) {
            throw SextantException.invalid("symbols", "no symbols to backtest", "name the universe, e.g. [\"AA\",\"IBM\",\"MSFT\"]");
        }
        sessionOf(r.sessionId());                       // refused before anything runs
        BarInterval interval = BarInterval.of("interval", r.interval());
        List<String> named = r.symbols().stream().map(PriceRepository::canonical).toList();
        for (int i = 0; i < named.size(); i++) {
            // a symbol twice would weigh it twice in the book and count its bars twice
            if (named.indexOf(named.get(i)) != i) throw SextantException.invalid("symbols", "symbols names " + named.get(i) + " twice",
                    "name each symbol once, e.g. " + named.stream().distinct().limit(5).toList());
        }
        if (!store.onDailyPrices(named, interval)) {
            requireBarsLongEnough(named, interval);        // before the range is read from the bars
            return withBarSplit(r, named, interval);
        }
        List<String> symbols = r.symbols().stream().map(this::requireSymbol).toList();
        if (r.oosStart() != null) return new StrategyRunRequest(r.sessionId(), r.spec(), symbols, r.from(), r.to(), r.oosStart(), r.threads(), r.selectedConfiguration(), r.interval());
        java.time.LocalDate from = r.from(), to = r.to();
        if (from == null || to == null) {
            List<SymbolInfo> infos = prices.symbols(null).stream().filter(i -> symbols.contains(i.symbol())).toList();
            if (from == null) from = infos.stream().map(SymbolInfo::firstDate).filter(java.util.Objects::nonNull).max(java.time.LocalDate::compareTo).orElse(null);
            if (to == null) to = infos.stream().map(SymbolInfo::lastDate).filter(java.util.Objects::nonNull).min(java.time.LocalDate::compareTo).orElse(null);
        }
        return withSplit(r, symbols, from, to);
    }

    /** A stored symbol's canonical name; an unknown one is refused naming the argument, {@code symbols}. */
    private String requireSymbol(String symbol) {
        try {
            return prices.requireSymbol(symbol);
        } catch (SextantException e) {
            if (!"symbol".equals(e.field())) throw e;
            throw new SextantException(e.reason(), e.getMessage() + " in symbols", "symbols", e.fix(), e);
        }
    }

    /** Longest session id: a name, not a document (it is stored with every run and echoed in every answer). */
    public static final int MAX_SESSION_ID_CHARS = org.sextant.contract.Bounds.MAX_SESSION_ID_CHARS;

    /**
     * The session a run counts in: "default" when none is named; otherwise at most
     * {@value #MAX_SESSION_ID_CHARS} letters, digits and {@code - _ . :}, refused naming {@code session_id}.
     */
    public static String sessionOf(String sessionId) {
        if (sessionId == null || sessionId.isBlank()) return "default";
        String fix = "name the session with at most " + MAX_SESSION_ID_CHARS + " letters, digits and - _ . :, e.g. \"sma-ibm-2024\"";
        if (sessionId.length() > MAX_SESSION_ID_CHARS) {
            throw SextantException.invalid("session_id", "session_id has " + sessionId.length() + " characters, more than " + MAX_SESSION_ID_CHARS, fix);
        }
        if (!sessionId.matches(org.sextant.contract.Bounds.SESSION_ID_CHARS)) {
            throw SextantException.invalid("session_id", "session_id holds characters other than letters, digits and - _ . :", fix);
        }
        return sessionId;
    }

    /** {@link #withDefaultSplit} on bars: the range defaults to the trading days of the bars the symbols share. */
    private StrategyRunRequest withBarSplit(StrategyRunRequest r, List<String> symbols, BarInterval interval) {
        if (r.oosStart() != null) return new StrategyRunRequest(r.sessionId(), r.spec(), symbols, r.from(), r.to(), r.oosStart(), r.threads(), r.selectedConfiguration(), r.interval());
        java.time.LocalDate from = r.from(), to = r.to();
        if (from == null || to == null) {
            Universe u = store.universe(symbols, from, to, interval);
            if (from == null) from = u.dates().get(0);
            if (to == null) to = u.dates().get(u.bars() - 1);
        }
        return withSplit(r, symbols, from, to);
    }

    private static StrategyRunRequest withSplit(StrategyRunRequest r, List<String> symbols, java.time.LocalDate from, java.time.LocalDate to) {
        if (r.from() != null && r.to() != null && !r.from().isBefore(r.to())) {
            throw SextantException.invalid("from", "from " + r.from() + " is not before to " + r.to(), "pass from earlier than to, or leave it out for the symbols' common start");
        }
        return new StrategyRunRequest(r.sessionId(), r.spec(), symbols, from, to, defaultOutOfSampleStart(symbols, r.from(), r.to(), from, to),
                r.threads(), r.selectedConfiguration(), r.interval());
    }

    /**
     * The out-of-sample start of a run over {@code from..to} (the dates given, else the symbols'
     * common range; null where there is none), refused when that range is shorter than two days,
     * naming what the person gave: {@code givenFrom} or {@code givenTo} (null when not given),
     * else the symbols. The app and the scale-out sweep both resolve their default split here.
     */
    public static java.time.LocalDate defaultOutOfSampleStart(List<String> symbols, java.time.LocalDate givenFrom, java.time.LocalDate givenTo,
                                                              java.time.LocalDate from, java.time.LocalDate to) {
        if (from == null || to == null || !from.isBefore(to)) {
            // blame what the person gave: the range they named, else the symbols whose data leaves none
            String field = givenFrom != null ? "from" : givenTo != null ? "to" : "symbols";
            String span = from == null || to == null ? "" : " (" + from + " to " + to + ")";
            throw SextantException.invalid(field, "the symbols " + symbols + " share no date range of two days or more" + span,
                    "pick symbols with overlapping history" + (field.equals("symbols") ? "" : " or give another " + field));
        }
        return defaultOutOfSampleStart(from, to);
    }

    /** The out-of-sample start when the caller names none: the last 30% of the days from..to are held out. */
    public static java.time.LocalDate defaultOutOfSampleStart(java.time.LocalDate from, java.time.LocalDate to) {
        return from.plusDays((long) (java.time.temporal.ChronoUnit.DAYS.between(from, to) * 0.7));
    }

    public ComposeResult composeGraph(String spec) {
        return GraphComposer.compose(spec);
    }

    /**
     * A symbol whose whole stored history is shorter than a run needs is named: widening the range cannot
     * help it. {@code barsChecked}: the request came from {@link #withDefaultSplit}, which checked its bars.
     */
    private void requireHistoryLongEnough(List<String> symbols, BarInterval interval, boolean barsChecked) {
        if (!store.onDailyPrices(symbols, interval)) {
            if (!barsChecked) requireBarsLongEnough(symbols, interval);
            return;
        }
        for (ResearchStore.Span s : store.spans(symbols, null, null)) {
            if (s.days() < Sweep.MIN_BARS) throw tooShort(s.symbol(), s.symbol() + " has prices on only " + s.days() + " date" + (s.days() == 1 ? "" : "s")
                    + " (" + s.first() + " to " + s.last() + ")", "dates");
        }
    }

    /** As on daily prices, at a bar interval: the newest {@value Sweep#MIN_BARS} bars at most are read, so a long history costs nothing. */
    private void requireBarsLongEnough(List<String> symbols, BarInterval interval) {
        for (String symbol : symbols) {
            List<org.sextant.engine.data.IntervalBar> bars = prices.newestBars(symbol, interval.label, Sweep.MIN_BARS).bars();
            if (bars.isEmpty() || bars.size() >= Sweep.MIN_BARS) continue; // none: the universe names the symbol
            throw tooShort(symbol, symbol + " has only " + bars.size() + " " + interval.label + " bar" + (bars.size() == 1 ? "" : "s") + " ("
                    + minute(bars.get(0).ts()) + " to " + minute(bars.get(bars.size() - 1).ts()) + ")", interval.label.equals("1d") ? "dates" : "bars");
        }
    }

    private static String minute(java.time.LocalDateTime ts) {
        return ts.toLocalDate() + " " + ts.toLocalTime();
    }

    private static SextantException tooShort(String symbol, String has, String unit) {
        return SextantException.invalid("symbols", has + "; a strategy run needs at least " + Sweep.MIN_BARS + " common " + unit
                + " (the overfitting statistics cut their returns into " + Sweep.PBO_BLOCKS + " blocks of 2 or more)",
                "import a longer history of " + symbol + ", or leave it out");
    }

    public StrategyRunSummary runStrategy(StrategyRunRequest r) {
        return runStrategy(r, null);
    }

    /**
     * Runs every configuration and records the run. With a job context the sweep reports its
     * progress per chunk of configurations and stops when the job is cancelled; a cancelled run
     * is neither saved nor counted in the session (nothing was learnt from it).
     */
    public StrategyRunSummary runStrategy(StrategyRunRequest r, JobContext job) {
        return run(r, job, false);
    }

    /**
     * {@link #runStrategy(StrategyRunRequest, JobContext)} of a request as {@link #withDefaultSplit} returned
     * it: the newest bars of each symbol it runs on at an interval were counted there, and are not read again.
     */
    public StrategyRunSummary runSplit(StrategyRunRequest split, JobContext job) {
        return run(split, job, true);
    }

    /**
     * The work of a start_backtest job of a request as {@link #withDefaultSplit} returned it: the history checks
     * made at submission are made again when the job starts, since the data may have changed while it was queued.
     */
    public org.sextant.engine.jobs.JobWork backtestJob(StrategyRunRequest split) {
        return ctx -> run(split, ctx, false);
    }

    private StrategyRunSummary run(StrategyRunRequest r, JobContext job, boolean barsChecked) {
        long start = System.nanoTime();
        ComposeResult composed = GraphComposer.compose(r.spec());
        ComposedGraph graph = composed.requireOk();
        if (r.oosStart() == null) throw SextantException.invalid("oos_start", "the out-of-sample start date is required", "give a date inside from..to, e.g. the last 30% of the range");
        String sessionId = sessionOf(r.sessionId());
        BarInterval interval = BarInterval.of("interval", r.interval());
        requireHistoryLongEnough(r.symbols(), interval, barsChecked);
        Universe u = store.universe(r.symbols(), r.from(), r.to(), interval);
        int cores = Runtime.getRuntime().availableProcessors();
        // a request's budget: a sweep that cannot end within it is refused before its indicators are computed
        org.sextant.engine.research.sweep.SweepCost.refuseBeyondBudget(graph.configurations(), u.assets(), u.bars(), r.threads() == null ? cores : Math.max(1, r.threads()));
        GraphSweep kernel = new GraphSweep(graph, u, analogues, models);               // pre-run checks
        org.sextant.engine.research.graph.ForecastNodeCost.refuseBeyondBudget(graph, u.assets(), u.bars()); // a request's budget: refused now, not after it
        int split = Sweep.splitAt(u, r.oosStart());
        requirePricesMove(u, split, "symbols");
        kernel.requireSourcesCover(split);
        Integer sel = r.selectedConfiguration();
        if (sel != null && (sel < 0 || sel >= kernel.configurations())) {
            throw SextantException.invalid("selected_configuration", "configuration " + sel + " is not in 0.." + (kernel.configurations() - 1),
                    "name a configuration index from compose_graph's count, or omit it to select the best in-sample one");
        }
        int threads = r.threads() == null ? cores : r.threads();
        if (threads < 1) throw SextantException.invalid("threads", "threads must be at least 1", "omit it to use every core");
        if (job != null) {
            job.checkCancelled();
            job.progress(0.05, "running " + kernel.configurations() + " configurations");
        }
        List<String> shared = sharedSpan(r, u);
        SweepResult sweep = Sweep.run(kernel, split, threads, false, u.barsPerYear(), monitorOf(job));
        if (job != null) job.progress(0.9, "overfitting statistics");
        return record(UUID.randomUUID().toString(), composed, r.spec(), sessionId, sweep, r.selectedConfiguration(), start, job, shared);
    }

    /**
     * Refuses a run whose closes never change in sample: every configuration earns nothing there
     * before costs, so the winner would be picked on costs alone and its configurations would
     * still raise the session's N (the DSR's trials) for every later run. Refused, so nothing
     * runs, is stored or counted; a universe with one moving symbol runs.
     */
    static void requirePricesMove(Universe u, int split, String field) {
        for (double[] close : u.close()) {
            for (int t = 1; t < split; t++) if (close[t] != close[0]) return;
        }
        throw SextantException.invalid(field, "the closes of " + u.symbols() + " never change in sample (" + u.dates().get(0) + " to " + u.dates().get(Math.max(0, split - 1))
                + "): every configuration would earn nothing before costs, so there is nothing to select or test; the run was neither run nor counted in its session",
                "pick symbols whose prices move in that range, or another from or oos_start");
    }

    /** A symbol holding more than this many times the shared days loses much of its history to the run, which is said. */
    static final double SHARED_SPAN_CUT = 1.25;

    /**
     * A run of several symbols reads only the days all of them have prices: said when that drops
     * much of one symbol's history (IBM with SBI share one year of IBM's ten, silently before).
     */
    private List<String> sharedSpan(StrategyRunRequest r, Universe u) {
        if (u.assets() < 2 || !store.onDailyPrices(r.symbols(), BarInterval.of("interval", r.interval()))) return List.of();
        List<String> longer = new ArrayList<>();
        for (ResearchStore.Span s : store.spans(r.symbols(), r.from(), r.to())) {
            if (s.days() > u.bars() * SHARED_SPAN_CUT) longer.add(s.symbol() + " has " + s.days() + " (" + s.first() + " to " + s.last() + ")");
        }
        if (longer.isEmpty()) return List.of();
        return List.of("the symbols have prices together on " + u.bars() + " days only (" + u.dates().get(0) + " to " + u.dates().get(u.bars() - 1)
                + "), and the run reads only those: " + String.join(", ", longer) + "; run such symbols apart, or pick symbols whose histories overlap");
    }

    /**
     * Records a sweep that ran elsewhere (a scale-out job's output, docs/scale-out.md) as a run,
     * exactly as {@link #runStrategy} records its own: every configuration counts in the session,
     * so the DSR and the haircut deflate by the configurations tried on the cluster too. The
     * universe is rebuilt from this store and must be the one the job read (same dates, and the
     * best configuration replayed here measures as it did there); the job id is the run id, so
     * importing one job twice is refused instead of counting its configurations twice.
     */
    public StrategyRunSummary recordSweepJob(SweepJob job, List<SweepChunk> chunks, double computeSeconds, String sessionId) {
        return recordSweepJob(job, chunks, computeSeconds, sessionId, SweepReplay.standard(),
                (k, column, why) -> SextantException.invalid("output", "configuration " + k + ": column " + column + " " + why, "re-run the job")).run();
    }

    /**
     * A sweep job recorded as a run, how many of its configurations were measured again here as the job wrote them, and
     * what the replay's budget left unmeasured (null when nothing: {@link SweepReplay.Measured#unmeasured}).
     */
    public record RecordedSweepJob(StrategyRunSummary run, int replayed, String unmeasured) {}

    /**
     * As above, the configurations {@code replay} chooses measured again here (the best first, whose difference means
     * other prices), a row that differs refused through {@code refusal} (which names its part file) before anything is stored.
     */
    public RecordedSweepJob recordSweepJob(SweepJob job, List<SweepChunk> chunks, double computeSeconds, String sessionId, SweepReplay replay,
                                           SweepReplay.Refusal refusal) {
        ComposeResult composed = GraphComposer.compose(job.spec());
        ComposedGraph graph = composed.requireOk();
        if (store.hasRun(job.jobId())) {
            throw SextantException.invalid("output", "this job's output was already imported as run " + job.jobId(),
                    "open that run (get_run " + job.jobId() + "); a run is counted in its session once");
        }
        Universe u = store.dailyUniverse(job.symbols(), job.from(), job.to());
        if (u.barsPerYear() != job.periodsPerYear()) {
            throw SextantException.invalid("output", "the job annualised its figures with " + fmtBars(job.periodsPerYear()) + " bars a year, and this store's daily prices of "
                    + job.symbols() + " are " + u.axis().annualisation() + (job.barsPerYear() == null ? " (the job was written before sextant-spark read a 7-day week)"
                    : u.barsPerYear() == BarAxis.SEVEN_DAY_YEAR ? " (the job's input did not say the symbol's session: exported before export-prices wrote it)" : ""),
                    "export the prices again (sextant export-prices DIR) and re-run the job with this version's sextant-spark");
        }
        if (u.bars() != job.bars() || !u.dates().get(0).equals(job.firstDate()) || !u.dates().get(u.bars() - 1).equals(job.lastDate())) {
            throw SextantException.invalid("output", "the store's prices of " + job.symbols() + " give " + u.bars() + " common dates " + u.dates().get(0) + ".."
                    + u.dates().get(u.bars() - 1) + ", the job read " + job.bars() + " (" + job.firstDate() + ".." + job.lastDate() + ")",
                    "import into the store the prices were exported from, or export them again and re-run the job");
        }
        int split = u.indexOf(job.oosStart());
        requirePricesMove(u, split, "output");
        GraphSweep kernel = new GraphSweep(graph, u, analogues, models);
        SweepResult sweep = SweepChunk.assemble(kernel, split, chunks, computeSeconds);
        SweepReplay.Measured replayed = replay.check(sweep, u.barsPerYear(), refusal);
        String session = sessionOf(sessionId);
        // the run's seconds: the cluster's compute seconds plus this import's statistics
        return new RecordedSweepJob(record(job.jobId(), composed, job.spec(), session, sweep, null, System.nanoTime() - (long) (computeSeconds * 1e9), null,
                List.of()), replayed.configurations(), replayed.unmeasured(replay.budgetSeconds()));
    }

    private static String fmtBars(double barsPerYear) {
        return String.format(java.util.Locale.ROOT, "%,.0f", barsPerYear);
    }

    /** Counts the sweep in its session, evaluates it and saves it as run {@code runId}. */
    private StrategyRunSummary record(String runId, ComposeResult composed, String spec, String sessionId, SweepResult sweep, Integer selectedConfiguration,
                                      long startNanos, JobContext job, List<String> dataWarnings) {
        ComposedGraph graph = composed.requireOk();
        int split = sweep.split();
        BarAxis axis = sweep.kernel().universe().axis();
        HonestyReport h;
        int selected;
        double seconds;
        List<String> warnings = new ArrayList<>(composed.warnings());
        warnings.addAll(dataWarnings);
        RunDataWarnings closes = RunDataWarnings.of(sweep.kernel().universe(), split, prices::storedIntervals); // a split or bad tick read as a real move, weeks read as days
        warnings.addAll(closes.warnings());
        warnings.addAll(sweep.kernel().warnings()); // what the source nodes could not give, found while they ran
        int best = sweep.bestInSample();             // the configuration the report judges (HonestyReport.chosen)
        org.sextant.engine.research.backtest.Holding holding = sweep.kernel().holding(best);
        org.sextant.engine.research.run.Benchmark benchmark = org.sextant.engine.research.run.Benchmark.of(holding, split, axis.barsPerYear(), sweep.outOfSample()[best]);
        EquityCurve benchmarkCurve = EquityCurve.of(EquityCurve.BENCHMARK, best, sweep.kernel().universe().dates(), holding.returns(), split);
        // one session's runs are deflated and saved one at a time: runs finishing together each read the same count and
        // were deflated by their own configurations only (four sweeps of 30 each said N=30 where the session held 120)
        synchronized (sessionLock(sessionId)) {
            ResearchSession session = store.session(sessionId);
            h = HonestyReport.of(sweep, session, axis.barsPerYear(), split, benchmark.reason()); // a reason beside the verdict's rules, not one of them
            for (String note : closes.verdictNotes()) h = h.stating(note); // cited as the verdict cites its other reasons
            warnings.addAll(h.undefined()); // why a figure is null, beside it in every answer and the stored run
            if (job != null) job.checkCancelled(); // the last point before the run is saved and counted
            org.sextant.engine.jobs.Cancellation.check(); // a synchronous backtest's budget, or its caller gone: likewise
            selected = selectedConfiguration == null ? h.chosen() : selectedConfiguration;
            seconds = (System.nanoTime() - startNanos) / 1e9;
            RunCurves.Replayed selectedRun = RunCurves.replay(sweep.kernel(), selected, split, EquityCurve.SELECTED); // its curve, and its ruin for the warning
            String idle = flatInSample(sweep, selected, selectedConfiguration != null, selectedRun.ruined());
            if (idle != null) warnings.add(idle);
            store.saveRun(runId, graph.name(), spec, sweep, h, session, selectedRun.curve(), warnings, seconds, benchmark, benchmarkCurve);
        }
        return new StrategyRunSummary(runId, sessionId, sweep.configurations(), h.configurationsInSession(), h.runsInSession(),
                h.parameters(), h.inSample(), h.outOfSample(), h.psr(), h.psrOutOfSample(), h.dsr(), h.minTrackRecordYears(),
                h.pbo() == null ? Double.NaN : h.pbo().pbo(), h.haircutBonferroni().haircutSharpe(), h.haircutHolm().haircutSharpe(),
                h.haircutBhy().haircutSharpe(), h.placebo().pValue(), h.verdict().label(), h.verdict().headline(), h.verdict().reasons(),
                warnings, seconds, axis.interval(), axis.barsPerYear(), axis.annualisation(), benchmark);
    }

    private final Object[] sessionLocks = java.util.stream.IntStream.range(0, 64).mapToObj(i -> new Object()).toArray();

    /** The lock a session's runs are evaluated and saved under (striped: sessions are any names). */
    private Object sessionLock(String sessionId) {
        return sessionLocks[Math.floorMod(sessionId.hashCode(), sessionLocks.length)];
    }

    /**
     * A configuration that held no position on any in-sample bar was picked on a Sharpe of cash:
     * said, since its in-sample figures and its selection mean nothing (null when it held one).
     * {@code ruined}: where the kernel found its equity ruined, null when it never was.
     */
    private static String flatInSample(SweepResult sweep, int configuration, boolean named, Ruined ruined) {
        if (sweep.inSample()[configuration].exposure() != 0) return null;
        Universe u = sweep.kernel().universe();
        Map<String, Object> parameters = sweep.kernel().parameters(configuration);
        String which = "the " + (named ? "selected" : "winning") + " configuration " + configuration + (parameters.isEmpty() ? "" : " " + parameters);
        // the weight is recorded before a bar's trade and the figures stop at ruin: a first trade whose costs took all the equity is no cash
        if (ruined != null && ruined.bar() < sweep.split() && ruined.cause() == Ruined.Cause.COSTS) {
            return which + " was ruined on its first trade by its costs, on " + u.dates().get(ruined.bar()) + " in sample: it traded "
                    + String.format(java.util.Locale.ROOT, "%.3g", ruined.traded()) + " times the equity and paid the execution's cost_bps and slippage_bps"
                    + " on all of it; lower them, or the weight it trades (fixed_fraction's fraction)";
        }
        return which + " held no position on any in-sample bar (" + u.dates().get(0) + " to " + u.dates().get(sweep.split() - 1)
                + "): its in-sample figures describe cash and its selection means nothing; shorten its lookbacks, start the run earlier (from)"
                + " or move oos_start later";
    }

    /** Progress from 5% to 90% as configurations are measured, at most every 1% or so; stop when the job is cancelled. */
    private static SweepMonitor monitorOf(JobContext job) {
        if (job == null) return SweepMonitor.NONE;
        return new SweepMonitor() {
            private final java.util.concurrent.atomic.AtomicInteger reported = new java.util.concurrent.atomic.AtomicInteger(-1);

            @Override
            public void measured(int done, int total) {
                int percent = (int) (100L * done / total);
                int last = reported.get();
                if (percent > last && reported.compareAndSet(last, percent)) {
                    job.progress(0.05 + 0.85 * done / total, done + " of " + total + " configurations");
                }
            }

            @Override
            public boolean stopRequested() { return job.cancelled(); }
        };
    }

    /** Stored runs, newest first, of one session (all when null), at most {@code limit}. */
    public List<RunInfo> listRuns(String sessionId, int limit) {
        if (limit < 1 || limit > 1000) throw SextantException.invalid("limit", "limit must be 1..1000, was " + limit, "e.g. " + DEFAULT_RUN_LIST);
        return store.listRuns(sessionId == null ? null : sessionOf(sessionId), limit);
    }

    /**
     * Selects another configuration of a stored run: replays it over the run's symbols and dates
     * and stores its equity curve as the selected one. Refused when the prices changed since the
     * run (the best configuration's replay must reproduce its stored curve), so a stored curve
     * is never a mix of old and new data. Replayed with the bars a year the run recorded.
     */
    public RunDetail selectConfiguration(String runId, int configuration) {
        RunDetail d = store.run(runId, false, true);
        if (configuration < 0 || configuration >= d.info().configurations()) {
            throw SextantException.invalid("configuration", "configuration " + configuration + " is not in 0.." + (d.info().configurations() - 1),
                    "pick a configuration index from get_run's configurations");
        }
        EquityCurve stored = d.curve(EquityCurve.BEST);
        if (stored == null) throw SextantException.invalid("run_id", "run " + runId + " was saved before equity curves were kept", "run the spec again");
        int below = firstBelowZero(stored);
        if (below >= 0) {
            // stored before ruin stopped a strategy at 0: its replay ends at 0, so it can never match
            throw SextantException.invalid("run_id", "run " + runId + " was stored before Sextant stopped a strategy at ruin: its stored equity goes below 0 on "
                    + stored.dates().get(below) + ", where a run now stops at 0, so its configurations cannot be replayed as stored",
                    "run the backtest again (backtest with the run's spec and symbols) and select on the new run");
        }
        ComposedGraph graph = GraphComposer.composeAsRun(d.specJson()).requireOk();
        // replayed as it ran: a 7-day market's daily prices stored at 252 a year (before they were read at 365) keep it, or a
        // node that annualises (a volatility target) would size differently and the run be refused as if its prices changed
        Universe u = store.universe(d.info().symbols(), d.info().from(), d.info().to(), BarInterval.of("interval", d.info().interval()))
                .annualisedWith(d.info().barsPerYear());
        GraphSweep kernel = replayed(runId, graph, u);
        int split = u.indexOf(d.info().oosStart());
        EquityCurve best = RunCurves.of(kernel, d.chosenConfiguration(), split, EquityCurve.BEST);
        double a = best.equity()[best.size() - 1], b = stored.equity()[stored.size() - 1];
        if (!best.dates().equals(stored.dates()) || Math.abs(a - b) > 1e-9 * Math.max(1, Math.abs(b))) {
            boolean costsBefore = d.warnings().contains(org.sextant.engine.research.store.ResearchStore.COSTS_IN_PROPORTION);
            throw SextantException.invalid("run_id", costsBefore
                            ? "run " + runId + " was stored by a Sextant before store version V062, when its fills took their costs from every position in proportion, and "
                            + "its replay with costs paid from cash (or with prices changed since) does not reproduce its stored curve"
                            : "the prices of run " + runId + "'s symbols changed since it ran, so its configurations cannot be replayed exactly",
                    "run the spec again (backtest) and select on the new run");
        }
        store.replaceSelected(runId, RunCurves.of(kernel, configuration, split, EquityCurve.SELECTED));
        return store.run(runId, false, true);
    }

    /**
     * The kernel of a stored run, to replay it. The pre-run checks hold a spec to today's rules, and
     * a run stored before one of them (an indicator longer than the data, say) fails it at the
     * spec's field, which select_configuration's caller cannot change: said at {@code run_id}.
     */
    private GraphSweep replayed(String runId, ComposedGraph graph, Universe u) {
        try {
            return new GraphSweep(graph, u, analogues, models);
        } catch (SextantException e) {
            if (e.field() == null || !e.field().startsWith("nodes.")) throw e;
            throw SextantException.invalid("run_id", "run " + runId + " cannot be replayed: its spec fails a check made since it ran, at "
                    + e.field() + ": " + e.getMessage(), "run the backtest again with " + e.field() + " changed (" + e.fix() + ") and select on the new run");
        }
    }

    /** The first bar whose equity is below 0, or -1 when there is none. */
    private static int firstBelowZero(EquityCurve curve) {
        for (int t = 0; t < curve.size(); t++) if (curve.equity()[t] < 0) return t;
        return -1;
    }

    /** One stored run; equity curves and the first page of its configurations only when asked for. */
    public RunDetail run(String runId, boolean withConfigurations, boolean withEquity) {
        return run(runId, withConfigurations, null, null, withEquity);
    }

    /**
     * A request's read of a run: at most {@link org.sextant.contract.Bounds#MAX_RUN_CONFIGURATIONS} configurations from
     * {@code offset} in the run's ranking (null: from the first, as many as allowed), so the answer stays a few MB however large the sweep.
     */
    public RunDetail run(String runId, boolean withConfigurations, Integer offset, Integer limit, boolean withEquity) {
        int max = org.sextant.contract.Bounds.MAX_RUN_CONFIGURATIONS;
        if (!withConfigurations && (offset != null || limit != null)) {
            throw SextantException.invalid(offset != null ? "configurations_offset" : "configurations_limit",
                    "configurations_offset and configurations_limit page the configurations, which were not asked for", "add include_configurations: true");
        }
        if (offset != null && offset < 0) {
            throw SextantException.invalid("configurations_offset", "configurations_offset must be at least 0, was " + offset,
                    "omit it for the first page, or pass the answer's next_configurations_offset");
        }
        if (limit != null && (limit < 1 || limit > max)) {
            throw SextantException.invalid("configurations_limit", "configurations_limit must be 1.." + max + ", was " + limit,
                    "omit it for " + max + " a page and read on with configurations_offset");
        }
        return store.run(runId, withConfigurations, offset == null ? 0 : offset, limit == null ? max : limit, withEquity);
    }
}
