package org.sextant.engine.forecast.global;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Training the global model of prices holds at most {@link TrainingSample#MAX_CLOSES} closes
 * whatever the store holds, says when it sampled, and trains as before on a store under the cap.
 */
class TrainingSampleTest {
    @TempDir Path dir;

    /** The workstation's configuration at horizon h (lookbacks 2h..4h), one small member: the read and the sample are what is tested. */
    private static GlobalConfig config(int h) {
        return GlobalPriceModels.config(h).withMembers(1).withHidden(8).withSteps(3);
    }

    @Test
    void aStoreOfFiveThousandSymbolsOfTenYearsTrainsHoldingAtMostTheCapAndSaysItSampled() throws Exception {
        SyntheticStore store = new SyntheticStore(5000, 2500); // 12.5 M closes, 7.5 M of them in the training parts
        GlobalTraining t = new GlobalPriceModels(dir, store, () -> "fp", TrainingSampleTest::config).train(20, GlobalPriceModelsTest.QUIET);
        long cap = 4_000_000; // 32 MB of closes, docs/forecast.md
        assertTrue(store.closesHandedOver <= cap, store.closesHandedOver + " closes held for training, over the cap of " + cap);
        assertNotNull(t.sample(), "the result says it sampled");
        assertEquals(5000L * (1500 - 20 - 3 + 1), t.sample().windowsInStore(), "every origin of every training part with 20 closes after it");
        assertTrue(t.sample().windows() < t.sample().windowsInStore(), t.sample().toString());
        assertEquals(store.closesHandedOver, t.sample().closesHeld());
        assertEquals(5000, t.series(), "every symbol trains, on its most recent closes");
        assertTrue(t.note().startsWith(String.format(java.util.Locale.ROOT, "trained on a sample: %,d of the %,d training windows",
                t.sample().windows(), t.sample().windowsInStore())), t.note());
    }

    @Test
    void aStoreUnderTheCapTrainsOnEveryCloseOfItsTrainingPartsAndTheSameModel() throws Exception {
        int[] lengths = {150, 600, 1500};
        TrainingSample s = TrainingSample.choose(lengths, config(20), 2250);
        assertFalse(s.sampled());
        for (int i = 0; i < lengths.length; i++) assertEquals(new TrainingSample.Part(0, lengths[i]), s.part(i));
        assertEquals(s.windowsOfAll(), s.windows());

        SyntheticStore under = new SyntheticStore(12, 1000), uncapped = new SyntheticStore(12, 1000);
        GlobalTraining capped = new GlobalPriceModels(dir.resolve("a"), under, () -> "fp", TrainingSampleTest::config, 12 * 600).train(20, GlobalPriceModelsTest.QUIET);
        GlobalTraining whole = new GlobalPriceModels(dir.resolve("b"), uncapped, () -> "fp", TrainingSampleTest::config, Long.MAX_VALUE).train(20, GlobalPriceModelsTest.QUIET);
        assertNull(capped.sample());
        assertNull(capped.note());
        assertArrayEquals(Files.readAllBytes(Path.of(whole.file())), Files.readAllBytes(Path.of(capped.file())), "the model file");
    }

    @Test
    void overTheCapEveryLongerSeriesKeepsTheSameNumberOfItsMostRecentCloses() {
        GlobalConfig c = GlobalConfig.forHorizon(5, 1).withLookbacks(10, 15, 20).withRecentOrigins(Integer.MAX_VALUE / 4);
        TrainingSample s = TrainingSample.choose(new int[] {100, 300, 1000, 2000}, c, 1500);
        assertTrue(s.sampled());
        assertEquals(List.of(new TrainingSample.Part(0, 100), new TrainingSample.Part(0, 300), new TrainingSample.Part(450, 1000),
                new TrainingSample.Part(1450, 2000)), List.of(s.part(0), s.part(1), s.part(2), s.part(3)));
        assertEquals(1500, s.closes());
        assertEquals(0, s.firstOrigin(s.part(0)), "a whole part draws as before");
        assertEquals(19, s.firstOrigin(s.part(2)), "a cut part draws where the longest lookback is observed");
        assertEquals((100 - 5 - 2) + (300 - 5 - 2) + 2 * (550 - 5 - 20 + 1), s.windows());
        assertEquals((100 - 5 - 2) + (300 - 5 - 2) + (1000 - 5 - 2) + (2000 - 5 - 2), s.windowsOfAll());
        TrainingSample recent = TrainingSample.choose(new int[] {100, 300, 1000, 2000}, c.withRecentOrigins(100), 1500);
        assertEquals((100 - 5 - 2) + 3 * 100, recent.windows(), "draws limited to the last 100 origins count no more");
    }

    @Test
    void whenEvenTheFewestClosesOfEverySeriesDoNotFitASeededDrawOfTheSeriesTrains() {
        GlobalConfig c = GlobalConfig.forHorizon(5, 1).withLookbacks(10, 15, 20);
        int[] lengths = new int[1000];
        Arrays.fill(lengths, 500);
        int least = TrainingSample.minimumPart(c); // 20 + 5 + 19: the calibration's 20 origins with full windows
        TrainingSample s = TrainingSample.choose(lengths, c, 10_000);
        assertEquals(10_000 / least, s.seriesRead());
        assertTrue(s.closes() <= 10_000);
        for (int i = 0; i < lengths.length; i++) if (s.part(i) != null) assertEquals(new TrainingSample.Part(500 - least, 500), s.part(i));
        TrainingSample again = TrainingSample.choose(lengths, c, 10_000), other = TrainingSample.choose(lengths, c.withMembers(4), 10_000);
        for (int i = 0; i < lengths.length; i++) assertEquals(s.part(i), again.part(i), "the same draw for the same seed");
        assertEquals(s.seriesRead(), other.seriesRead());
    }
}
