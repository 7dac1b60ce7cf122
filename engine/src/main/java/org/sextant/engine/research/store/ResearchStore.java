package org.sextant.engine.research.store;

import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.BarReader;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.run.Benchmark;
import org.sextant.engine.research.run.ConfigurationResult;
import org.sextant.engine.research.run.EquityCurve;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.run.RunInfo;
import org.sextant.engine.research.run.RunStatistics;
import org.sextant.engine.research.run.RunCurves;
import org.sextant.engine.research.sweep.BarAxis;
import org.sextant.engine.research.sweep.HonestyReport;
import org.sextant.engine.research.stats.Haircut;
import org.sextant.engine.research.stats.SharpeSpread;
import org.sextant.engine.research.sweep.ResearchSession;
import org.sextant.engine.research.sweep.SweepResult;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;

/**
 * Research data in the store (migration V020): sessions with their run and configuration
 * counts, strategy runs with their honesty figures and verdict, and every configuration's
 * metrics. A run is saved in one transaction together with the session's new counts, so the
 * ledger can never show a run whose configurations were not counted.
 */
public final class ResearchStore {
    private final Store store;
    /** Every symbol's stored intervals, kept per data version by the reader that gives them (a scan of every price and bar). */
    private final java.util.function.Supplier<Map<String, List<String>>> storedIntervals;

    public ResearchStore(Store store) {
        this(store, new BarReader(store)::storedIntervals);
    }

    /** As {@link #ResearchStore(Store)}, with the stored intervals the engine's listing keeps: a run then asks without a scan of the bars. */
    public ResearchStore(Store store, java.util.function.Supplier<Map<String, List<String>>> storedIntervals) {
        this.store = store;
        this.storedIntervals = storedIntervals;
    }

