package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.sextant.engine.research.backtest.Costs;
import org.sextant.engine.research.backtest.Execution;
import org.sextant.engine.research.backtest.StrategyBacktestKernel;

/**
 * Stop 54: next_open fills checked on real opens. Microsoft's first 21 daily bars of the sample
 * (timeSeries::MSFT, 2000-09-27 .. 2000-10-25, with the 13% gap of 2000-10-19) are traded by hand as
 * a broker account would be, in shares and cash: at each open the account is worth cash + shares x open,
 * the position is bought or sold to the target fraction of what is left after paying
 * (commission + slippage) x value traded (|target - weight held| of the value at the open), and the
 * account is valued again at the close. The kernel, which works in weights drifted from open to open,
 * must give the same returns and trades.
 */
class NextOpenRebalancingOnMsftTest {
    private static final int BARS = 21;
    private static final double RATE = 10 / 10_000.0;          // cost 7 + slippage 3 bps
    private static final double[][] OHLC = msft();
    private static final double[] OPEN = OHLC[0], CLOSE = OHLC[1];

    /** A broker account traded at each open to a fraction of its value: what the kernel is checked against. */
    private static final class Account {
        double cash = 1, shares, traded;

        /** Trades at the open to {@code target} of the value left after costs, unless the drift is within {@code band}. */
        void fill(double open, double target, double band) {
            double value = cash + shares * open, held = shares * open / value;
            traded = 0;
            if (target != 0 && Math.abs(held - target) <= band) return;
            traded = Math.abs(target - held);                  // of the value at the open
            double left = value * (1 - RATE * traded);
            shares = target * left / open;
            cash = left - shares * open;
        }

        double value(double price) {
            return cash + shares * price;
        }
    }

    @Test
    void halfOfEquityFilledAtEachOpenEarnsTheGapAtTheDriftedWeightAndPaysItsTradesBack() {
        double[] traded = new double[BARS];
        double[] r = StrategyBacktestKernel.returns(constant(0.5), OPEN, CLOSE, Execution.NEXT_OPEN, new Costs(7, 3), null, traded);
        Account account = new Account();
        double before = 1;
        for (int t = 1; t < BARS; t++) {
            account.fill(OPEN[t], 0.5, 0);
            double after = account.value(CLOSE[t]);
            assertEquals(after / before - 1, r[t], 1e-15, "bar " + t + ": close to close of the account");
            assertEquals(account.traded, traded[t], 1e-15, "bar " + t + ": traded back to half at the open");
            if (t > 1) assertTrue(account.traded > 1e-4, "MSFT's gap and intraday move drifted the half on bar " + t);
            before = after;
        }
        // 2000-10-19 opened 12.9% above the close before: half of equity had become 54% of it, the run's largest trade back
        for (int t = 2; t < BARS; t++) if (t != 16) assertTrue(traded[t] < traded[16], "bar " + t);
        assertTrue(traded[16] > 0.04, "traded " + traded[16] + " at the open of 2000-10-19");
    }

    @Test
    void allOfEquityFilledAtTheFirstOpenPaysItsEntryOnlyAndThenEarnsCloseToClose() {
        double[] traded = new double[BARS];
        double[] r = StrategyBacktestKernel.returns(constant(1), OPEN, CLOSE, Execution.NEXT_OPEN, new Costs(7, 3), null, traded);
        assertEquals((1 - RATE) * CLOSE[1] / OPEN[1] - 1, r[1], 1e-15, "bought at the first open, paying the rate once");
        assertEquals(1, traded[1], 0);
        for (int t = 2; t < BARS; t++) {
            assertEquals(0, traded[t], 0, "bar " + t);
            assertEquals(CLOSE[t] / CLOSE[t - 1] - 1, r[t], 1e-15, "bar " + t);
        }
    }

    @Test
    void aBandLeavesTheGapsDriftUntradedUntilItIsExceeded() {
        double band = 0.01;
        double[][] held = new double[1][BARS];
        double[] traded = new double[BARS];
        double[] r = StrategyBacktestKernel.returns(new double[][]{constant(0.5)}, new double[][]{OPEN}, new double[][]{CLOSE},
                Execution.NEXT_OPEN, new Costs(7, 3), band, held, null, traded);
        Account account = new Account();
        double before = 1;
        int kept = 0, tradedBack = 0;
        for (int t = 1; t < BARS; t++) {
            account.fill(OPEN[t], 0.5, band);
            double after = account.value(CLOSE[t]);
            assertEquals(after / before - 1, r[t], 1e-15, "bar " + t);
            assertEquals(account.traded, traded[t], 1e-15, "bar " + t);
            assertEquals(account.shares * OPEN[t] / account.value(OPEN[t]), held[0][t], 1e-15, "bar " + t + ": weight held from the open");
            if (t > 1 && account.traded == 0) kept++;
            if (t > 1 && account.traded > 0) tradedBack++;
            before = after;
        }
        assertTrue(kept >= 3 && tradedBack >= 3, "the band kept " + kept + " drifts and traded " + tradedBack + " back");
    }

    private static double[] constant(double weight) {
        double[] w = new double[BARS];
        Arrays.fill(w, weight);
        return w;
    }

    /** Opens and closes of the sample's MSFT.OHLCV (see docs/data.md), its first {@link #BARS} rows. */
    private static double[][] msft() {
        try (InputStream in = NextOpenRebalancingOnMsftTest.class.getResourceAsStream("/sample/MSFT.OHLCV.csv")) {
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            reader.readLine();
            double[][] oc = new double[2][BARS];
            for (int t = 0; t < BARS; t++) {
                String[] cells = reader.readLine().split(",");
                oc[0][t] = Double.parseDouble(cells[1]);
                oc[1][t] = Double.parseDouble(cells[4]);
            }
            return oc;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
