# Oracle values for the ARIMA tests: R 4.2.2, forecast 8.20.
suppressPackageStartupMessages(library(forecast))
sim <- read.csv("arima_sim.csv")
m3 <- read.csv("m3_sample.csv")
col <- function(v) v[!is.na(v)]
show <- function(label, fit, h) {
  cat("==", label, arimaorder(fit), "const", !is.null(fit$coef) && any(names(fit$coef) %in% c("intercept","drift")), "\n")
  cat("coef", sprintf("%s=%.6f", names(fit$coef), fit$coef), "\n")
  cat(sprintf("loglik %.6f aic %.6f aicc %.6f sigma2 %.8g\n", fit$loglik, fit$aic, fit$aicc, fit$sigma2))
  f <- forecast(fit, h = h, level = 95)
  cat("mean", sprintf("%.6f", f$mean), "\n")
  cat("lo95", sprintf("%.6f", f$lower[, 1]), "\n")
}
show("ar1 fixed (1,0,0)", Arima(col(sim$ar1), order = c(1, 0, 0), include.mean = TRUE), 3)
show("ma1 fixed (0,0,1)", Arima(col(sim$ma1), order = c(0, 0, 1), include.mean = TRUE), 3)
show("arma11 fixed (1,0,1)", Arima(col(sim$arma11), order = c(1, 0, 1), include.mean = TRUE), 3)
show("rwdrift fixed (0,1,0) drift", Arima(col(sim$rwdrift), order = c(0, 1, 0), include.drift = TRUE), 3)
show("air fixed (0,1,1)(0,1,1)", Arima(ts(scan("air_passengers.csv", skip = 1, quiet = TRUE), frequency = 12), order = c(0,1,1), seasonal = c(0,1,1)), 3)
for (s in c("ar1", "ma1", "arma11", "rwdrift")) show(paste("auto", s), auto.arima(col(sim[[s]])), 3)
fr <- c(N0001 = 1, N0700 = 4, N1500 = 12, N2900 = 1)
for (id in names(fr)) {
  y <- ts(m3$value[m3$series_id == id & m3$split == "train"], frequency = fr[[id]])
  show(paste("auto", id), auto.arima(y), 6)
}
show("auto air", auto.arima(ts(scan("air_passengers.csv", skip = 1, quiet = TRUE), frequency = 12)), 3)
