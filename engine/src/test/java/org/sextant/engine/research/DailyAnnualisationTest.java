package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Date;
import java.sql.PreparedStatement;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 38, H3: daily prices of a market trading 7 days a week (1,500 consecutive calendar
 * days) were annualised with 252 bars a year, a year's CAGR taken over 252 of its 365 days and
 * the volatility scaled by sqrt(252). Daily annualisation now follows the symbols' week.
 */
class DailyAnnualisationTest {
    static final String ALWAYS_LONG = """
            {"version": 1, "name": "hold", "nodes": {
              "close": {"type": "price"},
              "r": {"type": "returns", "inputs": {"series": "close"}, "params": {"bars": 1}},
              "sig": {"type": "threshold", "inputs": {"series": "r"}, "params": {"enter_below": 1000, "exit_above": 2000}},
              "size": {"type": "fixed_fraction", "inputs": {"signal": "sig"}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"cost_bps": 0}}}}
            """;

    /** 1,500 closes of a 1%-a-day random walk, on every calendar day or on weekdays only. */
    static void insertWalk(Store store, String symbol, boolean weekends, long seed) {
        insertWalk(store, symbol, weekends ? EnumSet.allOf(DayOfWeek.class) : EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY), seed);
    }

    /** 1,500 closes of a 1%-a-day random walk on {@code days} of the week. */
    static void insertWalk(Store store, String symbol, Set<DayOfWeek> days, long seed) {
        insertWalk(store, symbol, days, seed, 0);
    }

    /** As above, {@code drift} added to each day's log return. */
    static void insertWalk(Store store, String symbol, Set<DayOfWeek> days, long seed, double drift) {
        SplittableRandom rnd = new SplittableRandom(seed);
        store.inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO prices(symbol, date, close, source) VALUES (?, ?, ?, 'test')")) {
                LocalDate d = LocalDate.of(2010, 1, 4);
                double close = 100;
                for (int n = 0; n < 1500; d = d.plusDays(1)) {
                    if (!days.contains(d.getDayOfWeek())) continue;
                    p.setString(1, symbol);
                    p.setDate(2, Date.valueOf(d));
                    p.setDouble(3, close);
                    p.addBatch();
                    close *= Math.exp(drift + 0.01 * Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble()));
                    n++;
                }
                p.executeBatch();
            }
            return null;
        });
    }

    static StrategyRunSummary run(ResearchService research, List<String> symbols, LocalDate oosStart) {
        return research.runStrategy(new StrategyRunRequest("annual", ALWAYS_LONG, symbols, null, null, oosStart, 1));
    }

    @Test
    void aSevenDayMarketIsAnnualisedWith365DaysAndAWeekdayOneWith252(@TempSextant Store store) {
        insertWalk(store, "WKND", true, 1);
        insertWalk(store, "RWA", false, 2);
        ResearchService research = new ResearchService(store);

        StrategyRunSummary week = run(research, List.of("WKND"), LocalDate.of(2012, 6, 1));
        assertEquals(365, week.barsPerYear());
        assertEquals("annualised with 365 bars a year (1d: WKND's dates include weekends)", week.annualisation());
        assertTrue(week.verdictText().endsWith(week.annualisation()), week.verdictText());
        // 1% a day over 365 days a year: about 19% a year, where 252 said 16%
        assertEquals(0.01 * Math.sqrt(365), week.inSample().volatility(), 0.015);

        StrategyRunSummary weekdays = run(research, List.of("RWA"), LocalDate.of(2014, 1, 2));
        assertEquals(252, weekdays.barsPerYear());
        assertEquals("annualised with 252 bars a year (1d: RWA trades on weekdays)", weekdays.annualisation());
        assertEquals(0.01 * Math.sqrt(252), weekdays.inSample().volatility(), 0.012);

        // together they share weekdays only: 252, and the run says which symbol trades on weekends
        StrategyRunSummary mixed = run(research, List.of("WKND", "RWA"), LocalDate.of(2013, 1, 2));
        assertEquals(252, mixed.barsPerYear());
        assertEquals("annualised with 252 bars a year (1d: WKND's dates include weekends, but RWA trades on weekdays,"
                + " and the run reads the dates all share)", mixed.annualisation());
        assertTrue(mixed.verdictText().endsWith(mixed.annualisation()), mixed.verdictText());
    }

    /** Attack 24, M1: a Sunday-to-Thursday market (Tadawul) was annualised with 365 bars, its Sharpe ratio 18% too high. */
    @Test
    void aFiveOrSixDayWeekWithASundayIsAnnualisedWithItsOwnDatesAYear(@TempSextant Store store) {
        insertWalk(store, "TASI", EnumSet.of(DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY), 4);
        insertWalk(store, "EURUSD", EnumSet.complementOf(EnumSet.of(DayOfWeek.SATURDAY)), 5);
        ResearchService research = new ResearchService(store);
        StrategyRunSummary tasi = run(research, List.of("TASI"), LocalDate.of(2014, 1, 5));
        assertEquals(261, tasi.barsPerYear());
        assertEquals("annualised with 261 bars a year (1d: TASI trades Sunday to Thursday, 261 dates a year)", tasi.annualisation());
        assertEquals(0.01 * Math.sqrt(261), tasi.inSample().volatility(), 0.013);
        StrategyRunSummary fx = run(research, List.of("EURUSD"), LocalDate.of(2014, 1, 5));
        assertEquals(313, fx.barsPerYear());
        assertEquals("annualised with 313 bars a year (1d: EURUSD trades Sunday to Friday, 313 dates a year)", fx.annualisation());
    }

    @Test
    void aSymbolOnTheContinuousSessionIsAnnualisedWith365Days(@TempSextant Store store) {
        insertWalk(store, "BTC", false, 3);
        store.inTransaction(c -> {
            try (var st = c.createStatement()) {
                st.execute("INSERT INTO symbol_sessions(symbol, session) VALUES ('BTC', 'continuous')");
            }
            return null;
        });
        StrategyRunSummary s = run(new ResearchService(store), List.of("BTC"), LocalDate.of(2014, 1, 2));
        assertEquals(365, s.barsPerYear());
        assertEquals("annualised with 365 bars a year (1d: BTC is on the continuous session)", s.annualisation());
    }
}
