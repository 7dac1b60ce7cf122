# Simulated ARIMA test series (R 4.2.2, stats::arima.sim); writes arima_sim.csv next to this script.
set.seed(20261130)
ar1 <- 10 + arima.sim(list(ar = 0.7), n = 300)
ma1 <- arima.sim(list(ma = 0.5), n = 300)
arma11 <- 5 + arima.sim(list(ar = 0.6, ma = 0.4), n = 400)
rwd <- cumsum(c(100, 0.5 + rnorm(199)))
n <- 400
out <- data.frame(t = seq_len(n),
  ar1 = c(ar1, rep(NA, n - 300)), ma1 = c(ma1, rep(NA, n - 300)),
  arma11 = arma11, rwdrift = c(rwd, rep(NA, n - 200)))
write.csv(out, "arima_sim.csv", row.names = FALSE, na = "")
