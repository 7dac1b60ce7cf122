package org.sextant.engine.forecast.m3;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads M3 in the long layout of m3_long.csv (series_id, st, category, type, frequency, h,
 * t, time, value, split). Data: Makridakis & Hibon (2000), via R's Mcomp package.
 */
public final class M3Data {
    private M3Data() {}

    public static List<M3Series> read(Path longCsv) throws IOException {
        Map<String, Builder> by = new LinkedHashMap<>();
        try (BufferedReader r = Files.newBufferedReader(longCsv)) {
            String header = r.readLine();
            if (header == null || !header.replace("\"", "").startsWith("series_id,st,category")) {
                throw new IOException("unexpected header in " + longCsv + ": " + header);
            }
            String line;
            while ((line = r.readLine()) != null) {
                String[] f = line.replace("\"", "").split(",");
                Builder b = by.computeIfAbsent(f[0], id -> new Builder(id, f[2], Integer.parseInt(f[4]), Integer.parseInt(f[5])));
                double v = Double.parseDouble(f[8]);
                (f[9].equals("train") ? b.train : b.test).add(v);
            }
        }
        List<M3Series> out = new ArrayList<>();
        for (Builder b : by.values()) out.add(b.build());
        return out;
    }

    private static final class Builder {
        final String id, category;
        final int frequency, h;
        final List<Double> train = new ArrayList<>(), test = new ArrayList<>();

        Builder(String id, String category, int frequency, int h) {
            this.id = id;
            this.category = category;
            this.frequency = frequency;
            this.h = h;
        }

        M3Series build() {
            return new M3Series(id, category, frequency, h, train.stream().mapToDouble(Double::doubleValue).toArray(),
                    test.stream().mapToDouble(Double::doubleValue).toArray());
        }
    }
}
