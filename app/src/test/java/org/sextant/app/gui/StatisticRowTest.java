package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.app.gui.ResearchViewModel.StatisticRow;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.run.RunInfo;
import org.sextant.engine.research.run.RunStatistics;

/** A figure the returns cannot support reads "n/a" with the run's reason beside it (MinTRL said "never" for an undefined one). */
class StatisticRowTest {
    @Test
    void undefinedFiguresShowTheirReason() {
        double nan = Double.NaN;
        RunInfo info = new RunInfo("r", "s", "hold", null, List.of("JUMPX"), LocalDate.of(2010, 1, 4), LocalDate.of(2011, 7, 29),
                LocalDate.of(2011, 2, 1), 3, 3, "not significant", "not significant: …", 0.95, nan, nan, nan, "1d", 252, RunInfo.NOT_RECORDED);
        Metrics in = new Metrics(0.3, 0.5, 0.95, nan, 0, 0.1, 1, 0.004, 278), out = new Metrics(0, 0, nan, nan, 0, 0, 1, 0, 120);
        RunStatistics s = new RunStatistics(nan, nan, nan, nan, nan, 0.1, 0.1, 0.1, 0.99, "not significant", "not significant: …", List.of());
        List<String> warnings = List.of("out-of-sample Sharpe and Sortino are n/a: the chosen configuration's returns never vary there, so there is no ratio to take",
                "PSR, DSR and MinTRL are n/a: the chosen configuration's in-sample returns have 1 non-zero value, and these statistics need at least 24",
                "PBO is n/a: configurations tie: nothing was selected for CSCV to judge");
        List<StatisticRow> rows = StatisticRow.of(new RunDetail(info, "{}", 0, Map.of(), 0, in, out, s, warnings, List.of(), null, null, null, List.of()));
        assertEquals("0.950 / n/a (n/a: the chosen configuration's returns never vary there, so there is no ratio to take)", row(rows, "Sharpe IS / OOS"));
        assertEquals("n/a (n/a: the chosen configuration's in-sample returns have 1 non-zero value, and these statistics need at least 24)", row(rows, "MinTRL"));
        assertEquals("n/a (OOS n/a) (n/a: the chosen configuration's in-sample returns have 1 non-zero value, and these statistics need at least 24)", row(rows, "PSR"));
        assertEquals("n/a (n/a: configurations tie: nothing was selected for CSCV to judge)", row(rows, "PBO"));
    }

    /** A Sharpe ratio not above 0 has no MinTRL, however long the record: "never" says why (it stood alone), the tip the whole sentence. */
    @Test
    void neverSaysTheSharpeRatioIsNotAboveZero() {
        double nan = Double.NaN;
        RunInfo info = new RunInfo("r", "s", "sma", null, List.of("IBM"), LocalDate.of(1991, 1, 2), LocalDate.of(2001, 1, 2),
                LocalDate.of(1998, 1, 2), 1, 1, "not significant", "…", -0.4, -0.2, 0, nan, "1d", 252, RunInfo.NOT_RECORDED);
        Metrics in = new Metrics(-0.05, 0.2, -0.4, -0.5, -0.4, 50, 0.5, 0.48, 1770), out = new Metrics(-0.03, 0.2, -0.2, -0.3, -0.3, 50, 0.5, 0.49, 756);
        RunStatistics s = new RunStatistics(0.1, 0.3, 0, Double.POSITIVE_INFINITY, nan, 0, 0, 0, 0.9, "not significant", "…", List.of());
        List<String> warnings = List.of("MinTRL is n/a: the in-sample Sharpe ratio is not above 0, so no track record, however long, gives 95% confidence that it is");
        StatisticRow minTrl = StatisticRow.of(new RunDetail(info, "{}", 0, Map.of(), 0, in, out, s, warnings, List.of(), null, null, null, List.of()))
                .stream().filter(r -> r.name().equals("MinTRL")).findFirst().orElseThrow();
        assertEquals("never (the in-sample Sharpe ratio is not above 0)", minTrl.value());
        assertEquals(true, minTrl.meaning().endsWith("; " + warnings.get(0)), minTrl.meaning());
    }

    /** A run shows holding the same symbols beside the strategy: a Sharpe of 0.41 reads differently beside holding's 0.63. */
    @Test
    void holdingTheSameSymbolsStandsBesideTheStrategy() {
        double nan = Double.NaN;
        RunInfo info = new RunInfo("r", "s", "sma", null, List.of("IBM", "KO"), LocalDate.of(1991, 1, 2), LocalDate.of(2001, 1, 2),
                LocalDate.of(1998, 1, 2), 6, 6, "no timing skill", "…", 0.95, nan, nan, nan, "1d", 252, RunInfo.NOT_RECORDED);
        Metrics in = new Metrics(0.1, 0.15, 0.7, 1.0, -0.2, 5, 0.6, 0.52, 1770), out = new Metrics(0.05, 0.15, 0.41, 0.6, -0.25, 5, 0.6, 0.51, 756);
        Metrics holdIn = new Metrics(0.12, 0.18, 0.75, 1.1, -0.3, 0, 1, 0.53, 1770), holdOut = new Metrics(0.094, 0.2, 0.63, 0.9, -0.3, 0, 1, 0.52, 756);
        RunStatistics s = new RunStatistics(0.9, 0.8, 0.5, 3, 0.4, 0.1, 0.1, 0.1, 0.3, "no timing skill", "…", List.of());
        org.sextant.engine.research.run.Benchmark hold = new org.sextant.engine.research.run.Benchmark("IBM, KO held at 1/2 of equity each", holdIn, holdOut, 0.41 - 0.63);
        List<StatisticRow> rows = StatisticRow.of(new RunDetail(info, "{}", 0, Map.of(), 0, in, out, s, List.of(), List.of(), null, null, null, List.of(), hold));
        assertEquals("Sharpe 0.630, CAGR 9.4%; strategy -0.220", row(rows, "Holding (OOS)"));
        StatisticRow holding = rows.stream().filter(r -> r.name().equals("Holding (OOS)")).findFirst().orElseThrow();
        assertEquals(true, holding.meaning().contains("IBM, KO held at 1/2 of equity each"), holding.meaning());
        // after the strategy's own out-of-sample figures, which it is read against
        assertEquals(rows.indexOf(rows.stream().filter(r -> r.name().equals("CAGR / max DD (OOS)")).findFirst().orElseThrow()) + 1, rows.indexOf(holding));
        // a run stored before benchmarks has no such row
        assertEquals(false, StatisticRow.of(new RunDetail(info, "{}", 0, Map.of(), 0, in, out, s, List.of(), List.of(), null, null, null, List.of()))
                .stream().anyMatch(r -> r.name().equals("Holding (OOS)")));
    }

    private static String row(List<StatisticRow> rows, String name) {
        return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow().value();
    }
}