    /** The session with its stored counts and the spread of its configurations' in-sample Sharpe ratios, created empty when new. */
    public ResearchSession session(String sessionId) {
        if (sessionId == null || sessionId.isBlank()) throw SextantException.invalid("session_id", "a session id is required", "pass any name, e.g. \"default\"");
        return store.inTransactionBesidePrices(c -> {
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO research_sessions(session_id) VALUES (?) ON CONFLICT DO NOTHING")) {
                ins.setString(1, sessionId);
                ins.executeUpdate();
            }
            try (PreparedStatement q = c.prepareStatement("SELECT runs, configurations FROM research_sessions WHERE session_id = ?")) {
                q.setString(1, sessionId);
                try (ResultSet rs = q.executeQuery()) {
                    rs.next();
                    return new ResearchSession(sessionId, rs.getLong(1), rs.getLong(2), trialSharpes(c, sessionId),
                            new KeptPValues(store, sessionId, keptPValues(c, sessionId)));
                }
            }
        });
    }

    /**
     * The spread of the in-sample Sharpe ratios of every configuration the session's stored runs
     * tried, each counted as the chosen one is picked ({@link #COMPARABLE_SHARPE}); from what each
     * run already stores, so runs saved before the DSR used it count too.
     */
    private static java.util.Map<String, SharpeSpread> trialSharpes(Connection c, String sessionId) throws java.sql.SQLException {
        // per bar interval (runs before V045 ran on daily prices): the DSR compares a run with its own interval's trials
        try (PreparedStatement q = c.prepareStatement("SELECT interval, count(v), coalesce(avg(v), 0), coalesce(var_samp(v) * (count(v) - 1), 0) FROM ("
                + "SELECT coalesce(r.interval, '" + ResearchSession.DAILY + "') AS interval, " + COMPARABLE_SHARPE + " AS v"
                + " FROM run_configurations i JOIN strategy_runs r ON r.run_id = i.run_id"
                + " WHERE r.session_id = ? AND i.sample = 'in') GROUP BY interval")) {
            q.setString(1, sessionId);
            java.util.Map<String, SharpeSpread> out = new java.util.TreeMap<>();
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) out.put(rs.getString(1), new SharpeSpread(rs.getLong(2), rs.getDouble(3), Math.max(0, rs.getDouble(4))));
            }
            return out;
        }
    }

    /** How many configurations of the session's stored runs kept their p-value (none of runs stored before V054). */
    private static long keptPValues(Connection c, String sessionId) throws java.sql.SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT count(i.p_value) FROM run_configurations i JOIN strategy_runs r ON r.run_id = i.run_id"
                + " WHERE r.session_id = ? AND i.sample = 'in'")) {
            q.setString(1, sessionId);
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** The session's stored counts, zero for a session nothing has run in yet; reads only. */
    public SessionLedger ledger(String sessionId) {
        if (sessionId == null || sessionId.isBlank()) throw SextantException.invalid("session_id", "a session id is required", "pass any name, e.g. \"default\"");
        return store.read(c -> {
            try (PreparedStatement q = c.prepareStatement("SELECT runs, configurations FROM research_sessions WHERE session_id = ?")) {
                q.setString(1, sessionId);
                try (ResultSet rs = q.executeQuery()) {
                    return rs.next() ? new SessionLedger(sessionId, rs.getLong(1), rs.getLong(2)) : new SessionLedger(sessionId, 0, 0);
                }
            }
        });
    }

    /** {@link #saveRun(String, String, String, SweepResult, HonestyReport, ResearchSession, int, List, double)} with the chosen configuration selected. */
    public void saveRun(String runId, String name, String specJson, SweepResult sweep, HonestyReport report, ResearchSession session) {
        saveRun(runId, name, specJson, sweep, report, session, report.chosen(), List.of(), Double.NaN);
    }

    /** As below, without a benchmark. */
    public void saveRun(String runId, String name, String specJson, SweepResult sweep, HonestyReport report, ResearchSession session,
                        int selected, List<String> warnings, double seconds) {
        requireSelected(sweep, selected);
        saveRun(runId, name, specJson, sweep, report, session, RunCurves.of(sweep.kernel(), selected, sweep.split(), EquityCurve.SELECTED),
                warnings, seconds, null, null);
    }

    private static void requireSelected(SweepResult sweep, int selected) {
        if (selected < 0 || selected >= sweep.configurations()) {
            throw SextantException.invalid("selected_configuration", "configuration " + selected + " is not in 0.." + (sweep.configurations() - 1),
                    "name a configuration index of this sweep, or omit it to select the best in-sample one");
        }
    }

    /**
     * Saves a run evaluated by {@link HonestyReport#of} (which already counted it in the session):
     * the configurations' metrics, the equity curves of the chosen and the selected
     * configuration, the run row and the session's counts, all or nothing. The benchmark (when not
     * null) is kept beside the chosen configuration's rows: its metrics as samples {@value #BENCHMARK_IN}
     * and {@value #BENCHMARK_OUT}, its curve as role "benchmark" (no schema change: older runs simply have none).
     * {@code selectedCurve}: the selected configuration's curve (role "selected"), replayed by the caller, who needed that pass anyway.
     */
    public void saveRun(String runId, String name, String specJson, SweepResult sweep, HonestyReport report, ResearchSession session,
                        EquityCurve selectedCurve, List<String> warnings, double seconds, Benchmark benchmark, EquityCurve benchmarkCurve) {
        Universe u = sweep.kernel().universe();
        int selected = selectedCurve.configuration();
        requireSelected(sweep, selected);
        if (!EquityCurve.SELECTED.equals(selectedCurve.role())) throw new IllegalArgumentException("the selected curve has role " + selectedCurve.role());
        // the chosen configuration is the selected one unless the caller named another: then its curve is the one replayed
        EquityCurve best = report.chosen() == selected
                ? new EquityCurve(EquityCurve.BEST, selected, selectedCurve.dates(), selectedCurve.equity(), selectedCurve.drawdown(), selectedCurve.oosIndex())
                : RunCurves.of(sweep.kernel(), report.chosen(), sweep.split(), EquityCurve.BEST);
        List<EquityCurve> curves = new ArrayList<>(List.of(best, selectedCurve));
        if (benchmarkCurve != null) curves.add(benchmarkCurve);
        store.inTransactionBesidePrices(c -> {
            try (DuckDBAppender app = c.unwrap(DuckDBConnection.class).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "run_configurations")) {
                for (int k = 0; k < sweep.configurations(); k++) {
                    String params = Json.MAPPER.writeValueAsString(sweep.kernel().parameters(k));
                    // the p-value Holm and BHY took for it, for the session's later runs to adjust with
                    double sharpe = SweepResult.comparableSharpe(sweep.inSample()[k]);
                    double p = Haircut.configurationPValue(sharpe, sweep.split() - 1, u.barsPerYear());
                    // and its log, exact where p underflows to 0 (V063)
                    double log10P = Haircut.log10ConfigurationPValue(sharpe, sweep.split() - 1, u.barsPerYear());
                    append(app, runId, k, "in", params, sweep.inSample()[k], p, log10P);
                    append(app, runId, k, "out", params, sweep.outOfSample()[k], null, null);
                }
                if (benchmark != null) {
                    String holds = Json.MAPPER.writeValueAsString(Map.of("holds", benchmark.holds()));
                    append(app, runId, report.chosen(), BENCHMARK_IN, holds, benchmark.inSample(), null, null);
                    append(app, runId, report.chosen(), BENCHMARK_OUT, holds, benchmark.outOfSample(), null, null);
                }
            }
            try (DuckDBAppender app = c.unwrap(DuckDBConnection.class).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "run_equity")) {
                for (EquityCurve curve : curves) {
                    for (int t = 0; t < curve.size(); t++) {
                        app.beginRow().append(runId).append(curve.role()).append((long) curve.configuration()).append(t)
                                .append(curve.dates().get(t)).append(curve.equity()[t]).append(curve.drawdown()[t]).endRow();
                    }
                }
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO strategy_runs(run_id, session_id, name, spec_json, symbols, from_date, to_date, "
                    + "oos_start, configurations, session_configurations, chosen_configuration, psr, dsr, pbo, haircut_sharpe, placebo_p, "
                    + "min_trl_years, verdict, verdict_text, selected_configuration, psr_oos, haircut_sharpe_bonferroni, haircut_sharpe_bhy, "
                    + "reasons_json, warnings_json, seconds, interval, bars_per_year, annualisation, costs_from_cash) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, TRUE)")) {
                int i = 1;
                p.setString(i++, runId);
                p.setString(i++, session.id());
                p.setString(i++, name);
                p.setString(i++, specJson);
                p.setString(i++, String.join(",", u.symbols()));
                p.setDate(i++, Date.valueOf(u.dates().get(0)));
                p.setDate(i++, Date.valueOf(u.dates().get(u.bars() - 1)));
                p.setDate(i++, Date.valueOf(u.dates().get(sweep.split())));
                p.setLong(i++, sweep.configurations());
                p.setLong(i++, report.configurationsInSession());
                p.setLong(i++, report.chosen());
                p.setDouble(i++, report.psr());
                p.setDouble(i++, report.dsr());
                p.setDouble(i++, report.pbo() == null ? Double.NaN : report.pbo().pbo());
                p.setDouble(i++, report.haircutHolm().haircutSharpe());
                p.setDouble(i++, report.placebo().pValue());
                p.setDouble(i++, report.minTrackRecordYears());
                p.setString(i++, report.verdict().label());
                p.setString(i++, report.verdict().headline());
                p.setLong(i++, selected);
                p.setDouble(i++, report.psrOutOfSample());
                p.setDouble(i++, report.haircutBonferroni().haircutSharpe());
                p.setDouble(i++, report.haircutBhy().haircutSharpe());
                p.setString(i++, Json.MAPPER.writeValueAsString(report.verdict().reasons()));
                p.setString(i++, Json.MAPPER.writeValueAsString(warnings == null ? List.of() : warnings));
                p.setDouble(i++, seconds);
                p.setString(i++, u.axis().interval());
                p.setDouble(i++, u.barsPerYear());
                p.setString(i, u.axis().annualisation()); // the week behind it is read from today's dates: kept, never rebuilt
                p.executeUpdate();
            }
            // Increments, not absolute counts: two runs saved concurrently both count.
            try (PreparedStatement p = c.prepareStatement("UPDATE research_sessions SET runs = runs + 1, configurations = configurations + ?, "
                    + "updated_at = current_timestamp WHERE session_id = ?")) {
                p.setLong(1, sweep.configurations());
                p.setString(2, session.id());
                if (p.executeUpdate() != 1) throw SextantException.notFound("session_id", "research session '" + session.id() + "' is not in the store", "open it with session() first");
            }
            return null;
        });
    }

    /** Whether a run with this id is stored. */
    public boolean hasRun(String runId) {
        return store.read(c -> {
            try (PreparedStatement q = c.prepareStatement("SELECT count(*) FROM strategy_runs WHERE run_id = ?")) {
                q.setString(1, runId);
                try (ResultSet rs = q.executeQuery()) {
                    rs.next();
                    return rs.getLong(1) > 0;
                }
            }
        });
    }

    /** What a run stored before its fills paid their costs from cash (V062) says first among its warnings. */
    public static final String COSTS_IN_PROPORTION = "this run was stored by a Sextant before store version V062: its fills took their costs from every position in "
            + "proportion, one a fill did not trade too (a rebalancing band's), where they are now paid from cash by the positions traded; "
            + "its figures were made so and are not recomputed: run the backtest again for figures charged as now";

    /**
     * Whether some configuration of a stored spec has a rebalancing band above 0, which leaves a position untraded: only
     * there did a fill's costs taken from every position (before V062) make other figures than now; at a band of 0 every
     * position is traded to its target at each fill either way. A spec that no longer composes is taken to, so its run still says so.
     */
    static boolean sparesPositions(String spec) {
        try {
            org.sextant.engine.research.graph.ComposeResult composed = org.sextant.engine.research.graph.GraphComposer.composeAsRun(spec);
            if (!composed.ok()) return true;
            var graph = composed.graph();
            List<Object> bands = graph.node(graph.root()).params().get("rebalance_band");
            return bands != null && bands.stream().anyMatch(b -> !(b instanceof Number n && n.doubleValue() == 0));
        } catch (RuntimeException e) {
            return true;
        }
    }

    private static List<String> costsInProportionFirst(List<String> warnings) {
        List<String> all = new java.util.ArrayList<>(warnings.size() + 1);
        all.add(COSTS_IN_PROPORTION);
        all.addAll(warnings);
        return List.copyOf(all);
    }

    /** The samples a run's benchmark metrics are stored as, beside its configurations' "in" and "out". */
    static final String BENCHMARK_IN = "benchmark_in", BENCHMARK_OUT = "benchmark_out";

    private static final String RUN_COLUMNS = "r.run_id, r.session_id, r.name, r.created_at, r.symbols, r.from_date, r.to_date, r.oos_start, "
            + "r.configurations, r.session_configurations, r.verdict, r.verdict_text, ci.sharpe, co.sharpe, r.dsr, r.pbo, "
            + "coalesce(r.interval, '1d'), coalesce(r.bars_per_year, 252), r.annualisation";
    private static final String RUN_FROM = " FROM strategy_runs r "
            + "LEFT JOIN run_configurations ci ON ci.run_id = r.run_id AND ci.configuration = r.chosen_configuration AND ci.sample = 'in' "
            + "LEFT JOIN run_configurations co ON co.run_id = r.run_id AND co.configuration = r.chosen_configuration AND co.sample = 'out' ";

    /** Stored runs, newest first, of one session (all sessions when null or blank), at most {@code limit}. */
    public List<RunInfo> listRuns(String sessionId, int limit) {
        if (limit < 1) throw SextantException.invalid("limit", "limit must be at least 1, was " + limit, "omit it for the newest 50 runs");
        String session = sessionId == null || sessionId.isBlank() ? null : sessionId;
        return store.read(c -> {
            List<RunInfo> out = new ArrayList<>();
            try (PreparedStatement q = c.prepareStatement("SELECT " + RUN_COLUMNS + RUN_FROM
                    + "WHERE (? IS NULL OR r.session_id = ?) ORDER BY r.created_at DESC, r.run_id LIMIT ?")) {
                q.setString(1, session);
                q.setString(2, session);
                q.setInt(3, limit);
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) out.add(info(rs));
                }
            }
            return out;
        });
    }

    /**
     * One stored run with its statistics; the equity curves and the first page of the configurations (at most
     * Bounds.MAX_RUN_CONFIGURATIONS: a sweep can have a million) only when asked for.
     */
    public RunDetail run(String runId, boolean withConfigurations, boolean withEquity) {
        return run(runId, withConfigurations, 0, org.sextant.contract.Bounds.MAX_RUN_CONFIGURATIONS, withEquity);
    }

    /**
     * As above with a page of the configurations: {@code limit} of them from {@code offset} in the run's ranking (best
     * in-sample Sharpe first, an undefined one last, ties by index: the chosen one leads), with their total.
     */
    public RunDetail run(String runId, boolean withConfigurations, int offset, int limit, boolean withEquity) {
        if (runId == null || runId.isBlank()) throw SextantException.invalid("run_id", "run_id is missing", "pass a run id from list_runs");
        return store.read(c -> {
            RunInfo info;
            String spec;
            int chosen, selected;
            RunStatistics stats;
            List<String> warnings;
            try (PreparedStatement q = c.prepareStatement("SELECT " + RUN_COLUMNS + ", r.spec_json, r.chosen_configuration, "
                    + "coalesce(r.selected_configuration, r.chosen_configuration), r.psr, r.psr_oos, r.min_trl_years, r.haircut_sharpe_bonferroni, "
                    + "r.haircut_sharpe, r.haircut_sharpe_bhy, r.placebo_p, r.reasons_json, r.warnings_json, r.costs_from_cash" + RUN_FROM
                    + "WHERE r.run_id = ?")) {
                q.setString(1, runId);
                try (ResultSet rs = q.executeQuery()) {
                    if (!rs.next()) throw SextantException.notFound("run_id", "no run with id '" + org.sextant.contract.ShownText.name(runId) + "'", "call list_runs for the stored runs");
                    info = info(rs);
                    spec = rs.getString(20);
                    chosen = rs.getInt(21);
                    selected = rs.getInt(22);
                    stats = new RunStatistics(num(rs, 23), num(rs, 24), info.dsr(), num(rs, 25), info.pbo(), num(rs, 26), num(rs, 27),
                            num(rs, 28), num(rs, 29), info.verdict(), info.verdictText(), strings(rs.getString(30)));
                    warnings = strings(rs.getString(31));
                    if (rs.getObject(32) == null && sparesPositions(spec)) warnings = costsInProportionFirst(warnings);
                }
            }
            List<ConfigurationResult> chosenOne = configurations(c, runId, (long) chosen, 0, 1);
            ConfigurationResult best = chosenOne.isEmpty() ? null : chosenOne.get(0);
            List<ConfigurationResult> configs = List.of();
            Integer total = null, next = null;
            if (withConfigurations) {
                configs = configurations(c, runId, null, offset, limit);
                total = Math.toIntExact(info.configurations()); // the run's row counts the rows its save wrote
                next = (long) offset + configs.size() < total && !configs.isEmpty() ? offset + configs.size() : null;
            }
            List<EquityCurve> curves = withEquity ? curves(c, runId, info.oosStart()) : List.of();
            Benchmark benchmark = best == null ? null : benchmark(c, runId, best.outOfSample());
            return new RunDetail(info, spec, chosen, best == null ? Map.of() : best.parameters(), selected, best == null ? null : best.inSample(),
                    best == null ? null : best.outOfSample(), stats, warnings, configs, total, withConfigurations ? offset : null, next, curves, benchmark);
        });
    }

    /**
     * The run's ranking, as the chosen one is picked (SweepResult.comparableSharpe): best in-sample
     * Sharpe first, returns that never vary as Sharpe 0 (cash), no returns at all last, ties by index.
     */
    private static final String COMPARABLE_SHARPE = "CASE WHEN i.sharpe IS NOT NULL AND NOT isnan(i.sharpe) THEN i.sharpe"
            + " WHEN i.volatility IS NOT NULL AND isfinite(i.volatility) THEN 0 END";
    private static final String RANKING = " ORDER BY " + COMPARABLE_SHARPE + " DESC NULLS LAST, i.configuration";

    /** {@code limit} configurations from {@code offset} in the ranking; {@code only}: that one configuration (null: all). */
    private static List<ConfigurationResult> configurations(Connection c, String runId, Long only, int offset, int limit) throws java.sql.SQLException {
        List<ConfigurationResult> out = new ArrayList<>();
        try (PreparedStatement q = c.prepareStatement("SELECT i.configuration, i.params_json, "
                + "i.cagr, i.volatility, i.sharpe, i.sortino, i.max_drawdown, i.turnover, i.exposure, i.hit_rate, i.bars, "
                + "o.cagr, o.volatility, o.sharpe, o.sortino, o.max_drawdown, o.turnover, o.exposure, o.hit_rate, o.bars, "
                + "i.p_value, " + KeptPValues.LOG10_OR_NULL + " "
                + "FROM run_configurations i JOIN run_configurations o ON o.run_id = i.run_id AND o.configuration = i.configuration AND o.sample = 'out' "
                + "WHERE i.run_id = ? AND i.sample = 'in'" + (only == null ? "" : " AND i.configuration = ?") + RANKING + " LIMIT ? OFFSET ?")) {
            int k = 1;
            q.setString(k++, runId);
            if (only != null) q.setLong(k++, only);
            q.setLong(k++, limit);
            q.setLong(k, offset);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> params = Json.MAPPER.readValue(rs.getString(2), LinkedHashMap.class);
                    out.add(new ConfigurationResult(rs.getInt(1), params, metrics(rs, 3), metrics(rs, 12), num(rs, 21), num(rs, 22)));
                }
            }
        }
        return out;
    }

    /** The run's stored benchmark against the chosen configuration's out-of-sample metrics; null for a run stored before benchmarks. */
    private static Benchmark benchmark(Connection c, String runId, Metrics chosenOutOfSample) throws java.sql.SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT i.params_json, "
                + "i.cagr, i.volatility, i.sharpe, i.sortino, i.max_drawdown, i.turnover, i.exposure, i.hit_rate, i.bars, "
                + "o.cagr, o.volatility, o.sharpe, o.sortino, o.max_drawdown, o.turnover, o.exposure, o.hit_rate, o.bars "
                + "FROM run_configurations i JOIN run_configurations o ON o.run_id = i.run_id AND o.sample = ? WHERE i.run_id = ? AND i.sample = ?")) {
            q.setString(1, BENCHMARK_OUT);
            q.setString(2, runId);
            q.setString(3, BENCHMARK_IN);
            try (ResultSet rs = q.executeQuery()) {
                if (!rs.next()) return null;
                String holds = String.valueOf(Json.MAPPER.readValue(rs.getString(1), Map.class).get("holds"));
                return Benchmark.of(holds, metrics(rs, 2), metrics(rs, 11), chosenOutOfSample);
            }
        }
    }

    /** Replaces the run's selected curve and selected configuration, in one transaction. */
    public void replaceSelected(String runId, EquityCurve curve) {
        store.inTransactionBesidePrices(c -> {
            try (PreparedStatement d = c.prepareStatement("DELETE FROM run_equity WHERE run_id = ? AND role = ?")) {
                d.setString(1, runId);
                d.setString(2, EquityCurve.SELECTED);
                d.executeUpdate();
            }
            try (DuckDBAppender app = c.unwrap(DuckDBConnection.class).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "run_equity")) {
                for (int t = 0; t < curve.size(); t++) {
                    app.beginRow().append(runId).append(EquityCurve.SELECTED).append((long) curve.configuration()).append(t)
                            .append(curve.dates().get(t)).append(curve.equity()[t]).append(curve.drawdown()[t]).endRow();
                }
            }
            try (PreparedStatement u = c.prepareStatement("UPDATE strategy_runs SET selected_configuration = ? WHERE run_id = ?")) {
                u.setLong(1, curve.configuration());
                u.setString(2, runId);
                if (u.executeUpdate() != 1) throw SextantException.notFound("run_id", "no run with id '" + org.sextant.contract.ShownText.name(runId) + "'", "call list_runs for the stored runs");
            }
            return null;
        });
    }

    private static List<EquityCurve> curves(Connection c, String runId, LocalDate oosStart) throws java.sql.SQLException {
        List<EquityCurve> out = new ArrayList<>();
        for (String role : List.of(EquityCurve.BEST, EquityCurve.SELECTED, EquityCurve.BENCHMARK)) {
            List<LocalDate> dates = new ArrayList<>();
            List<double[]> values = new ArrayList<>();
            long configuration = -1;
            try (PreparedStatement q = c.prepareStatement("SELECT configuration, date, equity, drawdown FROM run_equity WHERE run_id = ? AND role = ? ORDER BY bar")) {
                q.setString(1, runId);
                q.setString(2, role);
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) {
                        configuration = rs.getLong(1);
                        dates.add(rs.getDate(2).toLocalDate());
                        values.add(new double[]{rs.getDouble(3), rs.getDouble(4)});
                    }
                }
            }
            if (dates.isEmpty()) continue;   // runs saved before V021 have no curves
            double[] eq = new double[dates.size()], dd = new double[dates.size()];
            for (int t = 0; t < eq.length; t++) { eq[t] = values.get(t)[0]; dd[t] = values.get(t)[1]; }
            int oos = 0;
            while (oos < dates.size() && dates.get(oos).isBefore(oosStart)) oos++;
            out.add(new EquityCurve(role, (int) configuration, dates, eq, dd, oos));
        }
        return out;
    }

    private static RunInfo info(ResultSet rs) throws java.sql.SQLException {
        java.sql.Timestamp created = rs.getTimestamp(4);
        return new RunInfo(rs.getString(1), rs.getString(2), rs.getString(3), created == null ? null : created.toInstant(),
                List.of(rs.getString(5).split(",")), rs.getDate(6).toLocalDate(), rs.getDate(7).toLocalDate(), rs.getDate(8).toLocalDate(),
                rs.getLong(9), rs.getLong(10), rs.getString(11), rs.getString(12), num(rs, 13), num(rs, 14), num(rs, 15), num(rs, 16),
                rs.getString(17), rs.getDouble(18), rs.getString(19) == null ? RunInfo.NOT_RECORDED : rs.getString(19));
    }

    private static Metrics metrics(ResultSet rs, int from) throws java.sql.SQLException {
        return new Metrics(num(rs, from), num(rs, from + 1), num(rs, from + 2), num(rs, from + 3), num(rs, from + 4),
                num(rs, from + 5), num(rs, from + 6), num(rs, from + 7), rs.getInt(from + 8));
    }

    private static double num(ResultSet rs, int col) throws java.sql.SQLException {
        double v = rs.getDouble(col);
        return rs.wasNull() ? Double.NaN : v;
    }

    private static List<String> strings(String json) {
        if (json == null) return List.of();
        return List.of(Json.MAPPER.readValue(json, String[].class));
    }

    private static void append(DuckDBAppender app, String runId, int k, String sample, String params, Metrics m, Double pValue, Double log10P)
            throws java.sql.SQLException {
        app.beginRow().append(runId).append((long) k).append(sample).append(params)
                .append(m.cagr()).append(m.volatility()).append(m.sharpe()).append(m.sortino()).append(m.maxDrawdown())
                .append(m.turnover()).append(m.exposure()).append(m.hitRate()).append(m.bars());
        if (pValue == null) app.appendNull();
        else app.append(pValue.doubleValue());
        (log10P == null ? app.appendNull() : app.append(log10P.doubleValue())).endRow();
    }

    /**
     * The symbols' bars at {@code interval}: daily prices as {@link #universe(List, LocalDate, LocalDate)}
     * reads them when {@link #onDailyPrices} holds, otherwise bars through the bar reader
     * (resampled from a finer stored interval when need be), annualised along their session. Daily
     * prices are annualised by the week their symbols trade ({@link #dailyUniverse}).
     */
    public Universe universe(List<String> symbols, LocalDate from, LocalDate to, BarInterval interval) {
        if (onDailyPrices(symbols, interval)) return dailyUniverse(symbols, from, to);
        if (from != null && to != null && from.isAfter(to)) throw SextantException.invalid("from", "from " + from + " is after to " + to, "swap the dates");
        return BarUniverse.read(store, symbols, from, to, interval);
    }

    /**
     * The symbols' daily prices on their common dates, annualised by the week each trades ({@link BarAxis#byWeek}:
     * its session here, its dates), as a run and a scale-out sweep read them.
     */
    public Universe dailyUniverse(List<String> symbols, LocalDate from, LocalDate to) {
        BarReader reader = new BarReader(store);
        return Universe.onCommonDatesByWeek(symbols, dailyRows(symbols, from, to), s -> "continuous".equals(reader.sessionLabel(s)));
    }

    /** Whether a run reads the daily prices as runs always did: interval 1d and no symbol with bars but no daily prices. */
    public boolean onDailyPrices(List<String> symbols, BarInterval interval) {
        if (interval != BarInterval.D1) return false;
        Map<String, List<String>> stored = storedIntervals.get(); // kept per data version: a run asks more than once, the bars unchanged
        for (String s : symbols) if (s != null && BarReader.barsOnlyFinest(stored.get(s)) != null) return false;
        return true;
    }

    /**
     * Closes (and opens, highs, lows when every row has them) of the symbols on the dates where
     * all of them have a price, oldest first, at 252 a year ({@link BarAxis#DAILY}): as a scale-out
     * job measured them, whose import this universe checks.
     */
    public Universe universe(List<String> symbols, LocalDate from, LocalDate to) {
        return Universe.onCommonDates(symbols, dailyRows(symbols, from, to));
    }

    /** Each symbol's daily prices in range, date → {open, high, low, close}, oldest first. */
    private List<Map<LocalDate, double[]>> dailyRows(List<String> symbols, LocalDate from, LocalDate to) {
        if (symbols == null || symbols.isEmpty()) throw SextantException.invalid("symbols", "no symbols given", "name at least one symbol");
        if (from != null && to != null && from.isAfter(to)) throw SextantException.invalid("from", "from " + from + " is after to " + to, "swap the dates");
        return store.read(c -> {
            List<Map<LocalDate, double[]>> rows = new ArrayList<>();
            for (String s : symbols) rows.add(prices(c, s, from, to));
            return rows;
        });
    }

    /** One symbol's daily prices within a run's range: first and last date and how many days. */
    public record Span(String symbol, LocalDate first, LocalDate last, long days) {}

    /** The daily-price span of each of {@code symbols} within from..to (null: open), in the order given. */
    public List<Span> spans(List<String> symbols, LocalDate from, LocalDate to) {
        return store.read(c -> {
            List<Span> out = new ArrayList<>();
            try (PreparedStatement q = c.prepareStatement("SELECT min(date), max(date), count(*) FROM prices WHERE symbol = ? "
                    + "AND (? IS NULL OR date >= ?) AND (? IS NULL OR date <= ?)")) {
                for (String s : symbols) {
                    q.setString(1, s);
                    q.setObject(2, from); q.setObject(3, from);
                    q.setObject(4, to); q.setObject(5, to);
                    try (ResultSet rs = q.executeQuery()) {
                        if (rs.next() && rs.getLong(3) > 0) out.add(new Span(s, rs.getDate(1).toLocalDate(), rs.getDate(2).toLocalDate(), rs.getLong(3)));
                    }
                }
            }
            return out;
        });
    }

    private static Map<LocalDate, double[]> prices(Connection c, String symbol, LocalDate from, LocalDate to) throws java.sql.SQLException {
        Map<LocalDate, double[]> out = new LinkedHashMap<>();
        try (PreparedStatement q = c.prepareStatement("SELECT date, open, high, low, close FROM prices WHERE symbol = ? "
                + "AND (? IS NULL OR date >= ?) AND (? IS NULL OR date <= ?) ORDER BY date")) {
            q.setString(1, symbol);
            q.setObject(2, from); q.setObject(3, from);
            q.setObject(4, to); q.setObject(5, to);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    double[] v = new double[4];
                    for (int j = 0; j < 4; j++) {
                        v[j] = rs.getDouble(j + 2);
                        if (rs.wasNull()) v[j] = Double.NaN;
                    }
                    out.put(rs.getDate(1).toLocalDate(), v);
                }
            }
        }
        if (out.isEmpty()) throw SextantException.notFound("symbols", "no prices for " + symbol + " in the date range", "import " + symbol + " or widen the range");
        return out;
    }
}
