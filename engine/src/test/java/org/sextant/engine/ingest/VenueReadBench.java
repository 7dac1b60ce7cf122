package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import org.sextant.engine.data.BarReadCostBench;
import org.sextant.engine.data.TradingSession;
import org.sextant.engine.data.VenueFit;

/**
 * Harness: the venue guess's readings of the bars against session 48's, interleaved round by round on one DuckDB file. eu_equity:
 * the telling days, first and last day and a count per symbol ({@link VenueGuess#tellingLastBars}) against every symbol-day
 * ({@link VenueReadBaselines#everyDayLastBars}); us_equity: one range join with every half day and holiday of 1900-2100
 * ({@link VenueGuess#halfDayLastBars}) against the bars' span, then those years' days ({@link VenueReadBaselines#spanThenHalfDays}).
 * Each pair's answers are compared first. Time, and the symbol-days held in Java with the heap they keep. Arguments: symbols,
 * years, bars a day, rounds.
 *
 * <p>Run: see docs/benchmarks.md, "Bar import: the venue guess's readings in one pass".
 */
public final class VenueReadBench {
    public static void main(String[] args) throws Exception {
        int symbols = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        int years = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int perDay = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("sextant-venue-reads");
        Class.forName("org.duckdb.DuckDBDriver");
        List<String> keys = new ArrayList<>();
        for (int s = 0; s < symbols; s++) keys.add("0\u0000S" + s);
        List<String> table = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("bench.duckdb"))) {
            LocalDate from = LocalDate.of(2015, 1, 1), to = LocalDate.of(2014 + years, 12, 31);
            // Xetra's trading days, bars from 08:00 UTC (09:00 Berlin in winter)
            long rows = bars(c, symbols, perDay, from, to, TradingSession.EU_EQUITY, 480);
            checkEu(c, keys);
            Map<String, double[]> eu = measure(rounds, () -> VenueReadBaselines.everyDayLastBars(c, keys, "Europe/Berlin", new HashMap<>()),
                    () -> VenueGuess.tellingLastBars(c, keys, new HashMap<>(), new HashMap<>()));
            table.add(row("eu_equity", "baseline: every symbol-day's last bar", eu.get("was")));
            table.add(row("eu_equity", "telling days, first, last and a count", eu.get("now")));
            // the NYSE's trading days, bars from 14:30 UTC (09:30 New York in winter)
            bars(c, symbols, perDay, from, to, TradingSession.US_EQUITY, 870);
            checkUs(c, keys);
            Map<String, double[]> us = measure(rounds, () -> VenueReadBaselines.spanThenHalfDays(c, keys, new HashMap<>(), new HashMap<>()),
                    () -> VenueGuess.halfDayLastBars(c, keys, new HashMap<>(), new HashMap<>()));
            table.add(row("us_equity", "baseline: the bars' span, then its years' half days", us.get("was")));
            table.add(row("us_equity", "one pass: joined on the UTC date with 1900-2100's days", us.get("now")));
            System.out.printf("cores=%d, load average=%.2f, %,d symbols, %,d bars a guess, median of %d rounds%n", Runtime.getRuntime().availableProcessors(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), symbols, rows, rounds);
            System.out.println("| guess | reading | symbol-days in Java | heap they keep, MB | ms |");
            System.out.println("|---|---|---|---|---|");
            table.forEach(System.out::println);
        } finally {
            try (var walk = java.nio.file.Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** bar_rows anew: {@code perDay} bars from {@code openMinute} UTC, every 390 / perDay minutes, on each day {@code venue} trades. */
    private static long bars(Connection c, int symbols, int perDay, LocalDate from, LocalDate to, TradingSession venue, int openMinute) throws Exception {
        List<LocalDate> holidays = new ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) if (d.getDayOfWeek().getValue() <= 5 && venue.closed(d)) holidays.add(d);
        long step = 390 / perDay;
        try (Statement st = c.createStatement()) {
            st.execute("CREATE OR REPLACE TABLE bar_rows AS SELECT 0 AS file_no, 'S' || s AS symbol, d + to_minutes(" + openMinute + " + b * " + step + ") AS ts "
                    + "FROM range(" + symbols + ") a(s), range(TIMESTAMP '" + from + " 00:00:00', TIMESTAMP '" + to.plusDays(1) + " 00:00:00', INTERVAL 1 DAY) t(d), range("
                    + perDay + ") u(b) WHERE dayofweek(d) BETWEEN 1 AND 5 AND CAST(d AS DATE) NOT IN (SELECT unnest(" + VenueGuess.dateList(holidays) + ")) ORDER BY symbol, ts");
            st.execute("CREATE OR REPLACE TABLE bar_steps AS SELECT DISTINCT file_no, symbol, " + step * 60 + " AS step FROM bar_rows");
            st.execute("CHECKPOINT");
            try (var r = st.executeQuery("SELECT count(*) FROM bar_rows")) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    /** Both eu_equity readings give each symbol the same venue fit and note. */
    private static void checkEu(Connection c, List<String> keys) throws Exception {
        Map<String, Long> steps = new HashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        Map<String, Map<LocalDate, LocalDateTime>> was = VenueReadBaselines.everyDayLastBars(c, keys, "Europe/Berlin", steps),
                now = VenueGuess.tellingLastBars(c, keys, new HashMap<>(), counts);
        for (String k : keys) {
            VenueFit.Fits wasFit = VenueFit.fits(was.get(k), steps.get(k)), nowFit = VenueFit.fits(now.get(k), steps.get(k));
            String wasNote = VenueGuess.note("S", wasFit, was.get(k).keySet(), was.get(k).size(), ZoneId.of("Europe/Zurich")),
                    nowNote = VenueGuess.note("S", nowFit, now.get(k).keySet(), counts.get(k), ZoneId.of("Europe/Zurich"));
            if (!wasFit.equals(nowFit) || !java.util.Objects.equals(wasNote, nowNote)) throw new IllegalStateException("the eu_equity readings differ for " + k);
        }
    }

    /** Both us_equity readings give each symbol the same half days' last bars and holidays with bars. */
    private static void checkUs(Connection c, List<String> keys) throws Exception {
        Map<String, SortedSet<LocalDate>> wasHolidays = new HashMap<>(), nowHolidays = new HashMap<>();
        Map<String, Map<LocalDate, LocalDateTime>> was = VenueReadBaselines.spanThenHalfDays(c, keys, new HashMap<>(), wasHolidays),
                now = VenueGuess.halfDayLastBars(c, keys, new HashMap<>(), nowHolidays);
        if (!was.equals(now) || !wasHolidays.equals(nowHolidays)) throw new IllegalStateException("the us_equity readings differ");
    }

    /** "was" and "now": symbol-days in Java, heap kept (MB), median ms, rounds interleaved. */
    private static Map<String, double[]> measure(int rounds, UsHalfDayReadBench.Work was, UsHalfDayReadBench.Work now) {
        double[] wasMs = new double[rounds], nowMs = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            wasMs[i] = BarReadCostBench.millis(() -> UsHalfDayReadBench.run(was));
            nowMs[i] = BarReadCostBench.millis(() -> UsHalfDayReadBench.run(now));
        }
        return Map.of("was", new double[] {days(was), UsHalfDayReadBench.retainedMb(was), BarReadCostBench.median(wasMs)},
                "now", new double[] {days(now), UsHalfDayReadBench.retainedMb(now), BarReadCostBench.median(nowMs)});
    }

    @SuppressWarnings("unchecked")
    private static double days(UsHalfDayReadBench.Work w) {
        return UsHalfDayReadBench.entries((Map<String, Map<LocalDate, LocalDateTime>>) UsHalfDayReadBench.run(w));
    }

    private static String row(String guess, String reading, double[] m) {
        return String.format("| %s | %s | %,d | %.1f | %.1f |", guess, reading, (long) m[0], m[1], m[2]);
    }
}
