package org.sextant.engine.forecast;

/**
 * Reward/risk of a forecast at one level and step: the upside from the last close to the upper
 * band edge over the downside from the last close to the lower edge. Above 1 means the band
 * reaches further up than down. Infinite when the lower edge is at or above the last close.
 */
public record RewardRisk(double level, int step, double upside, double downside, double ratio) {
    public static RewardRisk of(Forecast f, double lastClose, double level, int step) {
        if (!(lastClose > 0)) throw org.sextant.engine.SextantException.invalid("last_close", "last close must be positive, got " + lastClose, "use the series' last valid price");
        QuantileBand b = f.band(level);
        double up = b.upper(step - 1) / lastClose - 1;
        double down = 1 - b.lower(step - 1) / lastClose;
        double ratio = down <= 0 ? Double.POSITIVE_INFINITY : Math.max(up, 0) / down;
        return new RewardRisk(level, step, up, down, ratio);
    }
}
