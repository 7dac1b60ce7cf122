package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A few analogues, or overlapping forward windows, give a headline that rests on few independent
 * outcomes: the answer says so (the attack pass found "Over 7 analogues ... 95% CI -4.00% to
 * -1.33%" said with full confidence). And a signal with no spread is not dropped silently.
 */
class AnalogueSampleSizeTest {
    private static final AnalogueMatcher MATCHER = new AnalogueMatcher(SampleData.signals(), false, false);

    @Test
    void overlappingWindowsShareTheirDaysAndWeightsCountAsKish() {
        int[] rows = {100, 105, 110};
        double[] equal = {1, 1, 1};
        assertEquals(3, WeightedStats.independentOutcomes(rows, equal, 5), 1e-12, "5-day windows 5 days apart share no day");
        // 20-day windows 5 and 10 days apart share 3/4 and 1/2 of their days: 9 / (3 + 2 * (0.75 + 0.5 + 0.75))
        assertEquals(9.0 / 7, WeightedStats.independentOutcomes(rows, equal, 20), 1e-12);
        double[] w = {1, 0.5, 0.25};
        assertEquals(1.75 * 1.75 / (1 + 0.25 + 0.0625), WeightedStats.independentOutcomes(rows, w, 3), 1e-12, "no overlap: Kish");
        assertEquals(0, WeightedStats.independentOutcomes(new int[0], new double[0], 20));
    }

    @Test
    void sevenAnaloguesOverTwentyDaysAreASmallSampleInTheHeadlineAndTheNotes() {
        AnalogueResponse r = MATCHER.match(Map.of("top_k", 7, "horizon", 20, "as_of", "1995-06-01"));
        Headline h = r.headline();
        assertEquals(r.forward20d().count(), h.sampleSize());
        assertTrue(h.sampleSize() >= 6, "7 analogues, the newest 20-day outcome may not be known yet: " + h.sampleSize());
        assertTrue(h.independentOutcomes() <= h.effectiveCount() + 1e-9, h.toString());
        String about = String.format(java.util.Locale.ROOT, "about %.1f independent outcomes", h.independentOutcomes());
        assertTrue(h.text().endsWith(" Small sample: " + about + " (fewer than 20), so the average, the share and the interval are rough."), h.text());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("small sample (20d: " + h.sampleSize() + " analogues, " + about)), r.notes().toString());
    }

    @Test
    void overlappingTwentyDayWindowsCountLessThanTheirAnalogues() {
        AnalogueResponse five = MATCHER.match(Map.of("top_k", 100, "horizon", 5, "as_of", "1995-06-01", "recency_half_life_days", 0));
        AnalogueResponse twenty = MATCHER.match(Map.of("top_k", 100, "horizon", 20, "as_of", "1995-06-01", "recency_half_life_days", 0));
        assertEquals(five.headline().effectiveCount(), five.headline().independentOutcomes(), 1e-9, "5-day windows of thinned analogues never overlap");
        assertTrue(twenty.headline().independentOutcomes() < twenty.headline().effectiveCount() - 1, twenty.headline().toString());
    }

    @Test
    void aLargeEvenSampleHasNoSmallSampleNote() {
        AnalogueResponse r = MATCHER.match(Map.of("top_k", 100, "horizon", 5, "as_of", "1995-06-01"));
        assertTrue(r.headline().independentOutcomes() > 20, r.headline().toString());
        assertFalse(r.headline().text().contains("Small sample"), r.headline().text());
        assertTrue(r.notes().stream().noneMatch(n -> n.startsWith("small sample")), r.notes().toString());
    }

    @Test
    void withoutAHorizonTheNoteNamesEachSmallHorizon() {
        AnalogueResponse r = MATCHER.match(Map.of("top_k", 7, "as_of", "1995-06-01"));
        String note = r.notes().stream().filter(n -> n.startsWith("small sample")).findFirst().orElseThrow();
        for (int h : DailySignals.HORIZONS) assertTrue(note.contains(h + "d: " + r.forward(h).count() + " analogues, about "), note);
    }

    @Test
    void aConstantUserSignalIsLeftOutOfTheMatchingWithANote() {
        UserSignalSeries monthly = ForwardFillTest.monthly(false);
        double[] constant = new double[monthly.values().length];
        Arrays.fill(constant, 0.25);
        String name = monthly.definition().name();
        DailySignals s = SampleData.signals().withUserSignals(List.of(new UserSignalSeries(monthly.definition(), monthly.dates(), constant, monthly.backfill())));
        AnalogueResponse r = new AnalogueMatcher(s, false, false).match(Map.of("as_of", "1998-09-30"));
        assertFalse(r.matchDimensions().contains(name), r.matchDimensions().toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith(name + ": the same value (0.25) on all ")
                && n.endsWith(" values over the eligible days before 1998-09-30, so no spread to match by; left out of the matching")), r.notes().toString());
    }
}
