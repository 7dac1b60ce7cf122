package org.sextant.engine.forecast.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.sextant.engine.Json;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.store.Store;
import tools.jackson.core.type.TypeReference;

/**
 * Reads and writes stored forecasts (V010__forecasts.sql): headers in {@code forecasts}, the
 * median path in {@code forecast_steps}, the bands in {@code forecast_bands}, and the latest
 * backtest error summary per symbol, model and horizon in {@code forecast_backtests}.
 */
public final class ForecastStore {
    private final Store store;

    public ForecastStore(Store store) {
        this.store = store;
    }

    /** Saves forecasts in one transaction, replacing any stored one with the same key (symbol, model, horizon, kind, calibration, origin). */
    public void save(List<StoredForecast> forecasts) {
        if (forecasts.isEmpty()) return;
        store.inTransactionBesidePrices(c -> {
            for (StoredForecast f : forecasts) delete(c, f);
            insert(c, forecasts);
            return null;
        });
    }

    /** Inserts forecasts (their keys deleted first by the caller). */
    private static void insert(Connection c, List<StoredForecast> forecasts) throws Exception {
        // dup: binds a forecast's fields as delete() binds its key; the two statements order their columns differently
        try (PreparedStatement head = c.prepareStatement("INSERT INTO forecasts(forecast_id, symbol, model, kind, calibration, origin, horizon, "
                + "last_close, history_rows, coverage, closes_digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
             PreparedStatement step = c.prepareStatement("INSERT INTO forecast_steps VALUES (?, ?, ?, ?)");
             PreparedStatement band = c.prepareStatement("INSERT INTO forecast_bands VALUES (?, ?, ?, ?, ?)")) {
            for (StoredForecast f : forecasts) {
                long id = nextId(c);
                head.setLong(1, id);
                head.setString(2, f.symbol());
                head.setString(3, f.model());
                head.setString(4, f.kind());
                head.setString(5, f.calibration());
                head.setObject(6, f.origin());
                head.setInt(7, f.horizon());
                head.setDouble(8, f.lastClose());
                head.setInt(9, f.historyRows());
                head.setString(10, f.coverage().isEmpty() ? null : Json.MAPPER.writeValueAsString(f.coverage()));
                head.setString(11, f.closesDigest());
                head.addBatch();
                double[] med = f.forecast().median();
                for (int s = 0; s < med.length; s++) {
                    step.setLong(1, id);
                    step.setInt(2, s + 1);
                    step.setObject(3, f.targetDates().get(s));
                    step.setDouble(4, med[s]);
                    step.addBatch();
                    for (QuantileBand b : f.forecast().bands()) {
                        band.setLong(1, id);
                        band.setInt(2, s + 1);
                        band.setDouble(3, b.level());
                        band.setDouble(4, b.lower(s));
                        band.setDouble(5, b.upper(s));
                        band.addBatch();
                    }
                }
            }
            head.executeBatch();
            step.executeBatch();
            band.executeBatch();
        }
    }

    /** Removes every stored forecast of this kind for a symbol, model and horizon (a backtest re-run replaces its origins). */
    private static void deleteAll(Connection c, String symbol, String model, int horizon, String kind) throws Exception {
        String ids = "SELECT forecast_id FROM forecasts WHERE symbol = ? AND model = ? AND horizon = ? AND kind = ?";
        for (String t : List.of("forecast_bands", "forecast_steps", "forecasts")) {
            try (PreparedStatement p = c.prepareStatement("DELETE FROM " + t + " WHERE forecast_id IN (" + ids + ")")) {
                p.setString(1, symbol);
                p.setString(2, model);
                p.setInt(3, horizon);
                p.setString(4, kind);
                p.executeUpdate();
            }
        }
    }

    /**
     * Stored forecasts of a symbol whose origin lies in [from, to] (either may be null), oldest
     * origin first; {@code model}, {@code horizon}, {@code kind} and {@code calibration} filter when not null.
     */
    public List<StoredForecast> find(String symbol, String model, Integer horizon, String kind, String calibration, LocalDate from, LocalDate to) {
        return store.read(c -> {
            Map<Long, Object[]> heads = new LinkedHashMap<>();
            String where = "symbol = ? AND (CAST(? AS VARCHAR) IS NULL OR model = ?) AND (CAST(? AS INTEGER) IS NULL OR horizon = ?) "
                    + "AND (CAST(? AS VARCHAR) IS NULL OR kind = ?) AND (CAST(? AS VARCHAR) IS NULL OR calibration = ?) "
                    + "AND origin >= coalesce(CAST(? AS DATE), DATE '0001-01-01') AND origin <= coalesce(CAST(? AS DATE), DATE '9999-12-31')";
            try (PreparedStatement p = c.prepareStatement("SELECT forecast_id, symbol, model, kind, calibration, origin, horizon, last_close, "
                    + "history_rows, coverage, closes_digest FROM forecasts WHERE " + where + " ORDER BY origin, kind, calibration")) {
                bind(p, symbol, model, horizon, kind, calibration, from, to);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) heads.put(r.getLong(1), head(r));
                }
            }
            return heads.isEmpty() ? List.of() : assembled(c, heads);
        });
    }

    /** A stored forecast's header: what a scan matches its closes against before it reads the forecast's steps and bands. */
    public record Head(long id, String symbol, LocalDate origin, double lastClose, int historyRows) {}

    /**
     * The heads of the stored forecasts of {@code kind}, {@code model}, {@code horizon} and {@code calibration}, by symbol, in
     * id order: one query where a scan of thousands of symbols would otherwise ask {@link #find} for each.
     */
    // dup: the JDBC bind-and-read shape every store query has; the statement and its row differ
    public Map<String, List<Head>> heads(String kind, String model, int horizon, String calibration) {
        return store.read(c -> {
            Map<String, List<Head>> out = new java.util.HashMap<>();
            try (PreparedStatement p = c.prepareStatement("SELECT forecast_id, symbol, origin, last_close, history_rows FROM forecasts "
                    + "WHERE kind = ? AND model = ? AND horizon = ? AND calibration = ? ORDER BY forecast_id")) {
                p.setString(1, kind);
                p.setString(2, model);
                p.setInt(3, horizon);
                p.setString(4, calibration);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.computeIfAbsent(r.getString(2), k -> new ArrayList<>())
                                .add(new Head(r.getLong(1), r.getString(2), r.getDate(3).toLocalDate(), r.getDouble(4), r.getInt(5)));
                    }
                }
            }
            return out;
        });
    }

    /** The stored forecasts of these ids (from {@link #heads}), by id, as {@link #find} answers them; ids no longer stored are left out. */
    public Map<Long, StoredForecast> byIds(java.util.Collection<Long> ids) {
        if (ids.isEmpty()) return Map.of();
        return store.read(c -> {
            Map<Long, Object[]> heads = new LinkedHashMap<>();
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT forecast_id, symbol, model, kind, calibration, origin, "
                    + "horizon, last_close, history_rows, coverage, closes_digest FROM forecasts WHERE " + idIn(ids) + " ORDER BY forecast_id")) {
                while (r.next()) heads.put(r.getLong(1), head(r));
            }
            Map<Long, StoredForecast> out = new java.util.HashMap<>();
            java.util.Iterator<Long> id = heads.keySet().iterator();
            for (StoredForecast f : heads.isEmpty() ? List.<StoredForecast>of() : assembled(c, heads)) out.put(id.next(), f);
            return out;
        });
    }

    /** A head row (forecast_id first) as {@link #assembled} takes it. */
    private static Object[] head(ResultSet r) throws java.sql.SQLException {
        return new Object[] {r.getString(2), r.getString(3), r.getString(4), r.getString(5), r.getDate(6).toLocalDate(), r.getInt(7),
                r.getDouble(8), r.getInt(9), r.getString(10), r.getString(11)};
    }

    /**
     * The ids as numbers, not a query of the heads again: the steps and bands are stored in id order, so DuckDB reads only
     * the row groups holding them instead of both tables whole (a scan of 5,000 stored forecasts: 20 ms a symbol).
     */
    private static String idIn(java.util.Collection<Long> ids) {
        StringJoiner in = new StringJoiner(", ", "forecast_id IN (", ")");
        for (long id : ids) in.add(Long.toString(id));
        return in.toString();
    }

    /** The forecasts of {@code heads} (id to head row, in the answer's order) with their steps and bands. */
    private static List<StoredForecast> assembled(Connection c, Map<Long, Object[]> heads) throws Exception {
        Map<Long, List<Object[]>> steps = new TreeMap<>();
        Map<Long, List<double[]>> bands = new TreeMap<>();
        String idIn = idIn(heads.keySet());
        try (PreparedStatement p = c.prepareStatement("SELECT forecast_id, step, target_date, median FROM forecast_steps WHERE " + idIn
                + " ORDER BY forecast_id, step")) {
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) steps.computeIfAbsent(r.getLong(1), k -> new ArrayList<>()).add(new Object[] {r.getDate(3).toLocalDate(), r.getDouble(4)});
            }
        }
        try (PreparedStatement p = c.prepareStatement("SELECT forecast_id, step, level, lower, upper FROM forecast_bands WHERE " + idIn
                + " ORDER BY forecast_id, level, step")) {
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) bands.computeIfAbsent(r.getLong(1), k -> new ArrayList<>()).add(new double[] {r.getInt(2), r.getDouble(3), r.getDouble(4), r.getDouble(5)});
            }
        }
        List<StoredForecast> out = new ArrayList<>(heads.size());
        for (Map.Entry<Long, Object[]> e : heads.entrySet()) {
            Object[] h = e.getValue();
            List<Object[]> st = steps.getOrDefault(e.getKey(), List.of());
            List<LocalDate> dates = new ArrayList<>(st.size());
            double[] med = new double[st.size()];
            for (int i = 0; i < med.length; i++) {
                dates.add((LocalDate) st.get(i)[0]);
                med[i] = (Double) st.get(i)[1];
            }
            out.add(new StoredForecast((String) h[0], (String) h[1], (String) h[2], (String) h[3], (LocalDate) h[4], (Integer) h[5],
                    (Double) h[6], (Integer) h[7], dates, new Forecast((String) h[1], med, bandsOf(bands.getOrDefault(e.getKey(), List.of()), med.length)),
                    coverageOf((String) h[8]), (String) h[9]));
        }
        return out;
    }

    /**
     * Replaces the stored backtest of a symbol, model and horizon in one transaction: its origins' forecasts ({@code rows}),
     * its error summary (the walk-forward result as JSON), which closes it read ({@code madeFrom}) and where its scored
     * origins start ({@code oosStart}, {@link org.sextant.engine.forecast.OutOfSampleStart}; null: not recorded).
     */
    public void replaceBacktest(String symbol, String model, int horizon, String origins, Object result, List<StoredForecast> rows,
                                BacktestCloses madeFrom, String oosStart) {
        store.inTransactionBesidePrices(c -> {
            replaceBacktest(c, symbol, model, horizon, origins, result, rows, madeFrom, oosStart);
            return null;
        });
    }

    /** As above, in the caller's transaction {@code c} (an import storing all its backtests in one). */
    public static void replaceBacktest(Connection c, String symbol, String model, int horizon, String origins, Object result, List<StoredForecast> rows,
                                       BacktestCloses madeFrom, String oosStart) throws Exception {
        deleteAll(c, symbol, model, horizon, StoredForecast.BACKTEST);
        insert(c, rows);
        try (PreparedStatement d = c.prepareStatement("DELETE FROM forecast_backtests WHERE symbol = ? AND model = ? AND horizon = ?")) {
            d.setString(1, symbol);
            d.setString(2, model);
            d.setInt(3, horizon);
            d.executeUpdate();
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO forecast_backtests(symbol, model, horizon, origins, result, closes_digest, "
                + "closes_from, closes_to, oos_start) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            p.setString(1, symbol);
            p.setString(2, model);
            p.setInt(3, horizon);
            p.setString(4, origins);
            p.setString(5, Json.MAPPER.writeValueAsString(result));
            p.setString(6, madeFrom.digest());
            p.setObject(7, madeFrom.from());
            p.setObject(8, madeFrom.to());
            p.setString(9, oosStart);
            p.executeUpdate();
        }
    }

    /** The closes a stored backtest read: the symbol's closes from {@code from} to {@code to}, of {@code digest} (null: not known, stored before V053). */
    public record BacktestCloses(String digest, LocalDate from, LocalDate to) {}

    /** A stored backtest's summary ({@link #backtest}'s JSON object) and the closes it read. */
    public record StoredBacktestSummary(Map<String, Object> summary, BacktestCloses madeFrom) {}

    /** The stored backtest summary as a JSON object ({origins_rule, created_at, oos_start, result...}) and the closes it read, or null when none. */
    public StoredBacktestSummary backtest(String symbol, String model, int horizon) {
        return store.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT origins, result, created_at, closes_digest, closes_from, closes_to, oos_start FROM forecast_backtests "
                    + "WHERE symbol = ? AND model = ? AND horizon = ?")) {
                p.setString(1, symbol);
                p.setString(2, model);
                p.setInt(3, horizon);
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) return null;
                    Map<String, Object> out = new LinkedHashMap<>();
                    out.put("origins_rule", r.getString(1));
                    out.put("created_at", r.getTimestamp(3).toInstant().toString());
                    out.put("oos_start", org.sextant.engine.forecast.OutOfSampleStart.shown(r.getString(7))); // where its scored origins start
                    out.putAll(Json.MAPPER.readValue(r.getString(2), new TypeReference<Map<String, Object>>() {}));
                    return new StoredBacktestSummary(out, new BacktestCloses(r.getString(4), r.getObject(5, LocalDate.class), r.getObject(6, LocalDate.class)));
                }
            }
        });
    }

    private static List<QuantileBand> bandsOf(List<double[]> rows, int h) {
        Map<Double, double[][]> byLevel = new TreeMap<>();
        for (double[] r : rows) {
            double[][] lu = byLevel.computeIfAbsent(r[1], k -> new double[][] {new double[h], new double[h]});
            lu[0][(int) r[0] - 1] = r[2];
            lu[1][(int) r[0] - 1] = r[3];
        }
        List<QuantileBand> out = new ArrayList<>();
        byLevel.forEach((level, lu) -> out.add(new QuantileBand(level, lu[0], lu[1])));
        return out;
    }

    private static List<StoredForecast.LevelCoverage> coverageOf(String json) {
        if (json == null || json.isBlank()) return List.of();
        return Arrays.asList(Json.MAPPER.readValue(json, StoredForecast.LevelCoverage[].class));
    }

    private static void delete(Connection c, StoredForecast f) throws Exception {
        String ids = "SELECT forecast_id FROM forecasts WHERE symbol = ? AND model = ? AND horizon = ? AND kind = ? AND calibration = ? AND origin = ?";
        for (String t : List.of("forecast_bands", "forecast_steps", "forecasts")) {
            // duplicates: a forecast's key columns bound by position, as the insert binds them
            try (PreparedStatement p = c.prepareStatement("DELETE FROM " + t + " WHERE forecast_id IN (" + ids + ")")) {
                p.setString(1, f.symbol());
                p.setString(2, f.model());
                p.setInt(3, f.horizon());
                p.setString(4, f.kind());
                p.setString(5, f.calibration());
                p.setObject(6, f.origin());
                p.executeUpdate();
            }
        }
    }

    private static long nextId(Connection c) throws Exception {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT nextval('forecast_ids')")) {
            r.next();
            return r.getLong(1);
        }
    }

    private static void bind(PreparedStatement p, String symbol, String model, Integer horizon, String kind, String calibration,
                             LocalDate from, LocalDate to) throws Exception {
        p.setString(1, symbol);
        p.setString(2, model);
        p.setString(3, model);
        p.setObject(4, horizon);
        p.setObject(5, horizon);
        p.setString(6, kind);
        p.setString(7, kind);
        p.setString(8, calibration);
        p.setString(9, calibration);
        p.setObject(10, from);
        p.setObject(11, to);
    }
}
