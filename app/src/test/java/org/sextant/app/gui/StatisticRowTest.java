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
                LocalDate.of(2011, 2, 1), 3, 3, "not significant", "not significant: …", 0.95, nan, nan, nan, "1d", 252);
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

    private static String row(List<StatisticRow> rows, String name) {
        return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow().value();
    }
}
