package org.sextant.engine.exchange;

import java.security.SecureRandom;
import java.util.random.RandomGenerator;

/**
 * What one import of a scale-out job's output spends on computing its rows again here (docs/scale-out.md, "The import's
 * budget"): the scan, backtest and sweep replays each fill it by their own rule of what to check first.
 */
public final class ImportBudget {
    private ImportBudget() {}

    /** Seconds of fitting or measuring again one import spends: a minute replays a drift or theta job of hundreds of symbols whole. */
    public static final double SECONDS = 60;

    /** The replays' draws: a SecureRandom, which the writer of the files cannot predict. */
    public static RandomGenerator chance() {
        return new SecureRandom();
    }
}
