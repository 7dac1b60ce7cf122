package org.sextant.engine.forecast;

import org.sextant.engine.data.PriceSeries;

/**
 * A symbol's closes as one request read them, with their {@link ClosesDigest} hashed at most once: the stored forecast's
 * check, the memory cache's key and a stored backtest's check all take the digest from here, so a read hashes its closes
 * once (a SHA-256 over every date and close: milliseconds on a long series) and no two of its keys can disagree.
 */
public final class DigestedCloses {
    private final PriceSeries prices;
    /** Hashed when first asked; a String, so a second thread reading it before the first wrote it only hashes again. */
    private String digest;

    private DigestedCloses(PriceSeries prices) {
        this.prices = prices;
    }

    /** {@code prices} as read; their digest is hashed when a key first needs it. */
    public static DigestedCloses of(PriceSeries prices) {
        return new DigestedCloses(prices);
    }

    public PriceSeries prices() { return prices; }

    /** {@link ClosesDigest#of(PriceSeries)} of these closes, hashed on the first call only. */
    public String digest() {
        String d = digest;
        if (d == null) digest = d = ClosesDigest.of(prices);
        return d;
    }
}
