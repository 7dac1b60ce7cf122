package org.sextant.engine.exchange;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.BacktestReplay;
import org.sextant.engine.store.Store;

/**
 * Reads a finished forecast backtest job's output ({@link ForecastBacktestRows}) from its folder, a batch of rows at a time
 * and as often as the import asks (it checks, fits again, then stores): the import holds one batch of rows' forecasts,
 * never the whole output. A row the engine could not have computed refuses the whole output ({@link ForecastBacktestCheck}),
 * and so does a row that is not the one the first pass read (the folder changed while it was imported).
 */
public final class ForecastBacktestImport {
    private ForecastBacktestImport() {}

    /** Rows an import holds parsed at once: a row of 1,000 origins' forecasts at horizon 20 is about 7 MB parsed. */
    public static final int BATCH = 64;

    /**
     * One computed output row: the backtest to store with where its row is (file, symbol) and the job's --oos-start cell
     * ({@link org.sextant.engine.forecast.OutOfSampleStart}; null in an output written before the job recorded it).
     */
    public record Item(BacktestReplay.Row computed, String oosStart) {}

    /** The output of {@code folder}, staged and bounded, read in batches of {@code batch} rows. */
    public static Output open(Store store, Path folder, int batch) {
        JobOutput out = JobOutput.stage(store, folder);
        boolean recordsOosStart;
        try {
            recordsOosStart = store.read(c -> {
                out.requireWithinBounds(c, ForecastBacktestRows.COLUMNS, "forecast-backtest");
                return out.columns(c).contains(ForecastBacktestRows.OOS_START);
            });
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
        return new Output(store, folder, out, batch, recordsOosStart);
    }

    /** A staged output read pass by pass; closing it removes the staged copy. */
    public static final class Output implements AutoCloseable {
        private final Store store;
        private final Path folder;
        private final JobOutput out;
        private final int batch;
        private final boolean recordsOosStart;
        /** Per row of the first pass, in order: 8 bytes of the SHA-256 of its cells; null until it ended. */
        private long[] firstRead;
        private int mostHeld;

        private Output(Store store, Path folder, JobOutput out, int batch, boolean recordsOosStart) {
            this.store = store;
            this.folder = folder;
            this.out = out;
            this.batch = batch;
            this.recordsOosStart = recordsOosStart;
        }

        /** Whether the job's output says its --oos-start (one written before the column does not; it imports, saying so). */
        public boolean recordsOosStart() {
            return recordsOosStart;
        }

        /** The most rows a pass held parsed at once. */
        public int mostHeld() {
            return mostHeld;
        }

        /** The rows the job reported failed (symbol, field, error): the first {@link CappedFailures#KEPT} by symbol, then counted. */
        public CappedFailures failures() {
            return store.read(c -> {
                try {
                    return CappedFailures.ofErrorRows(c, out, "forecast-backtest");
                } catch (java.sql.SQLException e) {
                    throw out.refusal(c, e, "forecast backtest", "import the --out folder of `sextant-spark forecast-backtest`");
                }
            });
        }

        /**
         * Hands every computed row (not those the job reported failed: {@link #failures}) to {@code each}, {@code batch} at a
         * time, in one order each pass (by symbol, file and row). A later pass refuses the output at a row that is not the first pass's.
         */
        public void each(Consumer<List<Item>> each) {
            boolean first = firstRead == null;
            long[][] seen = {first ? new long[64] : firstRead};
            int rows = store.read(c -> {
                int n = 0;
                List<Item> held = new ArrayList<>();
                try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT " + String.join(", ", ForecastBacktestRows.COLUMNS).replace(ForecastBacktestRows.OOS_START,
                        recordsOosStart ? ForecastBacktestRows.OOS_START : "NULL::VARCHAR AS " + ForecastBacktestRows.OOS_START)
                        + ", filename FROM " + out.relationWithFileNames(", file_row_number = true")
                        + " WHERE error IS NULL ORDER BY symbol, filename, file_row_number")) {
                    while (r.next()) {
                        long cells = cells(r);
                        if (first) {
                            if (n == seen[0].length) seen[0] = Arrays.copyOf(seen[0], n * 2);
                            seen[0][n] = cells;
                        } else if (n >= seen[0].length || seen[0][n] != cells) {
                            throw changed(ForecastScanImport.where(r, folder));
                        }
                        n++;
                        BacktestReplay.Row row = new BacktestReplay.Row(ForecastBacktestCheck.checked(r, folder), ForecastScanImport.where(r, folder));
                        held.add(new Item(row, ForecastBacktestCheck.oosStart(r, row.where(), recordsOosStart)));
                        if (held.size() == batch) hand(held, each);
                    }
                    hand(held, each);
                } catch (java.sql.SQLException e) {
                    throw out.refusal(c, e, "forecast backtest", "import the --out folder of `sextant-spark forecast-backtest`");
                }
                return n;
            });
            if (first) firstRead = Arrays.copyOf(seen[0], rows);
            else if (rows != firstRead.length) throw changed(folder + ": ");
        }

        private void hand(List<Item> held, Consumer<List<Item>> each) {
            mostHeld = Math.max(mostHeld, held.size());
            if (!held.isEmpty()) each.accept(List.copyOf(held));
            held.clear();
        }

        /** The refusal of an output whose row at {@code where} differs from the first pass's read of it. */
        private static SextantException changed(String where) {
            return SextantException.invalid("output", where + "the output changed while it was imported (a row is not the one read first); nothing was imported",
                    "leave the job's --out folder untouched until its import ends, then import it again");
        }

        /** 8 bytes of the SHA-256 of every cell of the row {@code r} is at. */
        private static long cells(ResultSet r) throws java.sql.SQLException {
            MessageDigest d = sha256();
            for (String column : ForecastBacktestRows.COLUMNS) {
                Object v = r.getObject(column);
                d.update((v == null ? "\u0000" : v.getClass().getSimpleName() + ":" + v).getBytes(StandardCharsets.UTF_8));
                d.update((byte) 0x1f);
            }
            return ByteBuffer.wrap(d.digest()).getLong();
        }

        private static MessageDigest sha256() {
            try {
                return MessageDigest.getInstance("SHA-256");
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException(e); // every Java runtime has SHA-256
            }
        }

        @Override
        public void close() {
            out.close();
        }
    }
}
