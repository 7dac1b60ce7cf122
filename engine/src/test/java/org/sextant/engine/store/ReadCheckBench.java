package org.sextant.engine.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.sql.Connection;
import java.sql.SQLException;
import org.duckdb.DuckDBConnection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.function.IntFunction;
import org.sextant.engine.ReadOnlyScope;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.sql.ReadOnlySql;

/**
 * Harness: what checking each statement of a read request costs ({@link ReadCheckedConnection}).
 * Inside reads: one store, each call once inside a read scope (checked) and once outside one (the
 * baseline: there the check is one thread-local look-up), alternating call by call so that a loaded
 * machine slows both sides alike. Outside reads ({@link #outsideReads}), where every store call also
 * passes through the check's classes: DuckDB's own connections against the old proxy and the
 * delegating classes, each side handing out connections as {@link Store#newConnection} does
 * ({@link HandOut}), so the store itself has no other way to hand them out.
 *
 * <p>Run: see docs/benchmarks.md, "Read requests: cost of the statement check".
 */
public final class ReadCheckBench {
    private static final int SYMBOLS = 30;
    private static final int DAYS = 2500;

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        int pointReads = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        long importRows = args.length > 2 ? Long.parseLong(args[2]) : 200_000;
        int bindCalls = args.length > 3 ? Integer.parseInt(args[3]) : 2_000_000;
        Path dir = Files.createTempDirectory("sextant-read-check-bench");
        if (calls > 0) insideReads(dir, calls);
        if (pointReads > 0 || importRows > 0 || bindCalls > 0) outsideReads(dir, pointReads, importRows, bindCalls);
    }

    private static void insideReads(Path dir, int calls) {
        try (Store store = fill(Store.open(dir.resolve("inside/s.duckdb"), dir.resolve("inside/staging")));
             ReadOnlySql sql = new ReadOnlySql(store)) {
            PriceRepository prices = new PriceRepository(store);
            LocalDate day = LocalDate.of(2005, 6, 1);
            System.out.printf("cores=%d, load average=%.2f, %d symbols x %d days, calls per side=%d (after %d warm-up), medians and p90 in microseconds%n",
                    Runtime.getRuntime().availableProcessors(), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                    SYMBOLS, DAYS, calls, calls / 2);
            System.out.println("| read | outside a read scope (baseline) p50 | inside one (checked) p50 | added p50 | outside p90 | inside p90 |");
            System.out.println("|---|---|---|---|---|---|");
            row("closes of one symbol, one day (kept prepared statement)", i -> prices.closes(symbol(i), day, day), calls);
            row("closes of one symbol, whole series (2500 rows)", i -> prices.closes(symbol(i), null, null), calls / 4);
            row("list_symbols page of 100 (new connection and statement)", i -> prices.symbolPage("", 0, 100), calls);
            String select = "SELECT symbol, close FROM prices WHERE symbol = 'S01' AND close > ";
            row("run_select, a new text each call (5 rows)", i -> sql.run(select + i + " LIMIT 5", null), calls / 8);
        }
    }

    /**
     * A store's connections as one side hands them out: DuckDB's duplicate of one raw connection of the store (taken
     * outside any read, where the store lets it be unwrapped), then {@code wrap}ped, as {@link Store#newConnection} does
     * with {@link ReadCheckedConnection}.
     */
    private static final class HandOut implements AutoCloseable {
        final Store store;
        private final DuckDBConnection base;
        private final UnaryOperator<Connection> wrap;

        HandOut(Store store, UnaryOperator<Connection> wrap) throws SQLException {
            this.store = store;
            this.base = store.newConnection().unwrap(DuckDBConnection.class);
            this.wrap = wrap;
        }

        Connection connect() {
            try {
                return wrap.apply(base.duplicate());
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void close() throws SQLException {
            base.close();
            store.close();
        }
    }

    /** How the three sides of {@link #outsideReads} hand out their connections. */
    private static final List<Map.Entry<String, UnaryOperator<Connection>>> SIDES = List.of(
            Map.entry("raw DuckDB connection (baseline)", c -> c),
            Map.entry("JDK proxy (before)", ProxyReadCheck::wrap),
            Map.entry("delegating classes (now)", ReadCheckedConnection::new));
    private static final int IMPORT_ROUNDS = 3;
    private static final int BLOCK = 1000;
    /** The point read PriceRepository.closes keeps prepared, for one day. */
    private static final String CLOSES = "SELECT date, open, high, low, close, adj_close, volume FROM prices WHERE symbol = ? "
            + "AND date >= coalesce(?, DATE '0001-01-01') AND date <= coalesce(?, DATE '9999-12-31')";

    /**
     * Outside any read request, on three stores alike but for how their connections are handed out
     * ({@link #SIDES}, {@link HandOut}): bulk loads of one generated CSV (INSERT ... SELECT from it in one
     * transaction; a fresh store each, every side once per round in a rotated order, the median of
     * {@link #IMPORT_ROUNDS}), then point reads (a symbol's close on one day, kept prepared as the store's
     * {@link PreparedReads} keep it) in blocks of {@link #BLOCK} taking turns, timed by the wall clock and
     * by the calling thread's CPU (a point read runs on it); then the JDBC calls alone: binding a parameter
     * of a kept prepared statement, which DuckDB answers in Java without running anything.
     * A count of 0 leaves its part out.
     */
    private static void outsideReads(Path dir, int pointReads, long importRows, int bindCalls) throws Exception {
        Path csv = dir.resolve("prices_long.csv");
        if (importRows > 0) org.sextant.engine.ingest.bench.ImportBenchmark.generate(csv, importRows);
        double[][] importSecs = new double[SIDES.size()][IMPORT_ROUNDS];
        for (int round = 0; round < IMPORT_ROUNDS && importRows > 0; round++) {
            for (int k = 0; k < SIDES.size(); k++) {
                int side = (round + k) % SIDES.size();
                Path home = dir.resolve("import-" + side + "-" + round);
                try (HandOut h = new HandOut(Store.open(home.resolve("s.duckdb"), home.resolve("staging")), SIDES.get(side).getValue())) {
                    Path staged = Files.copy(csv, h.store.stagingDir().resolve(csv.getFileName()));
                    long t0 = System.nanoTime();
                    long rows = load(h, staged);
                    importSecs[side][round] = (System.nanoTime() - t0) / 1e9;
                    if (rows != importRows) throw new IllegalStateException("loaded " + rows + " rows of " + importRows);
                }
            }
        }
        List<HandOut> sides = new ArrayList<>();
        List<PreparedReads> reads = new ArrayList<>();
        try {
            for (int side = 0; side < SIDES.size(); side++) {
                Path home = dir.resolve("reads-" + side);
                HandOut h = new HandOut(fill(Store.open(home.resolve("s.duckdb"), home.resolve("staging"))), SIDES.get(side).getValue());
                sides.add(h);
                reads.add(new PreparedReads(h::connect));
            }
            LocalDate day = LocalDate.of(2005, 6, 1);
            for (PreparedReads r : reads) for (int i = 0; i < pointReads / 10; i++) close(r, symbol(i), day); // warm-up
            int blocks = pointReads / BLOCK;
            double[][] wall = new double[SIDES.size()][blocks];
            double[][] cpu = new double[SIDES.size()][blocks];
            java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
            for (int b = 0; b < blocks; b++) {
                for (int k = 0; k < SIDES.size(); k++) {
                    int side = (b + k) % SIDES.size();
                    PreparedReads r = reads.get(side);
                    long c0 = threads.getCurrentThreadCpuTime(), t0 = System.nanoTime();
                    for (int i = 0; i < BLOCK; i++) {
                        if (close(r, symbol(b * BLOCK + i), day) == null) throw new IllegalStateException("no close read");
                    }
                    wall[side][b] = (System.nanoTime() - t0) / 1e3 / BLOCK;
                    cpu[side][b] = (threads.getCurrentThreadCpuTime() - c0) / 1e3 / BLOCK;
                }
            }
            System.out.printf("%ncores=%d, load average=%.2f; outside read requests: bulk load of %,d rows (median of %d, a fresh store each), "
                    + "then %,d point reads per side in blocks of %d taking turns%n", Runtime.getRuntime().availableProcessors(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), importRows, IMPORT_ROUNDS,
                    blocks * BLOCK, BLOCK);
            StringBuilder head = new StringBuilder("| outside a read request |");
            for (Map.Entry<String, UnaryOperator<Connection>> side : SIDES) head.append(' ').append(side.getKey()).append(" |");
            System.out.println(head);
            System.out.println("|---|" + "---|".repeat(SIDES.size()));
            if (importRows > 0) System.out.println(line("bulk load of the CSV in one transaction, seconds (median; min-max)", importSecs, true));
            if (blocks > 0) {
                System.out.println(line("point read, wall us per read (median block; p10-p90)", wall, false));
                System.out.println(line("point read, CPU us per read of the calling thread (median block; p10-p90)", cpu, false));
            }
            if (bindCalls > 0) System.out.println(line("setString on a kept prepared statement, CPU ns per call (median round; p10-p90)",
                    bindCosts(sides, bindCalls), false));
        } finally {
            for (PreparedReads r : reads) r.close();
            for (HandOut h : sides) h.close();
        }
    }

    /** The CSV's rows inserted into prices through a connection of {@code h}, in one transaction; how many. */
    private static long load(HandOut h, Path staged) throws SQLException {
        try (Connection c = h.connect(); java.sql.Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            long rows = s.executeUpdate("INSERT INTO prices(symbol, date, close, adj_close, source) SELECT symbol, date, close, adj_close, 'bench' "
                    + "FROM read_csv('" + staged.toAbsolutePath().toString().replace("'", "''") + "')");
            c.commit();
            return rows;
        }
    }

    /** A symbol's close on one day through the kept statement, or null. */
    private static Double close(PreparedReads reads, String symbol, LocalDate day) throws Exception {
        return reads.run(CLOSES, p -> {
            p.setString(1, symbol);
            p.setObject(2, day);
            p.setObject(3, day);
            try (java.sql.ResultSet r = p.executeQuery()) {
                return r.next() ? r.getDouble(5) : null;
            }
        });
    }

    /** CPU nanoseconds per setString call of each side's connections, by round of {@link #BLOCK} x 100 calls taking turns. */
    private static double[][] bindCosts(List<HandOut> stores, int calls) throws Exception {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        int perRound = BLOCK * 100, rounds = Math.max(1, calls / perRound);
        List<Connection> connections = new ArrayList<>();
        List<java.sql.PreparedStatement> statements = new ArrayList<>();
        try {
            for (HandOut s : stores) {
                Connection c = s.connect();
                connections.add(c);
                statements.add(c.prepareStatement("SELECT ?::VARCHAR"));
            }
            for (java.sql.PreparedStatement p : statements) for (int i = 0; i < perRound; i++) p.setString(1, "S01"); // warm-up
            double[][] ns = new double[stores.size()][rounds];
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < stores.size(); k++) {
                    int side = (r + k) % stores.size();
                    java.sql.PreparedStatement p = statements.get(side);
                    long c0 = threads.getCurrentThreadCpuTime();
                    for (int i = 0; i < perRound; i++) p.setString(1, "S01");
                    ns[side][r] = (double) (threads.getCurrentThreadCpuTime() - c0) / perRound;
                }
            }
            return ns;
        } finally {
            for (Connection c : connections) c.close();
        }
    }

    private static String line(String name, double[][] bySide, boolean minMax) {
        StringBuilder out = new StringBuilder("| " + name + " |");
        for (double[] v : bySide) {
            double[] sorted = v.clone();
            Arrays.sort(sorted);
            int n = sorted.length;
            double lo = minMax ? sorted[0] : sorted[n / 10], hi = minMax ? sorted[n - 1] : sorted[Math.min(n - 1, n * 9 / 10)];
            out.append(String.format(" %.2f (%.2f-%.2f) |", sorted[n / 2], lo, hi));
        }
        return out.toString();
    }

    private static String symbol(int i) {
        return String.format("S%02d", Math.floorMod(i, SYMBOLS));
    }

    private static Store fill(Store store) {
        store.inTransaction(c -> {
            try (var s = c.createStatement()) {
                s.execute("INSERT INTO prices(symbol, date, close, adj_close, source) SELECT printf('S%02d', k), DATE '2000-01-03' + d::INTEGER, "
                        + "100 + k + d / 10.0, 100 + k + d / 10.0, 'bench' FROM range(" + SYMBOLS + ") a(k), range(" + DAYS + ") b(d)");
                s.execute("INSERT INTO symbols(symbol, first_date, last_date, rows, source) "
                        + "SELECT symbol, min(date), max(date), count(*), 'bench' FROM prices GROUP BY symbol");
            }
            return null;
        });
        return store;
    }

    /** {@code read} outside a read scope (the baseline) and inside one, alternating. */
    private static void row(String name, IntFunction<Object> read, int calls) {
        IntFunction<Object> a = read;
        IntFunction<Object> b = i -> ReadOnlyScope.run("bench", () -> read.apply(i));
        for (int i = 0; i < calls / 2; i++) { a.apply(-1 - i); b.apply(-1 - i); }
        double[] ta = new double[calls];
        double[] tb = new double[calls];
        for (int i = 0; i < calls; i++) {
            boolean withFirst = (i & 1) == 1; // alternate the order so neither side always runs on a warm cache
            long t0 = System.nanoTime();
            (withFirst ? b : a).apply(i);
            long t1 = System.nanoTime();
            (withFirst ? a : b).apply(i);
            long t2 = System.nanoTime();
            ta[i] = (withFirst ? t2 - t1 : t1 - t0) / 1e3;
            tb[i] = (withFirst ? t1 - t0 : t2 - t1) / 1e3;
        }
        Arrays.sort(ta);
        Arrays.sort(tb);
        double pa = ta[calls / 2], pb = tb[calls / 2];
        System.out.printf("| %s | %.1f | %.1f | %+.1f | %.1f | %.1f |%n", name, pa, pb, pb - pa, ta[calls * 9 / 10], tb[calls * 9 / 10]);
    }
}
