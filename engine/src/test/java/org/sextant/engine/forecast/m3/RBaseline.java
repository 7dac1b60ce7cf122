package org.sextant.engine.forecast.m3;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs R's forecast package (ets, thetaf, optionally auto.arima) over the same M3 series in a
 * child Rscript, timing only the model calls inside R as CPU seconds (point forecasts, no
 * intervals), then scores its forecasts with the same scorer. R runs on one core.
 */
final class RBaseline {
    private RBaseline() {}

    private static final String SCRIPT = """
            args <- commandArgs(TRUE)
            suppressPackageStartupMessages(library(forecast))
            d <- read.csv(args[1], stringsAsFactors = FALSE)
            out <- args[2]
            methods <- c("ets", "thetaf"); if (args[3] == "1") methods <- c(methods, "auto.arima")
            sp <- split(d, d$series_id); ids <- sort(names(sp))
            ids <- ids[seq(1, length(ids), by = as.integer(args[4]))]
            rows <- list(); tm <- c()
            for (m in methods) {
              el <- 0; fc <- vector("list", length(ids))
              for (i in seq_along(ids)) {
                s <- sp[[ids[i]]]; h <- s$h[1]
                y <- ts(s$value[s$split == "train"], frequency = s$frequency[1])
                t0 <- proc.time()
                f <- switch(m,
                  ets = forecast(ets(y), h = h, PI = FALSE)$mean,
                  thetaf = thetaf(y, h = h)$mean,
                  auto.arima = forecast(auto.arima(y), h = h, PI = FALSE)$mean)
                dt <- proc.time() - t0
                el <- el + dt[["user.self"]] + dt[["sys.self"]]
                fc[[i]] <- data.frame(series_id = ids[i], method = m, step = seq_len(h), value = as.numeric(f))
              }
              tm[m] <- el
              rows[[m]] <- do.call(rbind, fc)
            }
            write.csv(do.call(rbind, rows), out, row.names = FALSE)
            write.csv(data.frame(method = names(tm), seconds = as.numeric(tm)), paste0(out, ".time"), row.names = FALSE)
            cat(as.character(packageVersion("forecast")), file = paste0(out, ".version"))
            """;

    static void run(Path dir, List<M3Series> series, int every, boolean arima, Map<String, M3Score> scores, Map<String, double[]> times)
            throws IOException, InterruptedException {
        Path tmp = Files.createTempDirectory("m3r");
        Path script = tmp.resolve("m3.R");
        Path out = tmp.resolve("forecasts.csv");
        Files.writeString(script, SCRIPT);
        System.out.println("  running R's forecast package (single core) ...");
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder("Rscript", script.toString(), dir.resolve("m3_long.csv").toString(), out.toString(), arima ? "1" : "0", Integer.toString(every))
                .inheritIO().start();
        if (p.waitFor() != 0) throw new IOException("Rscript failed with exit code " + p.exitValue());
        System.out.printf(Locale.ROOT, "  R finished in %.1f s wall (including reading the CSV)%n", (System.nanoTime() - t0) / 1e9);
        String version = Files.readString(Path.of(out + ".version")).trim();

        Map<String, Map<String, double[]>> fc = new HashMap<>();
        Map<String, M3Series> byId = new HashMap<>();
        for (M3Series s : series) byId.put(s.id(), s);
        try (BufferedReader r = Files.newBufferedReader(out)) {
            r.readLine();
            String line;
            while ((line = r.readLine()) != null) {
                String[] f = line.replace("\"", "").split(",");
                M3Series s = byId.get(f[0]);
                double[] arr = fc.computeIfAbsent(f[1], k -> new HashMap<>()).computeIfAbsent(f[0], k -> new double[s.horizon()]);
                arr[Integer.parseInt(f[2]) - 1] = Double.parseDouble(f[3]);
            }
        }
        Map<String, Double> secs = new HashMap<>();
        try (BufferedReader r = Files.newBufferedReader(Path.of(out + ".time"))) {
            r.readLine();
            String line;
            while ((line = r.readLine()) != null) {
                String[] f = line.replace("\"", "").split(",");
                secs.put(f[0], Double.parseDouble(f[1]));
            }
        }
        for (Map.Entry<String, Map<String, double[]>> e : fc.entrySet()) {
            M3Score score = new M3Score();
            for (M3Series s : series) score.add(s, e.getValue().get(s.id()));
            String key = "R forecast " + version + " " + e.getKey();
            scores.put(key, score);
            times.put(key, new double[] {Double.NaN, secs.get(e.getKey())});
        }
    }
}
