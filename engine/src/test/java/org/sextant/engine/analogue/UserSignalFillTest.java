package org.sextant.engine.analogue;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.store.Store;

/**
 * A monthly user signal (KO's month-end 20-day return, from real Dow 30 closes) in the matcher:
 * max_fill_days decides which days carry it, the answer says when the query lost it or carried
 * it, and nothing after the as-of date leaks in.
 */
class UserSignalFillTest {
    private static final String NAME = "ko_month_end";

    private static DailySignals withMonthly(int maxFill) {
        UserSignalSeries m = ForwardFillTest.monthly(false);
        UserSignalSeries s = new UserSignalSeries(m.definition().withMaxFillDays(maxFill), m.dates(), m.values(), m.backfill());
        return SampleData.signals().withUserSignals(List.of(s));
    }

    // One matcher per fill limit for the class: a matcher is immutable, and its conformal history (most of a call's
    // time) is built once per knob set instead of once per test.
    private static AnalogueMatcher month, week;

    private static synchronized AnalogueMatcher monthMatcher() {
        if (month == null) month = new AnalogueMatcher(withMonthly(23));
        return month;
    }

    private static synchronized AnalogueMatcher weekMatcher() {
        if (week == null) week = new AnalogueMatcher(withMonthly(5));
        return week;
    }

    @Test
    void theQueryCarriesAFreshValueAndDropsAStaleOneWithANote() {
        // 2000-06-15: the last observation is 2000-05-31, eleven business days before.
        Map<String, Object> args = Map.of("as_of", "2000-06-15", "horizon", 5);
        AnalogueResponse month = monthMatcher().match(args);
        assertTrue(month.matchDimensions().contains(NAME), month.matchDimensions().toString());
        assertTrue(month.notes().contains(NAME + ": carried forward from 2000-05-31 (11 business days; max_fill_days 23)"), month.notes().toString());

        AnalogueResponse week = weekMatcher().match(args);
        assertFalse(week.matchDimensions().contains(NAME));
        assertTrue(week.notes().contains(NAME + ": last observed 2000-05-31, 11 business days before 2000-06-15, beyond its max_fill_days of 5;"
                + " left out of the query"), week.notes().toString());
        // Without the user dimension the answer is the builtin one, apart from the version and the note.
        AnalogueResponse builtin = SampleData.matcher().match(args);
        assertEquals(builtin.matchDimensions(), week.matchDimensions());
        // The analogues and their outcomes; the conformal bands differ, calibrated on each registry's own past answers.
        assertEquals(Json.write(builtin.forward5d().withCalibration(null)), Json.write(week.forward5d().withCalibration(null)));
    }

    @Test
    void historyDaysBeyondTheLimitAreSkippedAndCounted() {
        Map<String, Object> q = Map.of("signals_dict", Map.of(NAME, 0.05, "rsi_14", 55), "top_k", 50, "include_analogue_dates", true);
        DailySignals s = weekMatcher().signals();
        AnalogueResponse r = weekMatcher().match(q);
        int col = s.registry().column(NAME);
        int missing = 0;
        for (int i = 0; i < r.eligibleHistoryDays(); i++) if (Double.isNaN(s.value(i, col))) missing++;
        assertTrue(missing > 0);
        assertTrue(r.notes().contains(NAME + ": " + missing + " of " + r.eligibleHistoryDays()
                + " eligible days have no value (none observed within max_fill_days 5) and were skipped"), r.notes().toString());
        // Every analogue is a month end or at most five business days after one.
        List<LocalDate> ends = Arrays.asList(ForwardFillTest.monthly(false).dates());
        for (AnalogueDate a : r.analogueDates()) {
            LocalDate last = s.lastObserved(NAME, s.rowOf(a.date()));
            assertTrue(ends.contains(last) && ForwardFill.businessDaysBetween(last, a.date()) <= 5, a.date().toString());
        }
        AnalogueResponse month = monthMatcher().match(q);
        assertNotEquals(r.distanceMean(), month.distanceMean(), "a longer fill gives more candidate days");
    }

