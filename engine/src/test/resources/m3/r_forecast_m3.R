# R's forecast package (ets, thetaf, auto.arima) over M3, one series at a time, appending one
# row per series and method to the output as it goes, so a run stopped early still leaves a
# complete, scoreable subset. Series are visited in interleaved order (ids 1, 1+k, 1+2k, ...;
# then 2, 2+k, ...) so any prefix is a spread sample of all categories.
# Usage: Rscript r_forecast_m3.R m3_long.csv out.csv [k=3] [part=1] [parts=1]
# part/parts: this process fits every parts-th series of that order, starting at the part-th, so
# several processes (one per core, each its own out.csv) share one run.
# Row: series_id,method,cpu_seconds,forecast values separated by ';'. CPU = user+system time of
# the model call and its point forecast only (PI = FALSE), measured inside R.
args <- commandArgs(TRUE)
suppressPackageStartupMessages(library(forecast))
d <- read.csv(args[1], stringsAsFactors = FALSE)
out <- args[2]
k <- if (length(args) >= 3) as.integer(args[3]) else 3L
sp <- split(d, d$series_id); ids <- sort(names(sp))
ord <- unlist(lapply(seq_len(k), function(s) seq(s, length(ids), by = k)))
part <- if (length(args) >= 4) as.integer(args[4]) else 1L
parts <- if (length(args) >= 5) as.integer(args[5]) else 1L
ord <- ord[seq(part, length(ord), by = parts)]
cat(as.character(packageVersion("forecast")), file = paste0(out, ".version"))
# Resume: series that already have all three methods in out.csv are not fitted again, so a run
# stopped by a session's end continues where it was (per-series CPU seconds stay comparable).
done_ids <- character(0)
if (file.exists(out) && file.size(out) > 0) {
  prev <- read.csv(out, header = FALSE, stringsAsFactors = FALSE, colClasses = "character")
  cnt <- table(prev[[1]]); done_ids <- names(cnt)[cnt >= 3]
}
con <- file(out, open = "a")
for (i in ord) {
  if (ids[i] %in% done_ids) next
  s <- sp[[ids[i]]]; h <- s$h[1]
  y <- ts(s$value[s$split == "train"], frequency = s$frequency[1])
  for (m in c("ets", "thetaf", "auto.arima")) {
    t0 <- proc.time()
    f <- switch(m,
      ets = forecast(ets(y), h = h, PI = FALSE)$mean,
      thetaf = thetaf(y, h = h)$mean,
      auto.arima = forecast(auto.arima(y), h = h, PI = FALSE)$mean)
    dt <- proc.time() - t0
    writeLines(sprintf("%s,%s,%.4f,%s", ids[i], m, dt[["user.self"]] + dt[["sys.self"]],
                       paste(sprintf("%.10g", as.numeric(f)), collapse = ";")), con)
    flush(con)
  }
}
close(con)
cat("done\n")
