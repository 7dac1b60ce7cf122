# Oracle values for EtsTest (initial states and AICc parameter count): R 4.2.2, forecast 8.20.
# Run with `Rscript ets_oracle.R` from this folder. ets() estimates alpha, beta, gamma, phi and
# the initial states l, b, s0..s(m-2) (the last seasonal state closes the constraint); its AICc
# counts length(fit$par) + 1 parameters (sigma included): see forecast:::etsmodel.
suppressPackageStartupMessages(library(forecast))
m3 <- read.csv("m3_sample.csv")
train <- function(id, m) ts(m3$value[m3$series_id == id & m3$split == "train"], frequency = m)
air <- ts(scan("air_passengers.csv", skip = 1, quiet = TRUE), frequency = 12)
show <- function(label, fit) {
  np <- length(fit$par) + 1
  cat(sprintf("%s: params %s; k = %d; n = %d; loglik %.6f; aicc %.6f; aicc - (-2 loglik + 2k) = %.6f\n",
              label, paste(names(fit$par), collapse = ","), np, length(fit$x), fit$loglik, fit$aicc,
              fit$aicc - (-2 * fit$loglik + 2 * np)))
}
show("N0700 ANA", ets(train("N0700", 4), model = "ANA"))
show("N1500 MNM", ets(train("N1500", 12), model = "MNM"))
show("air MAdM", ets(air, model = "MAM", damped = TRUE))
# forecast:::admissible(alpha, beta, gamma, phi, m) for EtsTest.admissibilityMatchesR
adm <- rbind(c(0.2, 0, 0.1, 1, 4), c(0.9, 0, 0.09, 1, 4), c(0.5, 0.3, 0.4, 0.9, 4), c(0.05, 0.01, 0.9, 0.98, 12),
             c(0.3, 0.2, 0.6, 0.8, 12), c(0.9999, 0.5, 1e-4, 1, 12), c(0.1, 0.1, 0.85, 1, 4), c(0.6, 0.6, 0.35, 0.85, 12))
for (i in seq_len(nrow(adm))) { a <- adm[i, ]
  cat(sprintf("admissible(%g, %g, %g, %g, %d) = %d\n", a[1], a[2], a[3], a[4], a[5],
              forecast:::admissible(a[1], a[2], a[3], a[4], a[5]))) }
