package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Date;
import java.sql.PreparedStatement;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.TargetDates;
import org.sextant.engine.research.sweep.BarAxis;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * What a run and a forecast say of a symbol's week (stop 54, second review): one describer of a week for both, a weekday
 * symbol whose week changed named in the run's annualisation, and every daily backtest saying the week it annualised by.
 */
class WeekNotesTest {
    static final Set<DayOfWeek> SUN_THU = EnumSet.of(DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY);
    static final Set<DayOfWeek> SAT_WED = EnumSet.of(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY);
    static final Set<DayOfWeek> MON_FRI = EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY);

    /** {@code days} of the week from {@code from} to {@code to}, both included. */
    static List<LocalDate> dates(LocalDate from, LocalDate to, Set<DayOfWeek> days) {
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) if (days.contains(d.getDayOfWeek())) out.add(d);
        return out;
    }

    /** Sunday to Thursday until 2026-01-01, Monday to Friday from 2026-01-05 (as the UAE's markets moved in 2022). */
    static List<LocalDate> leftTheWeekend() {
        List<LocalDate> out = dates(LocalDate.of(2019, 1, 6), LocalDate.of(2026, 1, 1), SUN_THU);
        out.addAll(dates(LocalDate.of(2026, 1, 5), LocalDate.of(2026, 11, 27), MON_FRI));
        return out;
    }

    /** A 1%-a-day random walk on {@code dates}. */
    static void insertWalk(Store store, String symbol, List<LocalDate> dates, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        store.inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO prices(symbol, date, close, source) VALUES (?, ?, ?, 'test')")) {
                double close = 100;
                for (LocalDate d : dates) {
                    p.setString(1, symbol);
                    p.setDate(2, Date.valueOf(d));
                    p.setDouble(3, close);
                    p.addBatch();
                    close *= Math.exp(0.01 * Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble()));
                }
                p.executeBatch();
            }
            return null;
        });
    }

    /** A forecast's calendar said "Saturday to Thursday" of a week the run called irregular: both now say it the same way. */
    @Test
    void aForecastAndARunSayAnIrregularWeekAlike() {
        Set<DayOfWeek> sunThu = SUN_THU;
        List<LocalDate> flip = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2018, 1, 1); !d.isAfter(LocalDate.of(2024, 6, 30)); d = d.plusDays(1)) {
            if (((d.toEpochDay() + 719_163) / 35 % 2 == 1 ? SAT_WED : sunThu).contains(d.getDayOfWeek())) flip.add(d); // as the attack's FLIP.csv
        }
        String week = "some days of Saturday to Thursday, an irregular week";
        assertEquals(week + ", the days the series trades", TargetDates.of(flip).describe());
        assertEquals("annualised with 261 bars a year (1d: FLIP trades " + week + ", 261 dates a year)",
                BarAxis.byWeek(List.of("FLIP"), List.of(flip), flip, s -> false).annualisation());
    }

    /**
     * An irregular week's 20 steps were dated on the first 20 of its six days (3.3 weeks) with only "irregular" said: its 20th
     * close comes four weeks on at its 261 dates a year. The forecast says its dates are the earliest each step can fall on, and
     * when the last comes at its own rate; a regular week's calendar says nothing of it.
     */
    @Test
    void anIrregularWeeksForecastSaysItsDatesAreTheEarliestAndWhenItsLastStepComes() {
        List<org.sextant.engine.data.PriceBar> bars = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2018, 1, 1); !d.isAfter(LocalDate.of(2024, 6, 30)); d = d.plusDays(1)) {
            if (((d.toEpochDay() + 719_163) / 35 % 2 == 1 ? SAT_WED : SUN_THU).contains(d.getDayOfWeek())) {
                bars.add(new org.sextant.engine.data.PriceBar(d, null, null, null, 100 + bars.size() % 7, null, null));
            }
        }
        org.sextant.engine.forecast.PriceForecast f = org.sextant.engine.forecast.PriceForecast.of(org.sextant.engine.forecast.ForecastModels.BUILT_IN,
                org.sextant.engine.data.PriceSeries.of("FLIP", null, null, bars), "naive", 20, new double[] {0.8});
        LocalDate last = bars.get(bars.size() - 1).date();
        assertEquals(LocalDate.of(2024, 7, 23), f.targetDates().get(19), "the earliest: 20 of its six days a week");
        assertEquals("some days of Saturday to Thursday, an irregular week, the days the series trades; its 20 steps are dated on the earliest days "
                + "they can fall: at its 261 dates a year the 20th close comes about " + last.plusDays(28), f.calendar());
        List<org.sextant.engine.data.PriceBar> regular = new ArrayList<>();
        for (LocalDate d : dates(LocalDate.of(2018, 1, 7), LocalDate.of(2024, 6, 27), SUN_THU)) {
            regular.add(new org.sextant.engine.data.PriceBar(d, null, null, null, 100 + regular.size() % 7, null, null));
        }
        assertEquals("Sunday to Thursday, the days the series trades", org.sextant.engine.forecast.PriceForecast.of(org.sextant.engine.forecast.ForecastModels.BUILT_IN,
                org.sextant.engine.data.PriceSeries.of("TASI", null, null, regular), "naive", 20, new double[] {0.8}).calendar());
    }

    /** A weekday symbol whose week changed was annualised with no word of it; one that trades on a weekend day was. */
    @Test
    void aRunSaysWhenAWeekdaySymbolsWeekChanged() {
        List<LocalDate> adx = leftTheWeekend();
        String change = "ADX's week changed: it last traded a Sunday on 2025-12-28, and is read from 2025-12-29 on";
        BarAxis alone = BarAxis.byWeek(List.of("ADX"), List.of(adx), adx, s -> false);
        assertEquals("annualised with 252 bars a year (1d: ADX trades on weekdays; " + change + ")", alone.annualisation());
        assertFalse(alone.plainDaily(), "a verdict states the change as it states a weekend market's");
        List<LocalDate> ibm = dates(LocalDate.of(2019, 1, 7), LocalDate.of(2026, 11, 27), MON_FRI);
        List<LocalDate> shared = new ArrayList<>(adx);
        shared.retainAll(ibm);
        BarAxis both = BarAxis.byWeek(List.of("IBM", "ADX"), List.of(ibm, adx), shared, s -> false);
        assertEquals("annualised with 252 bars a year (1d: IBM, ADX trade on weekdays; " + change + ")", both.annualisation(), "said once, of ADX only");
    }

    /**
     * A scan row says a weekday symbol's change of week as a run does (its horizon is business days either way), nothing of a
     * weekday symbol that kept its week, and an every-day symbol's calendar days.
     */
    @Test
    void aScanRowSaysAWeekdaySymbolsChangeAndAnEveryDaySymbolsDays() {
        assertEquals("its week changed: it last traded a Sunday on 2025-12-28, and is read from 2025-12-29 on",
                org.sextant.engine.forecast.ForecastScan.weekNote(leftTheWeekend(), 20));
        assertEquals(null, org.sextant.engine.forecast.ForecastScan.weekNote(dates(LocalDate.of(2019, 1, 7), LocalDate.of(2026, 11, 27), MON_FRI), 20));
        assertEquals("5 calendar days", org.sextant.engine.forecast.ForecastScan.weekNote(dates(LocalDate.of(2024, 1, 1), LocalDate.of(2026, 11, 27),
                EnumSet.allOf(DayOfWeek.class)), 5));
    }

    /** A run over many weekday symbols names five and counts the rest, so its sentence stays a line. */
    @Test
    void aRunOverManyWeekdaySymbolsNamesFiveAndCountsTheRest() {
        List<LocalDate> days = dates(LocalDate.of(2024, 1, 1), LocalDate.of(2025, 12, 31), MON_FRI);
        List<String> symbols = List.of("AA", "AXP", "BA", "C", "CAT", "DD", "DIS");
        BarAxis seven = BarAxis.byWeek(symbols, symbols.stream().map(s -> days).toList(), days, s -> false);
        assertEquals("annualised with 252 bars a year (1d: AA, AXP, BA, C, CAT and 2 more trade on weekdays)", seven.annualisation());
    }

    /** Attack 28, F5: 30 symbols whose weeks changed made a verdict of 3,000 characters; two are said in full, the rest counted. */
    @Test
    void aRunSaysTwoWeekChangesInFullAndCountsTheRest() {
        List<LocalDate> adx = leftTheWeekend();
        List<String> symbols = List.of("WC0", "WC1", "WC2", "WC3");
        BarAxis four = BarAxis.byWeek(symbols, symbols.stream().map(s -> adx).toList(), adx, s -> false);
        String change = "week changed: it last traded a Sunday on 2025-12-28, and is read from 2025-12-29 on";
        assertEquals("annualised with 252 bars a year (1d: WC0, WC1, WC2, WC3 trade on weekdays; WC0's " + change + "; WC1's " + change
                + "; and the weeks of 2 more weekday symbols changed)", four.annualisation());
    }

    /** A backtest of weekday symbols said "(1d)": now the week it annualised by; its verdict reads as it always did. */
    @Test
    void aBacktestSaysTheWeekItAnnualisedBy(@TempSextant Store store) {
        insertWalk(store, "RWA", dates(LocalDate.of(2019, 1, 7), LocalDate.of(2026, 11, 27), MON_FRI), 1);
        insertWalk(store, "ADX", leftTheWeekend(), 2);
        ResearchService research = new ResearchService(store);
        StrategyRunSummary rwa = DailyAnnualisationTest.run(research, List.of("RWA"), LocalDate.of(2024, 1, 2));
        assertEquals(252, rwa.barsPerYear());
        assertEquals("annualised with 252 bars a year (1d: RWA trades on weekdays)", rwa.annualisation());
        assertFalse(rwa.verdictText().contains("annualised"), rwa.verdictText());
        StrategyRunSummary adx = DailyAnnualisationTest.run(research, List.of("ADX"), LocalDate.of(2024, 1, 2));
        assertEquals("annualised with 252 bars a year (1d: ADX trades on weekdays; ADX's week changed: it last traded a Sunday on 2025-12-28, "
                + "and is read from 2025-12-29 on)", adx.annualisation());
        assertTrue(adx.verdictText().endsWith(adx.annualisation()), adx.verdictText());
    }
}
