package org.sextant.engine.research.run;

import org.sextant.engine.research.sweep.SweepKernel;

/** Equity curves of single configurations of a sweep, replayed from the kernel (one configuration costs one pass). */
public final class RunCurves {
    private RunCurves() {}

    public static EquityCurve of(SweepKernel kernel, int configuration, int split, String role) {
        int bars = kernel.universe().bars();
        double[] ret = new double[bars];
        kernel.run(configuration, ret, new double[bars], new double[bars]);
        return EquityCurve.of(role, configuration, kernel.universe().dates(), ret, split);
    }
}
