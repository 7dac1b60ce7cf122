package org.sextant.engine.forecast;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * Reward/risk of a forecast at one level and step: the upside from the last close to the upper
 * band edge over the downside from the last close to the lower edge. Above 1 means the band
 * reaches further up than down. Infinite when the lower edge is at or above the last close: an
 * answer then says {@code "ratio": null} with a {@code ratio_note}, never "Infinity" or "NaN".
 */
public record RewardRisk(double level, int step, double upside, double downside,
                         @JsonSerialize(using = UnboundedAsNull.Writer.class) @JsonDeserialize(using = UnboundedAsNull.Reader.class)
                         @JsonInclude(JsonInclude.Include.ALWAYS) double ratio) {

    /** Why the ratio is null, or null (left out of the answer) when it is a number. */
    @JsonProperty("ratio_note")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public String ratioNote() {
        if (Double.isFinite(ratio)) return null;
        return "no downside: the lower band edge is at or above the last close";
    }

    public static RewardRisk of(Forecast f, double lastClose, double level, int step) {
        if (!(lastClose > 0)) throw org.sextant.engine.SextantException.invalid("last_close", "last close must be positive, got " + lastClose, "use the series' last valid price");
        QuantileBand b = f.band(level);
        double up = b.upper(step - 1) / lastClose - 1;
        double down = 1 - b.lower(step - 1) / lastClose;
        double ratio = down <= 0 ? Double.POSITIVE_INFINITY : Math.max(up, 0) / down;
        return new RewardRisk(level, step, up, down, ratio);
    }
}
