package org.sextant.engine.forecast;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.time.ZoneOffset;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.data.PriceSeries;

/**
 * What identifies the closes a forecast was made from: SHA-256 (first 32 hex digits) of every date and close it
 * fitted, oldest first. Stored with a live forecast so that it is reused only while the store holds the very same
 * closes: a count and last close matched a re-import that corrected older closes (attack 22, H3).
 */
public final class ClosesDigest {
    private ClosesDigest() {}

    /** How many closes digests this thread hashed: what a request spends on them, counted (tests). */
    private static final ThreadLocal<long[]> HASHED = ThreadLocal.withInitial(() -> new long[1]);

    static long hashedOnThisThread() {
        return HASHED.get()[0];
    }

    /** The digest of the dates and closes (adjusted where stored, as a forecast fits them) of {@code p}. */
    public static String of(PriceSeries p) {
        HASHED.get()[0]++;
        double[] closes = p.size() == 0 ? new double[0] : PriceForecast.closes(p);
        ByteBuffer row = ByteBuffer.allocate(16);
        MessageDigest d = sha256();
        for (int i = 0; i < closes.length; i++) {
            row.clear();
            row.putLong(p.dates().get(i).toEpochDay()).putLong(Double.doubleToLongBits(closes[i]));
            d.update(row.array());
        }
        return HexFormat.of().formatHex(d.digest()).substring(0, 32);
    }

    /** The digest of the bars of {@code bars} a bar forecast reads: each one's open time, trading day and close. */
    public static String of(BarSeries bars) {
        ByteBuffer row = ByteBuffer.allocate(24);
        MessageDigest d = sha256();
        for (IntervalBar b : bars.bars()) {
            row.clear();
            row.putLong(b.ts().toEpochSecond(ZoneOffset.UTC)).putLong(b.date().toEpochDay()).putLong(Double.doubleToLongBits(b.close()));
            d.update(row.array());
        }
        return HexFormat.of().formatHex(d.digest()).substring(0, 32);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every Java runtime has SHA-256
        }
    }
}