    @Test
    void theAnswerAsOfADateIgnoresPricesAndObservationsAfterIt() {
        // 1998-10-08 is mid-month: a backward fill would show October's month-end value on it.
        LocalDate asOf = LocalDate.of(1998, 10, 8);
        DailySignals full = monthMatcher().signals();
        int row = full.rowOf(asOf);
        UserSignalSeries m = ForwardFillTest.monthly(false);
        int known = 0;
        while (known < m.dates().length && !m.dates()[known].isAfter(asOf)) known++;
        UserSignalSeries past = new UserSignalSeries(m.definition().withMaxFillDays(23), Arrays.copyOf(m.dates(), known),
                Arrays.copyOf(m.values(), known), Arrays.copyOf(m.backfill(), known));
        AnalogueMatcher truncated = new AnalogueMatcher(SampleData.compute(SampleData.head(SampleData.nyse(), row + 1), SampleData.dow()).withUserSignals(List.of(past)));
        for (String mode : List.of("soft", "hard", "hybrid")) {
            Map<String, Object> args = Map.of("mode", mode, "horizon", 5, "as_of", asOf.toString(), "include_analogue_dates", true);
            AnalogueResponse withFuture = monthMatcher().match(args);
            assertTrue(withFuture.matchDimensions().contains(NAME));
            assertEquals(Json.write(truncated.match(args)), Json.write(withFuture), mode);
        }
    }

    @Test
    void dimTrustOnAUserSignalChangesTheDistances() {
        AnalogueMatcher m = monthMatcher();
        Map<String, Object> q = Map.of(NAME, 0.05, "rsi_14", 55, "vol_20d", 0.15);
        AnalogueResponse heavy = m.match(Map.of("signals_dict", q, "dim_trust", Map.of(NAME, 5), "include_analogue_dates", true));
        AnalogueResponse flat = m.match(Map.of("signals_dict", q, "dim_trust", Map.of(), "include_analogue_dates", true));
        assertEquals(5.0, heavy.dimWeights().get(NAME));
        assertEquals(1.0, flat.dimWeights().get(NAME));
        assertNotEquals(heavy.analogueDates().stream().map(AnalogueDate::date).toList(), flat.analogueDates().stream().map(AnalogueDate::date).toList());
    }

    @Test
    void theFillLimitIsStoredWithTheDefinitionAndChangesTheMatcherVersion(@TempDir Path dir, @TempSextant Store store) throws Exception {
        SampleData.load(store);
        UserSignalSeries m = ForwardFillTest.monthly(true);
        List<String> lines = new ArrayList<>(List.of("date,value"));
        for (int i = 0; i < m.dates().length; i++) lines.add(m.dates()[i] + "," + m.values()[i]);
        Path csv = dir.resolve("ko_month_end.csv");
        Files.write(csv, lines);
        AnalogueService service = new AnalogueService(store);

        service.importSignal(csv, m.definition(), "backfill");
        SignalDefinition byDefault = service.signalDefinitions("NYSE").stream().filter(d -> d.name().equals(NAME)).findFirst().orElseThrow();
        assertEquals(SignalDefinition.DEFAULT_MAX_FILL_DAYS, byDefault.maxFillDays());
        assertEquals(5, Json.MAPPER.readTree(Json.write(byDefault)).get("max_fill_days").asInt(), "list_signals shows the limit");
        String v5 = service.compareToHistory(Map.of()).matcherVersion();

        service.importSignal(csv, m.definition().withMaxFillDays(23), "backfill");
        DailySignals s = SignalStore.load(store, "NYSE", AnalogueDefaults.BREADTH_UNIVERSE);
        assertEquals(23, s.registry().get(NAME).maxFillDays());
        assertNotEquals(v5, service.compareToHistory(Map.of()).matcherVersion());
        // Carried rows keep the backfill mark of their observation.
        int mid = s.rowOf(LocalDate.of(1998, 10, 8));
        assertFalse(Double.isNaN(s.value(mid, s.registry().column(NAME))));
        assertTrue(s.backfill(mid));
    }
}
