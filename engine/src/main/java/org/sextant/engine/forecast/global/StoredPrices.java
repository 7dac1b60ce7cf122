package org.sextant.engine.forecast.global;

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

/** What the global model of prices reads from the store: every symbol's closes, and a digest of them. */
public final class StoredPrices {
    /** Series shorter than this do not train (a year of closes). */
    static final int MIN_ROWS = 250;
    /** Part of the digest: a change of the model's format or training retrains. */
    private static final String MODEL_VERSION = "global-3";

    private StoredPrices() {}

    /** The store's global model, kept in {@code dir}. */
    public static GlobalPriceModels models(Store store, java.nio.file.Path dir) {
        return new GlobalPriceModels(dir, () -> closes(store), () -> fingerprint(store));
    }

    /** Adjusted closes (closes where none) of every symbol with at least MIN_ROWS positive closes, by symbol. */
    static Map<String, double[]> closes(Store store) {
        return store.read(c -> {
            Map<String, List<Double>> by = new LinkedHashMap<>();
            try (PreparedStatement p = c.prepareStatement("SELECT symbol, coalesce(adj_close, close) FROM prices ORDER BY symbol, date");
                 ResultSet r = p.executeQuery()) {
                while (r.next()) by.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add(r.getDouble(2));
            }
            Map<String, double[]> out = new LinkedHashMap<>();
            by.forEach((s, v) -> {
                double[] y = v.stream().mapToDouble(Double::doubleValue).toArray();
                if (y.length >= MIN_ROWS && java.util.Arrays.stream(y).allMatch(x -> x > 0 && Double.isFinite(x))) out.put(s, y);
            });
            return out;
        });
    }

    /** SHA-256 (first 16 hex digits) of every symbol's row count, last date and sum of closes, and the model version. */
    static String fingerprint(Store store) {
        String rows = store.read(c -> {
            StringBuilder sb = new StringBuilder(MODEL_VERSION);
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT symbol, count(*), max(date), sum(coalesce(adj_close, close)) FROM prices GROUP BY symbol ORDER BY symbol");
                 ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    sb.append('\n').append(r.getString(1)).append('|').append(r.getLong(2)).append('|').append(r.getString(3))
                            .append('|').append(Double.doubleToLongBits(r.getDouble(4)));
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
