package org.sextant.engine.analogue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.BarReader;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.store.Store;

/** Builds {@link DailySignals} from the store: the benchmark's closes, the breadth universe, the user signals. */
public final class SignalStore {
    private SignalStore() {}

    /**
     * Signals of the benchmark {@code sent} (in any case: symbols are stored upper case) with breadth over the members of {@code universe} found in the store.
     * A benchmark with intraday bars but no daily prices (USDCHF) is read as its daily resample.
     */
    public static DailySignals load(Store store, String sent, List<String> universe) {
        String benchmark = org.sextant.engine.data.PriceRepository.canonical(sent); // as stored: a symbol in any case finds it
        BarReader reader = new BarReader(store);
        List<String> intervals = reader.storedIntervals(benchmark); // read here, not inside the read below: its warning's fix names its 1w bars
        BarSeries resampled = dailyResample(reader, benchmark, intervals);
        return store.read(c -> {
            List<LocalDate> dates = new ArrayList<>();
            List<Double> closes = new ArrayList<>();
            if (resampled != null) {
                for (IntervalBar b : resampled.bars()) {
                    if (b.close() > 0) {
                        dates.add(b.date());
                        closes.add(b.close());
                    }
                }
            } else try (PreparedStatement p = c.prepareStatement(
                    "SELECT date, coalesce(adj_close, close) FROM prices WHERE symbol = ? AND coalesce(adj_close, close) > 0 ORDER BY date")) {
                p.setString(1, benchmark);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        dates.add(r.getDate(1).toLocalDate());
                        closes.add(r.getDouble(2));
                    }
                }
            }
            if (dates.isEmpty()) { // one close is read: the matcher says how many more it needs
                throw SextantException.notFound("benchmark", "the store has no prices for benchmark " + org.sextant.contract.ShownText.name(sent),
                        "import the benchmark's daily prices, or pass a benchmark symbol from list_symbols");
            }
            LocalDate[] d = dates.toArray(LocalDate[]::new);
            double[] close = closes.stream().mapToDouble(Double::doubleValue).toArray();
            Map<LocalDate, Integer> rowOf = new HashMap<>();
            for (int i = 0; i < d.length; i++) rowOf.put(d[i], i);
            Map<String, double[]> members = new LinkedHashMap<>();
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT date, coalesce(adj_close, close) FROM prices WHERE symbol = ? AND date BETWEEN ? AND ? ORDER BY date")) {
                for (String sym : universe) {
                    if (sym.equalsIgnoreCase(benchmark)) continue;
                    double[] px = new double[d.length];
                    Arrays.fill(px, Double.NaN);
                    boolean any = false;
                    p.setString(1, sym);
                    p.setObject(2, d[0]);
                    p.setObject(3, d[d.length - 1]);
                    try (ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            Integer row = rowOf.get(r.getDate(1).toLocalDate());
                            if (row != null) {
                                px[row] = r.getDouble(2);
                                any = true;
                            }
                        }
                    }
                    if (any) members.put(sym, px);
                }
            }
            DailySignals base = DailySignals.compute(benchmark, d, close, members, x -> intervals);
            return base.withUserSignals(userSignals(c));
        });
    }

    /**
     * The benchmark's 1d bars resampled along its session when it has bars but no daily prices; null
     * otherwise. Bars coarser than a day cannot make daily closes: refused naming benchmark, the
     * argument the caller chose (neither analogue tool takes an interval).
     */
    private static BarSeries dailyResample(BarReader reader, String benchmark, List<String> intervals) {
        String finest = BarReader.barsOnlyFinest(intervals);
        if (finest == null) return null;
        if (BarInterval.of(AnalogueRequest.BENCHMARK, finest).ordinal() > BarInterval.D1.ordinal()) {
            throw SextantException.invalid(AnalogueRequest.BENCHMARK, benchmark + " has " + (finest.equals("1w") ? "weekly" : "monthly")
                    + " bars only (" + finest + "); the matcher needs daily closes (or intraday bars, resampled to days)",
                    "import daily closes of " + benchmark + ", or choose a benchmark with daily prices (list_symbols shows each symbol's intervals)");
        }
        return reader.read(benchmark, BarInterval.D1, null, null);
    }

    /**
     * Writes the builtin dimensions of {@code signals} into daily_signals (replacing that
     * benchmark's rows) in one transaction; returns the number of rows.
     */
    public static int materialise(Store store, DailySignals signals) {
        SignalRegistry reg = signals.registry();
        List<String> numeric = List.of(SignalRegistry.RET_1D, SignalRegistry.RET_5D, SignalRegistry.RET_20D, SignalRegistry.VOL_20D,
                SignalRegistry.DIST_SMA50, SignalRegistry.DIST_SMA200, SignalRegistry.RSI_14, SignalRegistry.DRAWDOWN_252, SignalRegistry.BREADTH_50);
        for (String n : numeric) {
            if (!reg.has(n)) throw new IllegalArgumentException("daily_signals needs the builtin dimension " + n);
        }
        return store.inTransactionBesidePrices(c -> {
            try (PreparedStatement p = c.prepareStatement("DELETE FROM daily_signals WHERE benchmark = ?")) {
                p.setString(1, signals.benchmark());
                p.executeUpdate();
            }
            int volCol = reg.column(SignalRegistry.VOL_REGIME), regimeCol = reg.column(SignalRegistry.REGIME);
            List<String> volLevels = reg.get(SignalRegistry.VOL_REGIME).levels(), regimeLevels = reg.get(SignalRegistry.REGIME).levels();
            try (org.duckdb.DuckDBAppender a = c.unwrap(org.duckdb.DuckDBConnection.class).createAppender("daily_signals")) {
                for (int i = 0; i < signals.size(); i++) {
                    a.beginRow().append(signals.benchmark()).append(signals.date(i));
                    for (String n : numeric) appendDouble(a, signals.value(i, reg.column(n)));
                    int v = signals.code(i, volCol), r = signals.code(i, regimeCol);
                    if (v < 0) a.appendNull(); else a.append(volLevels.get(v));
                    if (r < 0) a.appendNull(); else a.append(regimeLevels.get(r));
                    for (int h : DailySignals.STORED_HORIZONS) appendDouble(a, signals.forward(i, h));
                    a.append(signals.backfill(i)).endRow();
                }
                a.flush();
            }
            return signals.size();
        });
    }

    private static void appendDouble(org.duckdb.DuckDBAppender a, double v) throws java.sql.SQLException {
        if (Double.isNaN(v)) a.appendNull(); else a.append(v);
    }

    /** The user signals stored by {@link UserSignalImport}, ordered by name. */
    static List<UserSignalSeries> userSignals(Connection c) throws Exception {
        List<SignalDefinition> defs = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT name, kind, bins, levels, default_trust, description, max_fill_days FROM signal_definitions ORDER BY name");
             ResultSet r = p.executeQuery()) {
            while (r.next()) {
                SignalKind kind = SignalKind.valueOf(r.getString(2).toUpperCase(java.util.Locale.ROOT));
                int fill = r.getInt(7);
                if (r.wasNull()) fill = AnalogueDefaults.MAX_FILL_DAYS;
                defs.add(new SignalDefinition(r.getString(1), kind, UserSignalImport.doubles(r.getString(3)),
                        UserSignalImport.strings(r.getString(4)), r.getDouble(5), r.getString(6), SignalDefinition.USER, fill));
            }
        }
        List<UserSignalSeries> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT date, value, label, provenance FROM signal_values WHERE name = ? ORDER BY date")) {
            for (SignalDefinition def : defs) {
                List<LocalDate> dates = new ArrayList<>();
                List<Double> values = new ArrayList<>();
                List<Boolean> backfill = new ArrayList<>();
                p.setString(1, def.name());
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        dates.add(r.getDate(1).toLocalDate());
                        double v = r.getDouble(2);
                        if (r.wasNull()) v = def.numeric() ? Double.NaN : def.levelOf(r.getString(3));
                        values.add(v);
                        backfill.add("backfill".equals(r.getString(4)));
                    }
                }
                boolean[] bf = new boolean[backfill.size()];
                for (int i = 0; i < bf.length; i++) bf[i] = backfill.get(i);
                out.add(new UserSignalSeries(def, dates.toArray(LocalDate[]::new), values.stream().mapToDouble(Double::doubleValue).toArray(), bf));
            }
        }
        return out;
    }
}
