package org.sextant.engine.forecast;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.sextant.engine.data.CloseBatches;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.store.Store;

/**
 * What a whole-store scan costs to read its closes (attack 14 H1), on stores of {@code symbols} x {@code days} closes laid
 * out as a wide file's import lays them (date by date, every symbol on each date). Baseline, same run: the old path, one
 * {@link PriceRepository#closes} query per symbol, each scanning the table (at the largest sizes timed on every
 * {@code every}-th symbol and multiplied up, said so in the table). Against it: {@link CloseBatches}, one query per batch,
 * every series built. Then the scan itself, no forecast fitted (allowance 0: reads, week alignment, data warnings, stored
 * forecast look-ups), and {@code scan_forecasts {}} as the API runs it: the default model in a 40 s budget.
 * Second table, once a scan job has stored every symbol's forecast (naive, horizon 5; kept in the store for the next run):
 * the stored-forecast look-ups, before (three queries per symbol, the steps and bands found through the heads' query as
 * {@code ForecastStore.find} did, inlined here) against {@link ScanStoredForecasts}, and the warm scan in a 40 s budget.
 *
 * <pre>java -cp ... org.sextant.engine.forecast.ScanReadBenchmark /tmp/scanbench 500,5000 2500 [every]</pre>
 */
public final class ScanReadBenchmark {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int days = Integer.parseInt(args[2]);
        int every = args.length > 3 ? Integer.parseInt(args[3]) : 50;
        System.out.println("| symbols x days | rows | before: one query per symbol, s | batched read, s | faster | scan, no fit, s "
                + "| scan_forecasts {} in 40 s: answered after, s | symbols read | rows ranked |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        StringBuilder warm = new StringBuilder();
        for (String n : args[1].split(",")) {
            int symbols = Integer.parseInt(n);
            Path file = dir.resolve(symbols + "x" + days).resolve("store.duckdb");
            boolean fresh = !Files.exists(file);
            try (Store store = Store.open(file, file.resolveSibling("staging"))) {
                if (fresh) build(store, symbols, days);
                row(store, symbols, days, symbols > 1000 ? every : 1);
                warm.append(warmRow(store, symbols, days, symbols > 1000 ? every : 1));
            }
        }
        System.out.println();
        System.out.println("| symbols x days, every forecast stored | look-ups before: 3 queries a symbol, s | ScanStoredForecasts, s | faster "
                + "| scan_forecasts {\"model\":\"naive\",\"horizon\":5} in 40 s: answered after, s | rows ranked |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        System.out.print(warm);
    }

    private static final ForecastScan.Request NAIVE = new ForecastScan.Request(null, "naive", 5, null, null, null, null, null, null);

    /** The stored-forecast look-ups of a scan whose every forecast is stored (a scan job stores them first when they are not). */
    private static String warmRow(Store store, int symbols, int days, int every) {
        PriceRepository prices = new PriceRepository(store);
        org.sextant.engine.forecast.store.ForecastStore forecasts = new org.sextant.engine.forecast.store.ForecastStore(store);
        ForecastService service = new ForecastService(store, prices, store.file().resolveSibling("models"));
        if (forecasts.heads(org.sextant.engine.forecast.store.StoredForecast.LIVE, "naive", 5, "conformal").size() < symbols) {
            service.scanJob(NAIVE, new org.sextant.engine.jobs.JobContext() {
                @Override public void progress(double fraction, String message) { }
                @Override public boolean cancelled() { return false; }
            });
            store.checkpoint();
        }
        List<String> all = prices.symbols(null).stream().map(SymbolInfo::symbol).toList();
        java.util.Map<String, java.time.LocalDate> origin = new java.util.HashMap<>();
        for (List<String> batch : new CloseBatches(store).plan(all)) {
            CloseBatches.Batch b = new CloseBatches(store).read(batch, () -> false);
            for (String s : batch) origin.put(s, ForecastScan.weekAligned(b.take(s), null).to());
        }
        long t = System.nanoTime();
        int timed = 0;
        for (int i = 0; i < all.size(); i += every, timed++) oldFind(store, all.get(i), origin.get(all.get(i)));
        double before = (System.nanoTime() - t) / 1e9 * all.size() / timed;
        t = System.nanoTime();
        ScanStoredForecasts lookup = new ScanStoredForecasts(forecasts, "naive", 5, "conformal", all);
        for (String s : all) if (lookup.at(s, origin.get(s)).size() != 1) throw new IllegalStateException(s + " has no stored forecast");
        double now = (System.nanoTime() - t) / 1e9;
        t = System.nanoTime();
        ScanResult api = Cancellation.within(Duration.ofSeconds(40), "scan_forecasts", "start_scan", () -> service.scan(NAIVE));
        double answered = (System.nanoTime() - t) / 1e9;
        service.close();
        return String.format(Locale.ROOT, "| %,d x %,d | %.1f%s | %.2f | %.0fx | %.1f | %d |%n", symbols, days, before,
                every > 1 ? " (" + timed + " timed)" : "", now, before / now, answered, api.ranked());
    }

    /** The look-up of one symbol's stored forecast before: its head, then its steps and bands found through the heads' query. */
    private static void oldFind(Store store, String symbol, java.time.LocalDate origin) {
        String where = "symbol = ? AND model = 'naive' AND horizon = 5 AND kind = 'live' AND calibration = 'conformal' AND origin = ?";
        store.read(c -> {
            for (String sql : List.of("SELECT forecast_id, symbol, model, kind, calibration, origin, horizon, last_close, history_rows, coverage "
                    + "FROM forecasts WHERE " + where + " ORDER BY origin, kind, calibration",
                    "SELECT forecast_id, step, target_date, median FROM forecast_steps WHERE forecast_id IN (SELECT forecast_id FROM forecasts WHERE "
                            + where + ") ORDER BY forecast_id, step",
                    "SELECT forecast_id, step, level, lower, upper FROM forecast_bands WHERE forecast_id IN (SELECT forecast_id FROM forecasts WHERE "
                            + where + ") ORDER BY forecast_id, level, step")) {
                try (java.sql.PreparedStatement p = c.prepareStatement(sql)) {
                    p.setString(1, symbol);
                    p.setObject(2, origin);
                    try (java.sql.ResultSet r = p.executeQuery()) {
                        while (r.next()) r.getObject(1);
                    }
                }
            }
            return null;
        });
    }

    /** Random walks, inserted date by date as a wide file's import inserts them. */
    private static void build(Store store, int symbols, int days) {
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TEMP TABLE walk AS SELECT 'W' || lpad(q.s::VARCHAR, 5, '0') AS symbol, "
                        + "DATE '2000-01-03' + ((r.d // 5) * 7 + r.d % 5)::INTEGER AS date, r.d AS d, 0.02 * (random() - 0.5) AS step "
                        + "FROM range(" + days + ") r(d), range(" + symbols + ") q(s)");
                s.execute("INSERT INTO prices SELECT symbol, date, NULL, NULL, NULL, 100 * exp(sum(step) OVER (PARTITION BY symbol ORDER BY d)), "
                        + "NULL, NULL, 'bench' FROM walk ORDER BY d, symbol");
                s.execute("INSERT INTO symbols (symbol, first_date, last_date, rows, source) "
                        + "SELECT symbol, min(date), max(date), count(*), 'bench' FROM prices GROUP BY symbol");
                s.execute("DROP TABLE walk");
            }
            return null;
        });
        store.checkpoint();
    }

    private static void row(Store store, int symbols, int days, int every) {
        PriceRepository prices = new PriceRepository(store);
        List<String> all = prices.symbols(null).stream().map(SymbolInfo::symbol).toList();
        long rows = 0;
        long t = System.nanoTime();
        int timed = 0;
        for (int i = 0; i < all.size(); i += every, timed++) rows += prices.closes(all.get(i), null, null).size();
        double before = (System.nanoTime() - t) / 1e9 * all.size() / timed;

        CloseBatches batches = new CloseBatches(store);
        t = System.nanoTime();
        long read = 0;
        for (List<String> batch : batches.plan(all)) {
            CloseBatches.Batch b = batches.read(batch, () -> false);
            for (String s : batch) {
                PriceSeries p = b.take(s);
                read += p.size();
            }
        }
        double batched = (System.nanoTime() - t) / 1e9;
        if (every == 1 && read != rows) throw new IllegalStateException("read " + read + " rows batched, " + rows + " alone");

        ForecastService service = new ForecastService(store, prices, store.file().resolveSibling("models"));
        ForecastScan.Request whole = new ForecastScan.Request(null, null, null, null, null, null, null, null, null);
        t = System.nanoTime();
        ScanResult noFit = service.scan(whole, 0.0, () -> false);
        double scan = (System.nanoTime() - t) / 1e9;
        if (noFit.notComputed().size() != symbols) throw new IllegalStateException(noFit.notComputed().size() + " not computed");

        t = System.nanoTime();
        ScanResult api = Cancellation.within(Duration.ofSeconds(40), "scan_forecasts", "start_scan", () -> service.scan(whole));
        double answered = (System.nanoTime() - t) / 1e9;
        String readCount = api.note() != null && api.note().contains("after reading the closes of ")
                ? api.note().replaceAll(".*after reading the closes of (\\d+) of.*", "$1") : String.valueOf(symbols);
        service.close();
        System.out.printf(Locale.ROOT, "| %,d x %,d | %,d | %.1f%s | %.1f | %.0fx | %.1f | %.1f | %s | %d |%n", symbols, days, (long) symbols * days,
                before, every > 1 ? " (" + timed + " timed)" : "", batched, before / batched, scan, answered, readCount, api.ranked());
    }
}
