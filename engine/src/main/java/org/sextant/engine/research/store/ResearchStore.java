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
import java.util.TreeMap;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.sweep.HonestyReport;
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

    public ResearchStore(Store store) {
        this.store = store;
    }

    /** The session with its stored counts, created empty when new. */
    public ResearchSession session(String sessionId) {
        if (sessionId == null || sessionId.isBlank()) throw SextantException.invalid("session_id", "a session id is required", "pass any name, e.g. \"default\"");
        return store.inTransaction(c -> {
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO research_sessions(session_id) VALUES (?) ON CONFLICT DO NOTHING")) {
                ins.setString(1, sessionId);
                ins.executeUpdate();
            }
            try (PreparedStatement q = c.prepareStatement("SELECT runs, configurations FROM research_sessions WHERE session_id = ?")) {
                q.setString(1, sessionId);
                try (ResultSet rs = q.executeQuery()) {
                    rs.next();
                    return new ResearchSession(sessionId, rs.getLong(1), rs.getLong(2));
                }
            }
        });
    }

    /**
     * Saves a run evaluated by {@link HonestyReport#of} (which already counted it in the session):
     * the configurations' metrics, the run row and the session's counts, all or nothing.
     */
    public void saveRun(String runId, String name, String specJson, SweepResult sweep, HonestyReport report, ResearchSession session) {
        Universe u = sweep.kernel().universe();
        store.inTransaction(c -> {
            try (DuckDBAppender app = ((DuckDBConnection) c).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "run_configurations")) {
                for (int k = 0; k < sweep.configurations(); k++) {
                    String params = Json.MAPPER.writeValueAsString(sweep.kernel().parameters(k));
                    append(app, runId, k, "in", params, sweep.inSample()[k]);
                    append(app, runId, k, "out", params, sweep.outOfSample()[k]);
                }
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO strategy_runs(run_id, session_id, name, spec_json, symbols, from_date, to_date, "
                    + "oos_start, configurations, session_configurations, chosen_configuration, psr, dsr, pbo, haircut_sharpe, placebo_p, "
                    + "min_trl_years, verdict, verdict_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
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
                p.setString(i, report.verdict().headline());
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

    private static void append(DuckDBAppender app, String runId, int k, String sample, String params, Metrics m) throws java.sql.SQLException {
        app.beginRow().append(runId).append((long) k).append(sample).append(params)
                .append(m.cagr()).append(m.volatility()).append(m.sharpe()).append(m.sortino()).append(m.maxDrawdown())
                .append(m.turnover()).append(m.exposure()).append(m.hitRate()).append(m.bars()).endRow();
    }

    /**
     * Closes (and opens, highs, lows when every row has them) of the symbols on the dates where
     * all of them have a price, oldest first.
     */
    public Universe universe(List<String> symbols, LocalDate from, LocalDate to) {
        if (symbols == null || symbols.isEmpty()) throw SextantException.invalid("symbols", "no symbols given", "name at least one symbol");
        if (from != null && to != null && from.isAfter(to)) throw SextantException.invalid("from", "from " + from + " is after to " + to, "swap the dates");
        return store.read(c -> {
            List<Map<LocalDate, double[]>> rows = new ArrayList<>();
            for (String s : symbols) rows.add(prices(c, s, from, to));
            TreeMap<LocalDate, Boolean> common = new TreeMap<>();
            for (LocalDate d : rows.get(0).keySet()) {
                boolean all = true;
                for (Map<LocalDate, double[]> r : rows) all &= r.containsKey(d);
                if (all) common.put(d, true);
            }
            List<LocalDate> dates = new ArrayList<>(common.keySet());
            int n = dates.size(), k = symbols.size();
            double[][][] f = new double[4][k][n];
            boolean[] complete = {true, true, true, true};
            for (int a = 0; a < k; a++) {
                for (int t = 0; t < n; t++) {
                    double[] v = rows.get(a).get(dates.get(t));
                    for (int j = 0; j < 4; j++) {
                        f[j][a][t] = v[j];
                        if (Double.isNaN(v[j])) complete[j] = false;
                    }
                }
            }
            return new Universe(symbols, dates, complete[0] ? f[0] : null, complete[1] ? f[1] : null, complete[2] ? f[2] : null, f[3]);
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
