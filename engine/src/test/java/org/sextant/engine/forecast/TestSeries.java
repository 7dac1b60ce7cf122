package org.sextant.engine.forecast;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Loads the small real series copied into test resources (attribution in forecast/README.md). */
public final class TestSeries {
    private TestSeries() {}

    /** Training (or test) values of one M3 series from m3_sample.csv. */
    public static double[] m3(String id, String split) {
        List<Double> out = new ArrayList<>();
        for (String line : lines("m3_sample.csv")) {
            String[] f = line.split(",");
            if (f[0].equals(id) && f[6].equals(split)) out.add(Double.parseDouble(f[5]));
        }
        if (out.isEmpty()) throw new IllegalArgumentException("no series " + id);
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    public static double[] airPassengers() {
        return lines("air_passengers.csv").stream().mapToDouble(Double::parseDouble).toArray();
    }

    private static List<String> lines(String name) {
        try (InputStream in = TestSeries.class.getResourceAsStream("/forecast/" + name)) {
            if (in == null) throw new IllegalStateException("missing test resource " + name);
            List<String> all = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            return all.subList(1, all.size());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
