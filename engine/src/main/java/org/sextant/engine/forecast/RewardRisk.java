package org.sextant.engine.forecast;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * Reward/risk of a forecast at one level and step: the upside from the last close to the upper
 * band edge over the downside from the last close to the lower edge. Above 1 means the band
 * reaches further up than down. Infinite when the lower edge is at or above the last close: an
 * answer then says {@code "ratio": null} with a {@code ratio_note}, never "Infinity" or "NaN".
 * A band with neither upside nor downside (its edges at the last close, e.g. constant prices) has
 * no ratio at all: NaN here, null with a note in an answer.
 */
public record RewardRisk(double level, int step, double upside, double downside,
                         @JsonSerialize(using = UnboundedAsNull.Writer.class) @JsonDeserialize(using = UnboundedAsNull.Reader.class)
                         @JsonInclude(JsonInclude.Include.ALWAYS) double ratio) {

    /** Why the ratio is null, or null (left out of the answer) when it is a number. */
    @JsonProperty("ratio_note")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String ratioNote() {
        if (Double.isFinite(ratio)) return null;
        if (noSpread()) return NO_SPREAD;
        return "no downside: the lower band edge is at or above the last close";
    }

    static final String NO_SPREAD = "no spread: both band edges are at the last close (e.g. unchanged prices), so there is no reward or risk to compare";

    /** Whether the band's edges are both at the last close: then neither upside nor downside, and no ratio. */
    @JsonIgnore
    public boolean noSpread() {
        return upside <= 0 && downside <= 0; // upside + downside is the band's width over the close, never negative
    }

    /**
     * A move from the last close smaller than this fraction of it is rounding, not a move: a flat
     * series' band edges come back through log/exp and the model's sums a few ulps (2.2e-16 each)
     * off the close, and 2.2e-16 over 1.1e-16 once ranked as a reward/risk of 2. 1e-12 leaves room
     * for thousands of such roundings while staying far below any price's real step (a tick of
     * 1e-8 on a price of 10,000 is 1e-12 of it).
     */
    static final double NOISE = 1e-12;

    static double move(double fraction) {
        return Math.abs(fraction) <= NOISE ? 0 : fraction;
    }

    public static RewardRisk of(Forecast f, double lastClose, double level, int step) {
        if (!(lastClose > 0)) throw org.sextant.engine.SextantException.invalid("last_close", "last close must be positive, got " + lastClose, "use the series' last valid price");
        QuantileBand b = f.band(level);
        double up = move(b.upper(step - 1) / lastClose - 1);
        double down = move(1 - b.lower(step - 1) / lastClose);
        double ratio = up <= 0 && down <= 0 ? Double.NaN : down <= 0 ? Double.POSITIVE_INFINITY : Math.max(up, 0) / down;
        return new RewardRisk(level, step, up, down, ratio);
    }
}
