package org.sextant.charts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Loads a "date,close" test resource (see README.md next to it) into close-only PriceBars. */
final class RealSeries {
    private RealSeries() {}

    static PriceBars load(String resource, String symbol) {
        List<LocalDate> dates = new ArrayList<>();
        List<Double> closes = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                Objects.requireNonNull(RealSeries.class.getResourceAsStream(resource), resource), StandardCharsets.UTF_8))) {
            in.readLine();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] cells = line.split(",");
                dates.add(LocalDate.parse(cells[0]));
                closes.add(Double.parseDouble(cells[1]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        double[] close = closes.stream().mapToDouble(Double::doubleValue).toArray();
        return PriceBars.closes(symbol, dates, close);
    }

    /**
     * A forecast fan of {@code horizon} business days after the last close: a flat median and
     * bands that widen with the square root of the step (1% a day), as a random walk's would.
     */
    static ForecastFan fan(PriceBars s, int horizon, double... levels) {
        double last = s.close()[s.size() - 1];
        List<LocalDate> targets = new ArrayList<>();
        LocalDate d = s.dates().get(s.size() - 1);
        double[] median = new double[horizon];
        while (targets.size() < horizon) {
            d = d.plusDays(1);
            if (d.getDayOfWeek().getValue() <= 5) targets.add(d);
        }
        java.util.Arrays.fill(median, last);
        List<ForecastFan.Band> bands = new ArrayList<>();
        for (double level : levels) {
            double z = level >= 0.99 ? 2.576 : level >= 0.95 ? 1.960 : 1.282;
            double[] lo = new double[horizon];
            double[] hi = new double[horizon];
            for (int i = 0; i < horizon; i++) {
                double w = z * 0.01 * Math.sqrt(i + 1);
                lo[i] = last * Math.exp(-w);
                hi[i] = last * Math.exp(w);
            }
            bands.add(new ForecastFan.Band(level, lo, hi));
        }
        return new ForecastFan(s.symbol(), s.dates().get(s.size() - 1), last, targets, median, bands);
    }

    static ForecastFan.Band band(ForecastFan f, double level) {
        return f.bands().stream().filter(b -> Math.abs(b.level() - level) < 1e-9).findFirst().orElseThrow();
    }
}
