package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/** The combination check's kept reference distributions: the same answers as without them, and never kept across a data change. */
class NoveltyReferencesTest {

    /** Each call twice through a kept cache and through none: the same JSON, and the second round is served by the cache. */
    @Test
    void answersAreTheSameWithAndWithoutKeptReferences() {
        DailySignals s = NearestSelectionTest.synthetic(12_000, 6, 3, 0); // the first third backfill, a few gaps
        NoveltyReferences kept = new NoveltyReferences(NoveltyReferences.CAPACITY);
        AnalogueMatcher cached = new AnalogueMatcher(s, false, false, 0, kept);
        AnalogueMatcher plain = new AnalogueMatcher(s, false, false, 0, new NoveltyReferences(0));
        String a = s.date(s.size() - 1).toString(), b = s.date(s.size() - 700).toString();
        List<Map<String, Object>> calls = List.of(
                Map.of("as_of", a, "top_k", 20),
                Map.of("as_of", a, "top_k", 20, "backfill_weight", 0.0), // other searched days
                Map.of("as_of", a, "top_k", 20, "dim_trust", Map.of("s0", 3.0)), // same days and columns, other coefficients
                Map.of("as_of", b, "top_k", 20), // another cut
                Map.of("as_of", a, "signals_dict", Map.of("s0", 0.2, "s1", -0.1, "s2", 0.4)), // fewer columns
                Map.of("as_of", a, "signals_dict", Map.of("s0", 1.2, "s1", -1.2, "s2", 1.2, "s3", -1.2, "s4", 1.2, "s5", -1.2)));
        long firstRound = 0;
        for (int round = 0; round < 2; round++) {
            if (round == 1) firstRound = kept.hits(); // the last call's plan is the first's (same cut, columns, coefficients): one hit already
            for (Map<String, Object> call : calls) {
                AnalogueResponse r = cached.match(call);
                assertNotNull(r.novelty(), call.toString());
                assertEquals(Json.write(plain.match(call)), Json.write(r), "round " + round + ": " + call);
            }
        }
        assertEquals(calls.size(), kept.hits() - firstRound, "the second round is answered from the kept references");
    }

    /**
     * A re-imported user signal with the same values on other days (so the same spread, coefficients, cut and
     * columns): the service's next answer is a fresh matcher's, not the kept reference of the data before.
     */
    @Test
    void anImportIsNeverAnsweredFromTheReferencesOfTheDataBefore(@TempSextant Store store) throws Exception {
        SampleData.load(store);
        AnalogueService service = new AnalogueService(store);
        DailySignals nyse = SignalStore.load(store, "NYSE", AnalogueDefaults.BREADTH_UNIVERSE);
        int n = nyse.size(), cut = n - 1 - AnalogueDefaults.MAX_HORIZON - AnalogueDefaults.EMBARGO_DAYS;
        SplittableRandom rnd = new SplittableRandom(17);
        int[] before = new int[n];
        for (int i = 0; i < n; i++) before[i] = rnd.nextInt(5); // small integers: sums, and so the spread, are exact in any order
        int[] after = before.clone();
        for (int i = 1; i < cut; i++) after[i] = before[cut - i]; // the eligible days' values reversed, the first one kept
        SignalDefinition def = new SignalDefinition("analyst_score", SignalKind.NUMERIC, List.of(), List.of(), 1.0,
                "an analyst's daily score", SignalDefinition.USER);
        Map<String, Object> args = Map.of("top_k", 20);

        service.importSignal(csv(store, nyse, before), def, "live");
        AnalogueNovelty first = service.compareToHistory(args).novelty();
        service.importSignal(csv(store, nyse, after), def, "live");
        AnalogueNovelty second = service.compareToHistory(args).novelty();

        AnalogueNovelty fresh = new AnalogueMatcher(SignalStore.load(store, "NYSE", AnalogueDefaults.BREADTH_UNIVERSE)).match(args).novelty();
        assertNotEquals(first, fresh, "the reversed values change the check");
        assertEquals(fresh, second);
    }

    private static Path csv(Store store, DailySignals s, int[] values) throws Exception {
        List<String> lines = new ArrayList<>(List.of("date,value"));
        for (int i = 0; i < values.length; i++) lines.add(s.date(i) + "," + values[i]);
        return Files.write(store.stagingDir().resolve("analyst_score.csv"), lines);
    }
}
