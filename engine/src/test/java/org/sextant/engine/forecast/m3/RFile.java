package org.sextant.engine.forecast.m3;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows written by src/test/resources/m3/r_forecast_m3.R (series_id, method, CPU seconds,
 * forecasts separated by ';'), a run of R's forecast package made apart from the harness so that
 * a long run can be started early and stopped: only series with all three methods count.
 */
final class RFile {
    static final List<String> METHODS = List.of("ets", "thetaf", "auto.arima");
    private final Map<String, Map<String, double[]>> forecasts = new HashMap<>(); // method → id → values
    private final Map<String, Map<String, Double>> seconds = new HashMap<>();
    private String version = "?";

    static RFile read(Path file) throws IOException {
        RFile r = new RFile();
        Path v = Path.of(file + ".version");
        if (Files.exists(v)) r.version = Files.readString(v).trim();
        try (BufferedReader in = Files.newBufferedReader(file)) {
            String line;
            while ((line = in.readLine()) != null) {
                String[] f = line.split(",");
                if (f.length < 4) continue; // a line cut by stopping R
                String[] vals = f[3].split(";");
                double[] fc = new double[vals.length];
                for (int i = 0; i < vals.length; i++) fc[i] = Double.parseDouble(vals[i]);
                r.forecasts.computeIfAbsent(f[1], k -> new HashMap<>()).put(f[0], fc);
                r.seconds.computeIfAbsent(f[1], k -> new HashMap<>()).put(f[0], Double.parseDouble(f[2]));
            }
        }
        return r;
    }

    boolean complete(String id) {
        for (String m : METHODS) if (!forecasts.getOrDefault(m, Map.of()).containsKey(id)) return false;
        return true;
    }

    void score(List<M3Series> series, Map<String, M3Score> scores, Map<String, double[]> times) {
        for (String m : METHODS) {
            M3Score s = new M3Score();
            double cpu = 0;
            for (M3Series x : series) {
                s.add(x, forecasts.get(m).get(x.id()));
                cpu += seconds.get(m).get(x.id());
            }
            String key = "R forecast " + version + " " + m;
            scores.put(key, s);
            times.put(key, new double[] {Double.NaN, cpu});
        }
    }
}
