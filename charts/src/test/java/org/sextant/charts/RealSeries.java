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
import org.sextant.engine.data.PriceSeries;

/** Loads a "date,close" test resource (see README.md next to it) into a PriceSeries. */
final class RealSeries {
    private RealSeries() {}

    static PriceSeries load(String resource, String symbol) {
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
        return new PriceSeries(symbol, dates.get(0), dates.get(dates.size() - 1), dates, close, close.clone());
    }
}
