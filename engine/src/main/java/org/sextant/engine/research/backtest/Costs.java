package org.sextant.engine.research.backtest;

/**
 * Trading frictions in basis points of the value traded: commission plus slippage, charged on
 * every change of position (a full switch from 0 to 1 pays once, from -1 to 1 pays twice).
 */
public record Costs(double commissionBps, double slippageBps) {
    public static final Costs NONE = new Costs(0, 0);

    public Costs {
        if (!(commissionBps >= 0) || !(slippageBps >= 0)) {
            throw new IllegalArgumentException("costs must be non-negative basis points, got commission " + commissionBps + ", slippage " + slippageBps);
        }
    }

    /** Fraction of equity lost per unit of position traded. */
    public double perUnit() {
        return (commissionBps + slippageBps) / 10_000;
    }
}
