package org.sextant.app;

import java.util.List;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.forecast.RealisedCloses;

/** `sextant forecast --as-of`'s lines under the forecast: each close stored after the start beside the step's bands, then how many each band held. */
final class RealisedText {
    private RealisedText() {}

    static void print(StringBuilder sb, PriceForecast f, RealisedCloses r) {
        List<QuantileBand> bands = f.forecast().bands();
        if (r.stepsRealised() > 0) sb.append("  closes after the start (adjusted as the forecast), beside each step's bands:\n");
        for (RealisedCloses.Step s : r.steps()) {
            StringBuilder line = new StringBuilder(String.format("  %3d %s %10s", s.step(), s.date(), ForecastCommand.price(s.close(), f.lastClose())));
            for (QuantileBand b : bands) {
                boolean in = Boolean.TRUE.equals(s.inside().get(String.valueOf(b.level())));
                line.append(String.format("  %.0f%% %s..%s %s", 100 * b.level(), ForecastCommand.price(b.lower(s.step() - 1), f.lastClose()),
                        ForecastCommand.price(b.upper(s.step() - 1), f.lastClose()), in ? "in " : "out"));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        if (r.stepsRealised() > 0) {
            sb.append("  inside the bands:");
            for (RealisedCloses.LevelCount c : r.inside()) sb.append(String.format(" %.0f%% %d of %d;", 100 * c.level(), c.inside(), c.realised()));
            sb.setCharAt(sb.length() - 1, '\n');
        }
        if (r.note() != null) sb.append("  ").append(r.note()).append('\n');
    }
}
