package org.sextant.engine.research.run;

import org.sextant.engine.research.backtest.Ruined;
import org.sextant.engine.research.sweep.SweepKernel;

/** Equity curves of single configurations of a sweep, replayed from the kernel (one configuration costs one pass). */
public final class RunCurves {
    private RunCurves() {}

    public static EquityCurve of(SweepKernel kernel, int configuration, int split, String role) {
        return replay(kernel, configuration, split, role).curve();
    }

    /** A configuration's curve and where the kernel found its equity ruined (null: never), from the one pass. */
    public record Replayed(EquityCurve curve, Ruined ruined) {}

    public static Replayed replay(SweepKernel kernel, int configuration, int split, String role) {
        int bars = kernel.universe().bars();
        double[] ret = new double[bars];
        Ruined ruined = kernel.run(configuration, ret, new double[bars], new double[bars]);
        return new Replayed(EquityCurve.of(role, configuration, kernel.universe().dates(), ret, split), ruined);
    }
}
