package org.sextant.engine.forecast.global;

import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.jobs.CancellableSql;
import org.sextant.engine.store.Store;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** What the global model of prices reads from the store: the closes that train it, and a digest of every close. */
public final class StoredPrices {
    /** Series shorter than this do not train (a year of closes). */
    static final int MIN_ROWS = 250;
    /** Rows read between two looks at the job's cancel request (a look costs a volatile read). */
    private static final int ROWS_PER_CHECK = 1 << 16;
    /** Part of the digest: a change of the model's format or training retrains. */
    private static final String MODEL_VERSION = "global-3";

    private StoredPrices() {}

    /** The store's global model, kept in {@code dir}. */
    public static GlobalPriceModels models(Store store, java.nio.file.Path dir) {
        return new GlobalPriceModels(dir, choose -> trainingCloses(store, choose), () -> fingerprint(store));
    }

    /** The symbols that train and their row counts: MIN_ROWS or more closes, every one positive and finite. */
    private static final String TRAINING_SYMBOLS = "SELECT symbol, count(*) FROM prices GROUP BY symbol HAVING count(*) >= ? "
            + "AND bool_and(coalesce(adj_close, close) > 0 AND isfinite(coalesce(adj_close, close))) ORDER BY symbol";

    /**
     * Closes (skip, n] of each symbol asked for (?: symbols, ?: how many to skip, ?: up to which,
     * counted from its oldest), symbol by symbol (by its place in the list: a symbol's text on
     * every row would cost a String a row), oldest first.
     */
    private static final String PART_CLOSES = "WITH part AS (SELECT unnest(?::VARCHAR[]) AS symbol, unnest(?::INTEGER[]) AS skip, "
            + "unnest(?::INTEGER[]) AS n, generate_subscripts(?::INTEGER[], 1) - 1 AS k) "
            + "SELECT part.k, coalesce(p.adj_close, p.close) FROM prices p JOIN part USING (symbol) "
            + "QUALIFY row_number() OVER (PARTITION BY p.symbol ORDER BY p.date) BETWEEN part.skip + 1 AND part.n ORDER BY part.k, p.date";

    /**
     * Adjusted closes (closes where none) of every symbol that trains, by symbol, only the part
     * {@code choose} gives it from the counts of every symbol (at most the first 60%, and at most
     * {@link TrainingSample#MAX_CLOSES} in all): the store counts and checks each symbol's closes, so a
     * close that does not train never leaves it, and each part is read straight into its array
     * (a boxed list of every stored close took ~37 bytes a row, attack 13 L2). Both reads see
     * one snapshot of the store. The training job's cancel stops either read at once (inside a
     * statement, or every {@link #ROWS_PER_CHECK} rows): on 10 M rows the read alone took seconds.
     */
    static List<double[]> trainingCloses(Store store, Function<int[], TrainingSample> choose) {
        return store.read(c -> {
            c.setAutoCommit(false);
            try {
                List<String> stored = new ArrayList<>();
                List<Integer> counts = new ArrayList<>();
                try (PreparedStatement p = c.prepareStatement(TRAINING_SYMBOLS)) {
                    p.setInt(1, MIN_ROWS);
                    try (ResultSet r = CancellableSql.run(p, p::executeQuery)) {
                        while (r.next()) {
                            stored.add(r.getString(1));
                            counts.add(Math.toIntExact(r.getLong(2)));
                        }
                    }
                }
                TrainingSample sample = choose.apply(counts.stream().mapToInt(Integer::intValue).toArray());
                List<String> symbols = new ArrayList<>();
                List<Integer> skips = new ArrayList<>(), lengths = new ArrayList<>();
                for (int i = 0; i < stored.size(); i++) {
                    TrainingSample.Part part = sample.part(i);
                    if (part == null) continue; // left out of the sample: never read
                    symbols.add(stored.get(i));
                    skips.add(part.from());
                    lengths.add(part.length());
                }
                return partCloses(c, symbols, skips, lengths);
            } finally {
                c.rollback(); // read only: nothing to keep
            }
        });
    }

    /**
     * {@code lengths[i]} closes of {@code symbols[i]} after its first {@code skips[i]} (in the
     * store's symbol order), in one pass of the store: the rows arrive symbol by symbol, so each
     * fills its array in turn.
     */
    private static List<double[]> partCloses(java.sql.Connection c, List<String> symbols, List<Integer> skips, List<Integer> lengths)
            throws java.sql.SQLException {
        List<double[]> out = new ArrayList<>(symbols.size());
        try (PreparedStatement p = c.prepareStatement(PART_CLOSES)) {
            Integer[] ends = new Integer[symbols.size()];
            for (int i = 0; i < ends.length; i++) ends[i] = skips.get(i) + lengths.get(i);
            p.setObject(1, c.createArrayOf("VARCHAR", symbols.toArray()));
            p.setObject(2, c.createArrayOf("INTEGER", skips.toArray()));
            java.sql.Array n = c.createArrayOf("INTEGER", ends);
            p.setObject(3, n);
            p.setObject(4, n);
            double[] y = null;
            int i = 0;
            long read = 0;
            try (ResultSet r = CancellableSql.run(p, p::executeQuery)) {
                while (r.next()) {
                    if ((read & (ROWS_PER_CHECK - 1)) == 0) Cancellation.check();
                    while (y == null || i == y.length) { // the next symbol's first row
                        if (out.size() == symbols.size()) throw mismatch("more rows than counted");
                        out.add(y = new double[lengths.get(out.size())]);
                        i = 0;
                    }
                    if (i == 0 && r.getInt(1) != out.size() - 1) throw mismatch("a symbol's rows out of order");
                    y[i++] = r.getDouble(2);
                    read++;
                }
            }
            while (out.size() < symbols.size()) out.add(new double[lengths.get(out.size())]);
            if (read != lengths.stream().mapToLong(Integer::longValue).sum()) throw mismatch("fewer rows than counted");
        }
        return out;
    }

    /** The two reads of one snapshot disagree: a bug, not the user's data. */
    private static IllegalStateException mismatch(String what) {
        return new IllegalStateException("reading the global model's training closes: " + what);
    }

    /**
     * SHA-256 (first 16 hex digits) of every symbol's row count, last date and the sum of its (date, close) hashes, and the
     * model version. Exact integers, so the same prices give the same print whatever order DuckDB's threads add them in
     * (a sum of the doubles changed its last bits between runs and made a restart retrain: attack 19, M1).
     */
    static String fingerprint(Store store) {
        String rows = store.read(c -> {
            StringBuilder sb = new StringBuilder(MODEL_VERSION);
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT symbol, count(*), max(date), sum(hash(date, coalesce(adj_close, close))::HUGEINT)::VARCHAR FROM prices"
                            + " GROUP BY symbol ORDER BY symbol");
                 ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    sb.append('\n').append(r.getString(1)).append('|').append(r.getLong(2)).append('|').append(r.getString(3))
                            .append('|').append(r.getString(4));
                }
            }
            return sb.toString();
        });
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(rows.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
