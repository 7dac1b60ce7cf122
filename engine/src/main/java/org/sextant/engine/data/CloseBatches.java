package org.sextant.engine.data;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import org.sextant.engine.jobs.CancellableSql;
import org.sextant.engine.store.Store;

/**
 * The daily closes of many symbols in a few queries, for a scan: one query per batch of symbols whose stored rows add up
 * to at most a bound. A read of one symbol ({@link PriceRepository#closes}) scans the prices table whatever its size (it
 * has no index, and a wide file's import appends its rows date by date), so a scan reading 5,000 symbols one by one
 * scanned 12.5 M rows 5,000 times (13 min, attack 14 H1). Batched, the table is scanned once per batch and each of the
 * symbols' rows crosses JDBC once, as small numbers (the symbol's place in the batch, the date's day number): a string and
 * a date per row cost several times more to read. Each series is the one {@link PriceRepository#closes} answers.
 */
public final class CloseBatches {
    /** Rows per query: about 10 MB of primitives held while a batch's symbols are ranked, 200 symbols of 10 years. */
    public static final int BATCH_ROWS = 500_000;
    /** Symbols per query (each is a bound parameter). */
    static final int BATCH_SYMBOLS = 1000;
    /** Rows read between two looks at the read's stop. */
    private static final int STOP_EVERY = 1 << 16;

    private final Store store;
    private final int batchRows;
    private final LongAdder queries = new LongAdder();
    private final LongAdder rowsRead = new LongAdder();

    public CloseBatches(Store store) { this(store, BATCH_ROWS); }

    /** With batches of at most {@code batchRows} stored rows (tests: a batch of a symbol or two). */
    public CloseBatches(Store store, int batchRows) {
        if (batchRows < 1) throw new IllegalArgumentException("batchRows must be >= 1, was " + batchRows);
        this.store = store;
        this.batchRows = batchRows;
    }

    /** {@code symbols} (canonical, distinct) cut in order into batches by their stored row counts (one query reads them all). */
    public List<List<String>> plan(List<String> symbols) {
        Map<String, Long> stored = store.read(c -> {
            Map<String, Long> out = new HashMap<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT symbol, rows FROM symbols")) {
                while (r.next()) out.put(r.getString(1), r.getLong(2));
            }
            return out;
        });
        List<List<String>> batches = new ArrayList<>();
        List<String> batch = new ArrayList<>();
        long rows = 0;
        for (String s : symbols) {
            long n = Math.max(1, stored.getOrDefault(s, 1L));
            if (!batch.isEmpty() && (rows + n > batchRows || batch.size() >= BATCH_SYMBOLS)) {
                batches.add(batch);
                batch = new ArrayList<>();
                rows = 0;
            }
            batch.add(s);
            rows += n;
        }
        if (!batch.isEmpty()) batches.add(batch);
        return batches;
    }

    /**
     * The closes of {@code symbols} (canonical), read in one query; {@code stop} is looked at from another thread while
     * the query runs and between rows: once it is true the read ends with a CancellationException.
     */
    public Batch read(List<String> symbols, BooleanSupplier stop) {
        if (stop.getAsBoolean()) throw new CancellationException("a read of closes stopped before it began");
        StringJoiner keys = new StringJoiner(", ");
        for (int i = 0; i < symbols.size(); i++) keys.add("(CAST(? AS VARCHAR), " + i + ")");
        String sql = "SELECT k.n, p.date - DATE '1970-01-01', p.close, p.adj_close FROM prices p JOIN (VALUES " + keys + ") k(s, n) ON p.symbol = k.s";
        Column[] columns = new Column[symbols.size()];
        long n = store.read(c -> { // a stop passes the store's read as itself, not as the store's failure
            try (PreparedStatement p = c.prepareStatement(sql)) {
                for (int i = 0; i < symbols.size(); i++) p.setString(i + 1, symbols.get(i));
                long count = 0;
                try (ResultSet r = CancellableSql.run(p, stop, p::executeQuery)) {
                    while (r.next()) {
                        if (++count % STOP_EVERY == 0 && stop.getAsBoolean()) throw new CancellationException("a read of closes was stopped");
                        int k = r.getInt(1);
                        int day = (int) r.getLong(2);
                        double close = r.getDouble(3);
                        double adj = r.getDouble(4);
                        if (r.wasNull()) adj = close;
                        if (columns[k] == null) columns[k] = new Column();
                        columns[k].add(day, close, adj);
                    }
                }
                return count;
            }
        });
        queries.increment();
        rowsRead.add(n);
        Map<String, Column> bySymbol = new HashMap<>();
        for (int i = 0; i < symbols.size(); i++) if (columns[i] != null) bySymbol.put(symbols.get(i), columns[i]);
        return symbol -> { // each series built when it is taken, and its rows let go then
            Column c = bySymbol.remove(symbol);
            return c == null ? null : c.series(symbol);
        };
    }

    /** Queries {@link #read} has run (tests: a scan reads in a few queries, not one per symbol). */
    public long queries() { return queries.sum(); }

    /** Rows {@link #read} has read (tests: each symbol's rows once). */
    public long rowsRead() { return rowsRead.sum(); }

    /** One query's closes. */
    @FunctionalInterface
    public interface Batch {
        /** The closes of {@code symbol}, oldest first, as {@link PriceRepository#closes} answers them, once; null when it had no rows. */
        PriceSeries take(String symbol);
    }

    /** A symbol's rows as read: day numbers, closes, adjusted closes (a missing one is the close). */
    private static final class Column {
        private int size;
        private int[] days = new int[256];
        private double[] close = new double[256];
        private double[] adj = new double[256];

        void add(int day, double c, double a) {
            if (size == days.length) {
                days = Arrays.copyOf(days, size * 2);
                close = Arrays.copyOf(close, size * 2);
                adj = Arrays.copyOf(adj, size * 2);
            }
            days[size] = day;
            close[size] = c;
            adj[size] = a;
            size++;
        }

        PriceSeries series(String symbol) {
            int[] order = dateOrder();
            List<LocalDate> dates = new ArrayList<>(size);
            double[] cs = new double[size], as = new double[size];
            for (int i = 0; i < size; i++) {
                int j = order == null ? i : order[i];
                dates.add(LocalDate.ofEpochDay(days[j]));
                cs[i] = close[j];
                as[i] = adj[j];
            }
            return new PriceSeries(symbol, dates.get(0), dates.get(size - 1), dates, cs, as);
        }

        /** Null when the rows came in date order (an import's usual order), else their positions by date ((symbol, date) is unique). */
        private int[] dateOrder() {
            boolean sorted = true;
            for (int i = 1; i < size && sorted; i++) sorted = days[i] > days[i - 1];
            if (sorted) return null;
            long[] keyed = new long[size];
            for (int i = 0; i < size; i++) keyed[i] = ((long) days[i] << 32) | i;
            Arrays.sort(keyed);
            int[] order = new int[size];
            for (int i = 0; i < size; i++) order[i] = (int) keyed[i];
            return order;
        }
    }
}
