package org.sextant.engine.research.store;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.ResultSet;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.ResearchData;
import org.sextant.engine.research.graph.ComposedGraph;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.stats.SharpeSpread;
import org.sextant.engine.research.sweep.HonestyReport;
import org.sextant.engine.research.sweep.ResearchSession;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.SweepResult;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;

class ResearchStoreTest {
    private static final String SPEC = """
            {"version": 1, "name": "sma", "nodes": {
              "close": {"type": "price"},
              "fast": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": [5, 10, 20]}},
              "slow": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": [50, 100]}},
              "cross": {"type": "crossover", "inputs": {"fast": "fast", "slow": "slow"}},
              "size": {"type": "fixed_fraction", "inputs": {"signal": "cross"}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"cost_bps": 5}}}}
            """;

    private static void withDow(Store store, int assets, int bars) {
        // one missing day for one symbol: dropped from the common dates
        ResearchData.insertDowJones(store, assets, bars, (a, t) -> a == 1 && t == 5);
    }

    /** The session read back keeps each bar interval's Sharpe ratios apart, for the DSR's V (attack 30, F2). */
    @Test
    void aSessionReadBackKeepsEachIntervalsSharpeRatiosApart(@TempSextant Store store) {
        withDow(store, 3, 600);
        ResearchStore rs = new ResearchStore(store);
        Universe daily = rs.universe(List.of("AA", "AXP", "T"), null, null);
        Universe bars = new Universe(daily.symbols(), daily.dates(), null, null, null, daily.close(),
                new org.sextant.engine.research.sweep.BarAxis("30m", "fx", 12_480), null);
        ComposedGraph g = GraphComposer.compose(SPEC).requireOk();
        int split = daily.indexOf(LocalDate.of(1993, 1, 4));
        ResearchSession session = rs.session("mixed");
        SweepResult onBars = Sweep.run(new GraphSweep(g, bars), split, 1, false, 12_480);
        rs.saveRun("bars", "sma", SPEC, onBars, HonestyReport.of(onBars, session, 12_480, 1), session);
        session = rs.session("mixed");
        SweepResult onDays = Sweep.run(new GraphSweep(g, daily), split, 1, false, 252);
        rs.saveRun("days", "sma", SPEC, onDays, HonestyReport.of(onDays, session, 252, 1), session);

        ResearchSession again = rs.session("mixed");
        assertEquals(12, again.configurations());
        assertEquals(6, again.trialSharpes("1d").count());
        assertEquals(6, again.trialSharpes("30m").count());
        assertEquals(6, again.trialsAtOtherIntervals("1d"));
        double[] sharpes = new double[6];
        for (int k = 0; k < 6; k++) sharpes[k] = SweepResult.comparableSharpe(onDays.inSample()[k]);
        assertEquals(SharpeSpread.of(sharpes).variance(), again.trialSharpes("1d").variance(), 1e-12);
    }

    @Test
    void aRunIsSavedWithTheSessionCountsAndReadBack(@TempSextant Store store) throws Exception {
        withDow(store, 3, 600);
        ResearchStore rs = new ResearchStore(store);
        Universe u = rs.universe(List.of("AA", "AXP", "T"), null, null);
        assertEquals(599, u.bars());
        assertNull(u.open());                                  // closes only in this store
        ComposedGraph g = GraphComposer.compose(SPEC).requireOk();
        ResearchSession session = rs.session("s1");
        SweepResult sweep = Sweep.run(new GraphSweep(g, u), u.indexOf(LocalDate.of(1993, 1, 4)), 1, false, 252);
        HonestyReport report = HonestyReport.of(sweep, session, 252, 1);
        rs.saveRun("r1", "sma", SPEC, sweep, report, session);

        ResearchSession again = rs.session("s1");
        assertEquals(1, again.runs());
        assertEquals(6, again.configurations());
        // the spread of the session's Sharpe ratios, the DSR's V, is read back from the configurations stored (attack 38, H1)
        double[] sharpes = new double[6];
        for (int k = 0; k < 6; k++) sharpes[k] = SweepResult.comparableSharpe(sweep.inSample()[k]);
        SharpeSpread expected = SharpeSpread.of(sharpes), read = again.trialSharpes("1d");
        assertEquals(6, read.count());
        assertEquals(expected.mean(), read.mean(), 1e-12);
        assertEquals(expected.variance(), read.variance(), 1e-12);
        assertEquals(0, rs.session("fresh").trialSharpes("1d").count());
        long rows = store.read(c -> count(c, "SELECT count(*) FROM run_configurations WHERE run_id = 'r1'"));
        assertEquals(12, rows);
        String verdict = store.read(c -> {
            try (ResultSet r = c.createStatement().executeQuery("SELECT verdict_text, session_configurations FROM strategy_runs WHERE run_id = 'r1'")) {
                r.next();
                assertEquals(6, r.getLong(2));
                return r.getString(1);
            }
        });
        assertEquals(report.verdict().headline(), verdict);

        // Saving the same run id again fails and changes nothing: no extra rows, same counts.
        HonestyReport second = HonestyReport.of(sweep, session, 252, 1);
        assertNotNull(second);
        assertThrows(SextantException.class, () -> rs.saveRun("r1", "sma", SPEC, sweep, second, session));
        assertEquals(12L, (long) store.read(c -> count(c, "SELECT count(*) FROM run_configurations")));
        assertEquals(6, rs.session("s1").configurations());
    }

