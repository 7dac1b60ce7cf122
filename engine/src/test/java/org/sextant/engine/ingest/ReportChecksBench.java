package org.sextant.engine.ingest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.VenueFit;
import org.sextant.engine.store.Store;

/**
 * The report's per-symbol readings of an intraday bar import: per symbol, the resample's figures ({@link BarChecks#intradayChecks}),
 * the holiday note ({@link VenueHolidayBars#note}) and the venue note ({@link VenueFit#storedNote}), one query each as the report ran
 * them before (the baseline), against the grouped queries ({@link SessionGaps#of}, {@link VenueHolidayBars#notes},
 * {@link VenueFit#storedNotes}), on the same stored bars; the answers are compared before they are timed. Symbols are eu_equity
 * (all three readings apply), 30-minute bars in Xetra's hours over 2 months, some on 24 December (a holiday note each).
 * Args: symbol counts (default 10,100,1000). See docs/benchmarks.md.
 */
public final class ReportChecksBench {
    public static void main(String[] args) throws Exception {
        String[] sizes = (args.length > 0 ? args[0] : "10,100,1000").split(",");
        System.out.printf("cores=%d, load average=%.2f%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        System.out.println("| symbols | stored bars | per symbol (before), s | grouped, s |");
        System.out.println("|---:|---:|---:|---:|");
        for (String size : sizes) {
            int n = Integer.parseInt(size.trim());
            Path dir = Files.createTempDirectory("report-checks");
            try (Store store = Store.open(dir.resolve("sextant.duckdb"), dir.resolve("staging"))) {
                double[] t = store.inTransaction(c -> {
                    List<BarChecks.SymbolBars> detected = new ArrayList<>();
                    try (Statement st = c.createStatement()) {
                        st.execute("INSERT INTO bars SELECT 'S' || s, '30m', ts, 1, 1, 1, 1, 1, 'bench' FROM range(" + n + ") a(s), "
                                + "range(TIMESTAMP '2024-12-02 08:00', TIMESTAMP '2025-01-31 16:30', INTERVAL 30 MINUTE) t(ts) "
                                + "WHERE dayofweek(ts) BETWEEN 1 AND 5 AND CAST(ts AS TIME) BETWEEN TIME '08:00' AND TIME '16:00' AND hash(s, ts) % 10 <> 0");
                        st.execute("INSERT INTO symbol_sessions SELECT 'S' || s, 'eu_equity' FROM range(" + n + ") a(s)");
                        st.execute("CREATE OR REPLACE TEMP TABLE bar_detected AS SELECT 0 AS file_no, 'S' || s AS symbol, '30m' AS interval FROM range(" + n + ") a(s)");
                    }
                    for (int i = 0; i < n; i++) detected.add(new BarChecks.SymbolBars(0, "S" + i, BarInterval.M30, "eu_equity", 0, 0));
                    List<String> symbols = detected.stream().map(BarChecks.SymbolBars::symbol).toList();
                    long t0 = System.nanoTime();
                    List<String> before = new ArrayList<>();
                    for (BarChecks.SymbolBars b : detected) {
                        before.add(java.util.Arrays.toString(BarChecks.intradayChecks(c, b)) + " " + VenueHolidayBars.note(c, b.symbol(), b.interval(), b.session())
                                + " " + VenueFit.storedNote(c, b.symbol()));
                    }
                    double perSymbol = (System.nanoTime() - t0) / 1e9;
                    t0 = System.nanoTime();
                    Map<String, Object[]> gaps = SessionGaps.of(c);
                    Map<String, String> holidays = VenueHolidayBars.notes(c, detected);
                    Map<String, String> venues = VenueFit.storedNotes(c, symbols);
                    double grouped = (System.nanoTime() - t0) / 1e9;
                    for (int i = 0; i < n; i++) {
                        BarChecks.SymbolBars b = detected.get(i);
                        String now = java.util.Arrays.toString(gaps.get(b.symbol() + "\u0000" + b.interval().label)) + " " + holidays.get(VenueHolidayBars.key(b))
                                + " " + venues.get(b.symbol());
                        if (!now.equals(before.get(i))) throw new IllegalStateException("the grouped readings differ for " + b.symbol() + ": " + now + " vs " + before.get(i));
                    }
                    return new double[] {perSymbol, grouped};
                });
                long bars = store.read(c -> {
                    try (Statement st = c.createStatement(); var r = st.executeQuery("SELECT count(*) FROM bars")) {
                        r.next();
                        return r.getLong(1);
                    }
                });
                System.out.printf(java.util.Locale.ROOT, "| %,d | %,d | %.2f | %.2f |%n", n, bars, t[0], t[1]);
            }
        }
    }
}
