package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.data.BarReadCostBench;
import org.sextant.engine.data.TradingSession;
import org.sextant.engine.data.VenueFit;

/**
 * Harness: what the us_equity guess's reading of the bars costs ({@link VenueGuess#halfDayLastBars}: the NYSE's half days of the
 * bars' years only) against the baseline, every symbol-day's last bar ({@link VenueReadBaselines#everyDayLastBars}, as the guess read them
 * before), interleaved round by round on one DuckDB file: time, and the symbol-days held in Java with the heap they keep.
 * Both readings' half-day notes are compared first. Arguments: symbols, years, bars a day, rounds.
 *
 * <p>Run: see docs/benchmarks.md, "Bar import: the us_equity guess's half days".
 */
public final class UsHalfDayReadBench {
    public static void main(String[] args) throws Exception {
        int symbols = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        int years = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int perDay = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("sextant-us-half-days");
        Class.forName("org.duckdb.DuckDBDriver");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("bench.duckdb")); Statement st = c.createStatement()) {
            // New York's hours in winter, in UTC: bars from 14:30 every (60 / perDay * 6.5)-ish minutes, every weekday
            long step = 390 / perDay;
            st.execute("CREATE TABLE bar_rows AS SELECT 0 AS file_no, 'S' || s AS symbol, d + INTERVAL 870 MINUTE + to_minutes(b * " + step + ") AS ts "
                    + "FROM range(" + symbols + ") a(s), range(TIMESTAMP '2015-01-01', TIMESTAMP '" + (2015 + years) + "-01-01', INTERVAL 1 DAY) t(d), range("
                    + perDay + ") u(b) WHERE dayofweek(d) BETWEEN 1 AND 5 ORDER BY symbol, ts");
            st.execute("CREATE TABLE bar_steps AS SELECT file_no, symbol, " + step * 60 + " AS step FROM bar_rows");
            st.execute("CHECKPOINT");
            List<String> keys = new ArrayList<>();
            for (int s = 0; s < symbols; s++) keys.add("0\u0000S" + s);
            long rows;
            try (var r = st.executeQuery("SELECT count(*) FROM bar_rows")) {
                r.next();
                rows = r.getLong(1);
            }
            Map<String, Map<LocalDate, LocalDateTime>> was = VenueReadBaselines.everyDayLastBars(c, keys, "America/New_York", new HashMap<>()),
                    now = VenueGuess.halfDayLastBars(c, keys, new HashMap<>());
            for (String k : keys) {
                if (!VenueFit.halfDaysReached(TradingSession.US_EQUITY, was.get(k), step).equals(VenueFit.halfDaysReached(TradingSession.US_EQUITY, now.get(k), step))
                        || !VenueFit.tradedAfterEarlyClose(TradingSession.US_EQUITY, was.get(k)).equals(VenueFit.tradedAfterEarlyClose(TradingSession.US_EQUITY, now.get(k)))) {
                    throw new IllegalStateException("the readings differ for " + k);
                }
            }
            long wasEntries = entries(was), nowEntries = entries(now);
            double wasHeap = retainedMb(() -> VenueReadBaselines.everyDayLastBars(c, keys, "America/New_York", new HashMap<>())),
                    nowHeap = retainedMb(() -> VenueGuess.halfDayLastBars(c, keys, new HashMap<>()));
            double[] base = new double[rounds], half = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                base[i] = BarReadCostBench.millis(() -> run(() -> VenueReadBaselines.everyDayLastBars(c, keys, "America/New_York", new HashMap<>())));
                half[i] = BarReadCostBench.millis(() -> run(() -> VenueGuess.halfDayLastBars(c, keys, new HashMap<>())));
            }
            System.out.printf("cores=%d, load average=%.2f, %,d symbols, %,d bars, median of %d rounds%n", Runtime.getRuntime().availableProcessors(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), symbols, rows, rounds);
            System.out.println("| reading | symbol-days in Java | heap they keep, MB | ms |");
            System.out.println("|---|---|---|---|");
            System.out.printf("| baseline: every symbol-day's last bar | %,d | %.1f | %.1f |%n", wasEntries, wasHeap, BarReadCostBench.median(base));
            System.out.printf("| the half days of the bars' years only | %,d | %.1f | %.1f |%n", nowEntries, nowHeap, BarReadCostBench.median(half));
        } finally {
            try (var walk = java.nio.file.Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    interface Work {
        Object run() throws Exception;
    }

    static Object run(Work w) {
        try {
            return w.run();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static long entries(Map<String, Map<LocalDate, LocalDateTime>> days) {
        return days.values().stream().mapToLong(Map::size).sum();
    }

    /** The heap the reading's answer keeps, after collections before and after it (held meanwhile), MB. */
    static double retainedMb(Work w) {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) System.gc();
        long before = rt.totalMemory() - rt.freeMemory();
        Object kept = run(w);
        for (int i = 0; i < 3; i++) System.gc();
        long after = rt.totalMemory() - rt.freeMemory();
        if (kept.hashCode() == 42) System.out.print(""); // keeps the answer reachable until measured
        return (after - before) / 1e6;
    }
}