    @Test
    void aRunListsItsConfigurationsAsTheChosenOneIsPicked(@TempSextant Store store) throws Exception {
        withDow(store, 3, 600);
        ResearchStore rs = new ResearchStore(store);
        Universe u = rs.universe(List.of("AA", "AXP", "T"), null, null);
        ComposedGraph g = GraphComposer.compose(SPEC).requireOk();
        ResearchSession session = rs.session("s1");
        SweepResult sweep = Sweep.run(new GraphSweep(g, u), u.indexOf(LocalDate.of(1993, 1, 4)), 1, false, 252);
        rs.saveRun("r1", "sma", SPEC, sweep, HonestyReport.of(sweep, session, 252, 1), session);
        // every configuration lost money in sample, one never traded (no Sharpe, volatility 0), one was ruined (nothing defined)
        store.inTransaction(c -> {
            c.createStatement().execute("UPDATE run_configurations SET sharpe = -1 - configuration / 10.0 WHERE run_id = 'r1' AND sample = 'in'");
            c.createStatement().execute("UPDATE run_configurations SET sharpe = NULL, volatility = 0 WHERE run_id = 'r1' AND sample = 'in' AND configuration = 4");
            c.createStatement().execute("UPDATE run_configurations SET sharpe = 'NaN'::DOUBLE, volatility = 'NaN'::DOUBLE WHERE run_id = 'r1' AND sample = 'in' AND configuration = 0");
            return null;
        });
        List<Long> order = rs.run("r1", true, false).configurations().stream().map(c -> (long) c.configuration()).toList();
        // as SweepResult.comparableSharpe ranks them: the one that never traded is cash (0), above every loss; the ruined one last
        assertEquals(List.of(4L, 1L, 2L, 3L, 5L, 0L), order);
    }

    @Test
    void unknownSymbolsAndBadDatesAreNamed(@TempSextant Store store) throws Exception {
        withDow(store, 2, 50);
        ResearchStore rs = new ResearchStore(store);
        assertEquals("symbols", assertThrows(SextantException.class, () -> rs.universe(List.of("AA", "ZZZ"), null, null)).field());
        assertEquals("from", assertThrows(SextantException.class,
                () -> rs.universe(List.of("AA"), LocalDate.of(2000, 1, 1), LocalDate.of(1999, 1, 1))).field());
        assertEquals("session_id", assertThrows(SextantException.class, () -> rs.session(" ")).field());
    }

    private static long count(java.sql.Connection c, String sql) throws Exception {
        try (ResultSet r = c.createStatement().executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    /** Whether a run reads daily prices is asked of the intervals the engine keeps between calls: a write is seen by the next run. */
    @Test
    void whetherARunReadsDailyPricesFollowsEveryWrite(@TempSextant Store store) {
        withDow(store, 3, 60);
        org.sextant.engine.data.BarReader kept = new org.sextant.engine.data.BarReader(store);
        ResearchStore rs = new ResearchStore(store, kept::storedIntervals);
        List<String> universe = List.of("AA", "ZZBARS");
        org.junit.jupiter.api.Assertions.assertTrue(rs.onDailyPrices(universe, org.sextant.engine.data.BarInterval.D1));
        write(store, "INSERT INTO bars VALUES ('ZZBARS', '1h', TIMESTAMP '2020-01-06 14:30', 1, 2, 0.5, 1.5, 10, 'test')");
        org.junit.jupiter.api.Assertions.assertFalse(rs.onDailyPrices(universe, org.sextant.engine.data.BarInterval.D1), "a symbol with bars only: read at its bars");
        write(store, "DELETE FROM bars WHERE symbol = 'ZZBARS'");
        org.junit.jupiter.api.Assertions.assertTrue(rs.onDailyPrices(universe, org.sextant.engine.data.BarInterval.D1), "and its deletion");
    }

    private static void write(Store store, String sql) {
        store.inTransaction(c -> {
            try (java.sql.Statement s = c.createStatement()) {
                return s.executeUpdate(sql);
            }
        });
    }
}
