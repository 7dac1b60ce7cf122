package org.sextant.engine.forecast.global;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * The workstation's global model reads only the closes that train it (attack 13 L2), and trains
 * on exactly what it trained on when it read every stored close: the same series, the same
 * closes, the same model file byte for byte.
 */
class TrainingClosesTest {
    /** CRC32 of the model file the read of every stored close (the code before 2026-12-05) trained on {@link #fill}'s store. */
    private static final long MODEL_BEFORE = 3_904_350_651L;

    /** The first 60% of every series that trains, whatever the store's size (no cap). */
    static final java.util.function.Function<int[], TrainingSample> WHOLE = counts -> GlobalPriceModels.sample(counts, GlobalPriceModels.config(20), Long.MAX_VALUE);

    @TempDir Path dir;

    @Test
    void readsTheTrainingPartOfEveryQualifyingSeriesAsTheWholeStoreReadGaveIt(@TempSextant Store store) {
        fill(store);
        List<double[]> whole = TrainingReadBench.wholeStoreRead(store, null);
        List<double[]> read = StoredPrices.trainingCloses(store, WHOLE);
        assertEquals(SERIES, whole.size(), "the long series with positive closes only");
        assertEquals(whole.size(), read.size());
        for (int i = 0; i < whole.size(); i++) assertArrayEquals(whole.get(i), read.get(i), 0.0, "series " + i);
    }

    @Test
    void overTheCapTheStoreHandsOverTheMostRecentClosesOfEachTrainingPartOrOfTheSeriesDrawn(@TempSextant Store store) {
        fill(store);
        List<double[]> whole = TrainingReadBench.wholeStoreSeries(store, null);
        for (long cap : new long[] {20_000, 5_000}) { // each series cut to its last ~160 closes; a draw of 42 series of 119
            java.util.function.Function<int[], TrainingSample> choose = counts -> GlobalPriceModels.sample(counts, GlobalPriceModels.config(20), cap);
            List<double[]> expected = GlobalPriceModelsTest.parts(whole, choose), read = StoredPrices.trainingCloses(store, choose);
            assertTrue(expected.stream().mapToLong(y -> y.length).sum() <= cap);
            assertEquals(expected.size(), read.size(), "series read under a cap of " + cap);
            for (int i = 0; i < read.size(); i++) assertArrayEquals(expected.get(i), read.get(i), 0.0, "series " + i + " under a cap of " + cap);
        }
    }

    @Test
    void trainsTheSameModelFileAsTheWholeStoreRead(@TempSextant Store store) throws Exception {
        fill(store);
        byte[] before = train(dir.resolve("before"), choose -> GlobalPriceModelsTest.parts(TrainingReadBench.wholeStoreSeries(store, null), choose));
        byte[] now = train(dir.resolve("now"), choose -> StoredPrices.trainingCloses(store, choose));
        assertArrayEquals(before, now, "the model file");
        CRC32 crc = new CRC32();
        crc.update(now);
        assertEquals(MODEL_BEFORE, crc.getValue(), "the model the code before this change trained");
    }

    @Test
    void readingAllocatesLittleMoreThanTheTrainingPartsNotEveryStoredClose(@TempSextant Store store) {
        long rows = 500_000;
        TrainingReadBench.fill(store, rows, 50, true);
        StoredPrices.trainingCloses(store, WHOLE); // classes loaded once
        com.sun.management.ThreadMXBean t = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = t.getCurrentThreadAllocatedBytes();
        List<double[]> read = StoredPrices.trainingCloses(store, WHOLE);
        long allocated = t.getCurrentThreadAllocatedBytes() - before;
        long parts = read.stream().mapToLong(y -> 8L * y.length).sum(); // 60% of the rows of 45 symbols: ~4.8 bytes a stored row
        // reading every close into boxed lists allocated ~250 bytes a stored row (docs/benchmarks.md)
        assertTrue(allocated < parts + 4 * rows, allocated + " bytes allocated for " + parts + " bytes of closes from " + rows + " rows");
    }

    @Test
    void theTrainingJobsCancelStopsTheReadBeforeItReadsTheCloses(@TempSextant Store store) {
        fill(store);
        java.util.concurrent.atomic.AtomicBoolean cancelled = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicInteger counted = new java.util.concurrent.atomic.AtomicInteger();
        // the cancel arrives while the first read (the qualifying symbols) is answered
        assertThrows(java.util.concurrent.CancellationException.class, () -> org.sextant.engine.jobs.Cancellation.watching(cancelled::get,
                () -> StoredPrices.trainingCloses(store, counts -> {
                    counted.addAndGet(counts.length);
                    cancelled.set(true);
                    return WHOLE.apply(counts);
                })));
        assertEquals(SERIES, counted.get(), "the symbols were counted, then the closes not read");
    }

    /** Long series that train; their calibration share is held out (at least 10 of them, so training and bands differ). */
    static final int SERIES = 120;

    /**
     * {@link #SERIES} random walks of 250..400 closes, inserted newest first and out of symbol
     * order, some with adjusted closes; beside them series that must not train: 249 closes, a zero
     * close, a negative adjusted close and a NaN one, each in the last 40% that training never reads.
     */
    static void fill(Store store) {
        Random r = new Random(42);
        store.inTransaction(c -> {
            try (DuckDBAppender a = c.unwrap(DuckDBConnection.class).createAppender("prices")) {
                for (int s = SERIES - 1; s >= 0; s--) {
                    double[] y = GlobalPriceModelsTest.walk(r.nextLong(), 250 + (s * 37) % 151);
                    append(a, "G" + (s * 7919 % 1000), y, s % 3 == 0 ? r : null, null);
                }
                append(a, "SHORT", GlobalPriceModelsTest.walk(1, 249), null, null);
                double[] zero = GlobalPriceModelsTest.walk(2, 300);
                zero[280] = 0;
                append(a, "ZERO", zero, null, null);
                append(a, "NEGADJ", GlobalPriceModelsTest.walk(3, 300), null, -1.0);
                append(a, "NANADJ", GlobalPriceModelsTest.walk(4, 300), null, Double.NaN);
                a.flush();
            }
            return null;
        });
    }

    /** Rows newest first; adjusted closes (a tenth below) on a random half of the rows when {@code adjusted} is given; {@code adj290} on row 290. */
    private static void append(DuckDBAppender a, String sym, double[] y, Random adjusted, Double adj290) throws Exception {
        LocalDate first = LocalDate.of(1990, 1, 1);
        for (int i = y.length - 1; i >= 0; i--) {
            a.beginRow().append(sym).append(first.plusDays(i)).appendNull().appendNull().appendNull().append(y[i]);
            if (i == 290 && adj290 != null) a.append(adj290.doubleValue());
            else if (adjusted != null && adjusted.nextBoolean()) a.append(y[i] * 0.9);
            else a.appendNull();
            a.appendNull().append("test").endRow();
        }
    }

    /** The bytes of the model trained from {@code closes}: the workstation's configuration at horizon 20, smaller networks and fewer steps. */
    static byte[] train(Path models, GlobalPriceModels.TrainingCloses closes) throws Exception {
        GlobalPriceModels m = new GlobalPriceModels(models, closes, () -> "fp",
                h -> GlobalPriceModels.config(h).withMembers(2).withHidden(16).withSteps(40));
        GlobalTraining t = m.train(20, GlobalPriceModelsTest.QUIET);
        assertEquals(SERIES, t.series());
        return Files.readAllBytes(Path.of(t.file()));
    }
}
