package org.sextant.engine.forecast.global;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.CRC32;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A stored global model file that was damaged or crafted is refused with the model error saying
 * what is wrong, before anything is allocated for it, and training replaces it. Most damage is
 * resealed (checksum recomputed) so each field check is exercised on its own.
 */
class GlobalModelFileTest {
    // the small configuration's layout: magic, format, crc, then horizon, lookback count, 1 lookback, ...
    private static final int FORMAT_AT = 4, HORIZON_AT = 12, LOOKBACK_AT = 20, MEMBERS_AT = 24, HIDDEN_AT = 28;
    private static final int MLP_AT = MEMBERS_AT + 20 + 8 + 4 + 8 + 8 + 4 + 1; // layer count, 5 sizes, then weights
    private static final int WEIGHTS_AT = MLP_AT + 4 + 4 * 5;

    @TempDir Path dir;
    private final Map<String, double[]> closes = new LinkedHashMap<>();
    private Path file;
    private byte[] good;

    @BeforeEach
    void trainASmallModel() throws Exception {
        for (int s = 0; s < 4; s++) closes.put("S" + s, GlobalPriceModelsTest.walk(s, 300));
        models().train(20, GlobalPriceModelsTest.QUIET);
        file = dir.resolve("global-h20-aaaa.sxgm");
        good = Files.readAllBytes(file);
    }

    private GlobalPriceModels models() {
        return GlobalPriceModelsTest.small(dir, () -> closes, () -> "aaaa");
    }

    @Test
    void aHugeLookbackOrCountIsRefusedBeforeAnythingIsAllocated() throws Exception {
        assertRefused(sealed(b -> b.putInt(LOOKBACK_AT, 1_000_000_000)), "lookback number 1 is outside 1..4095");
        assertRefused(sealed(b -> b.putInt(MEMBERS_AT, Integer.MAX_VALUE)), "the member count is outside 1..64");
        assertRefused(sealed(b -> b.putInt(HORIZON_AT, 10_000)), "the horizon is outside 1..1000");
        assertRefused(sealed(b -> b.putInt(MLP_AT + 4, 4096)), "the layer sizes of member 1 do not match the header");
        // a consistent but huge network: counted against the file's length, not allocated (2048² doubles per layer)
        byte[] big = sealed(b -> {
            b.putInt(HIDDEN_AT, 2048);
            for (int i = 1; i <= 3; i++) b.putInt(MLP_AT + 4 + 4 * i, 2048);
        });
        assertRefused(big, "the file ends early (truncated or partly copied): expected at least " + (WEIGHTS_AT + 11 * 2048 * 8) + " bytes");
    }

    @Test
    void aZeroOrNegativeLookbackOrHorizonIsTheModelErrorNotABug() throws Exception {
        assertRefused(sealed(b -> b.putInt(LOOKBACK_AT, 0)), "lookback number 1 is outside 1..4095");
        assertRefused(sealed(b -> b.putInt(LOOKBACK_AT, -5)), "lookback number 1 is outside 1..4095");
        assertRefused(sealed(b -> b.putInt(HORIZON_AT, 0)), "the horizon is outside 1..1000");
        assertRefused(sealed(b -> b.putInt(LOOKBACK_AT, 9)), "the layer sizes of member 1 do not match the header");
    }

    @Test
    void nonFiniteWeightsOrResidualsAndAChangedBodyAreRefused() throws Exception {
        assertRefused(sealed(b -> b.putDouble(WEIGHTS_AT, Double.NaN)), "the weights of member 1 holds a value that is not a finite number");
        assertRefused(sealed(b -> b.putDouble(WEIGHTS_AT + 8, Double.POSITIVE_INFINITY)), "the weights of member 1 holds a value that is not a finite number");
        assertRefused(sealed(b -> b.putDouble(b.capacity() - 8, Double.NaN)), "the residuals of step 20 holds a value that is not a finite number");
        assertRefused(sealed(b -> b.putDouble(b.capacity() - 8, -1)), "the residuals of step 20 are not sorted absolute errors");
        byte[] edited = good.clone(); // a plausible weight, checksum left as it was
        ByteBuffer.wrap(edited).putDouble(WEIGHTS_AT, 1e6);
        assertRefused(edited, "its checksum does not match its content (the file was changed or damaged)");
    }

    @Test
    void aTruncatedFileSaysItEndsEarlyAndExtraBytesAreRefused() throws Exception {
        String half = "the file ends early (truncated or partly copied): expected at least ";
        assertRefused(Arrays.copyOf(good, good.length / 2), half);
        assertTrue(refusal(Arrays.copyOf(good, good.length / 2)).endsWith("bytes, it has " + good.length / 2 + ")"));
        assertRefused(Arrays.copyOf(good, 30), "expected at least 32 bytes, it has 30");
        assertRefused(Arrays.copyOf(good, good.length + 7), "the file has 7 bytes after the model");
    }

    @Test
    void anotherFormatSaysWhichVersionWroteIt() throws Exception {
        assertRefused(sealed(b -> b.putInt(FORMAT_AT, 2)), "it was written by an earlier version of Sextant");
        assertRefused(sealed(b -> b.putInt(FORMAT_AT, 4)), "it was written by a newer version of Sextant");
        assertRefused(sealed(b -> b.putInt(0, 7)), "it is not a Sextant global model");
    }

    /** A damaged file of a horizon nobody trains is moved aside (kept) by the next training of any horizon, said in its note. */
    @Test
    void trainingMovesAsideADamagedFileOfAnotherHorizon() throws Exception {
        Path other = dir.resolve("global-h40-aaaa.sxgm");
        byte[] cut = Arrays.copyOf(good, good.length / 2);
        Files.write(other, cut);
        GlobalPriceModels m = models();
        assertTrue(assertThrows(SextantException.class, () -> m.current(30)).getMessage().contains("global-h40-aaaa.sxgm cannot be read"));
        GlobalTraining again = m.train(20, GlobalPriceModelsTest.QUIET);
        assertTrue(again.reused(), "the intact model of its own horizon is still reused");
        assertTrue(again.note() != null && again.note().startsWith("a damaged model of another horizon was moved aside: global-h40-aaaa.sxgm.damaged-")
                && again.note().contains(" (the file ends early (truncated or partly copied)"), again.note());
        assertFalse(Files.exists(other));
        try (var aside = Files.list(dir)) {
            Path kept = aside.filter(p -> p.getFileName().toString().startsWith("global-h40-aaaa.sxgm.damaged-")).findFirst().orElseThrow();
            assertArrayEquals(cut, Files.readAllBytes(kept), "kept as it was");
        }
        assertTrue(assertThrows(SextantException.class, () -> m.current(30)).getMessage().startsWith("the global model has not been trained"));
        assertNull(m.train(20, GlobalPriceModelsTest.QUIET).note(), "nothing more to say");
    }

    @Test
    void trainingReplacesADamagedFileInsteadOfReusingIt() throws Exception {
        store(sealed(b -> b.putInt(LOOKBACK_AT, 1_000_000_000)));
        GlobalPriceModels m = models();
        assertFalse(m.trained(5), "a damaged model is not a trained one");
        GlobalTraining again = m.train(20, GlobalPriceModelsTest.QUIET);
        assertFalse(again.reused());
        assertEquals("the stored model could not be read (lookback number 1 is outside 1..4095): trained again", again.note());
        assertTrue(org.sextant.engine.Json.write(again).contains("\"note\""), org.sextant.engine.Json.write(again));
        assertArrayEquals(good, Files.readAllBytes(file), "the same seed trains the same model");
        assertEquals(20, m.current(5).horizon());
        assertNull(m.train(20, GlobalPriceModelsTest.QUIET).note(), "an intact file is reused without a note");
    }

    @Test
    void theHeaderNotTheNameSaysTheHorizon() throws Exception {
        GlobalPriceModels m = models();
        m.train(1, GlobalPriceModelsTest.QUIET);
        Files.move(dir.resolve("global-h1-aaaa.sxgm"), file, StandardCopyOption.REPLACE_EXISTING); // an h1 model named h20
        SextantException e = assertThrows(SextantException.class, () -> models().current(2));
        assertTrue(e.getMessage().endsWith("cannot be read (its header's horizon does not match its name)"), e.getMessage());
        GlobalTraining again = m.train(20, GlobalPriceModelsTest.QUIET);
        assertFalse(again.reused(), "a mislabelled file is not reused");
        assertEquals(20, m.current(2).horizon());
    }

    @Test
    void aReplacedOrDeletedFileIsReadAgain() throws Exception {
        GlobalPriceModels m = models();
        assertEquals(20, m.current(5).horizon());
        store(sealed(b -> b.putDouble(WEIGHTS_AT, Double.NaN)));
        SextantException e = assertThrows(SextantException.class, () -> m.current(5), "the replaced file is read again");
        assertTrue(e.getMessage().contains("not a finite number"), e.getMessage());
        store(good);
        assertEquals(20, m.current(5).horizon());
        Files.delete(file);
        e = assertThrows(SextantException.class, () -> m.current(5));
        assertTrue(e.getMessage().contains("has not been trained"), e.getMessage());
        assertFalse(m.trained(5));
    }

    @Test
    void aFolderInTheModelsPlaceIsSaidSoAndTrainingMovesItAside() throws Exception {
        Files.delete(file);
        Files.createDirectories(file.resolve("inner"));
        SextantException e = assertThrows(SextantException.class, () -> models().current(5));
        assertEquals("the stored global model global-h20-aaaa.sxgm cannot be read (a folder, not a file, is in its place)", e.getMessage());
        GlobalTraining again = models().train(20, GlobalPriceModelsTest.QUIET);
        assertFalse(again.reused());
        assertTrue(again.note().startsWith("the stored model could not be read (a folder, not a file, is in its place): trained again;"
                + " it was moved aside to global-h20-aaaa.sxgm.replaced-"), again.note());
        assertArrayEquals(good, Files.readAllBytes(file));
        try (var left = Files.list(dir)) {
            List<Path> aside = left.filter(p -> !p.equals(file)).toList();
            assertEquals(1, aside.size(), "no .tmp is left, the folder is kept aside: " + aside);
            assertTrue(Files.isDirectory(aside.get(0).resolve("inner")), aside.get(0).toString());
        }
        assertEquals(20, models().current(5).horizon());
        closes.put("S9", GlobalPriceModelsTest.walk(9, 300)); // other data: training again removes the stale file, not the folder
        GlobalPriceModels other = GlobalPriceModelsTest.small(dir, () -> closes, () -> "bbbb");
        assertNull(other.train(20, GlobalPriceModelsTest.QUIET).note());
        assertFalse(Files.exists(file));
    }

    /** The models folder may be a link to a folder of the person's: a file there under a model's name is theirs unless it reads as a model (attacker pass 9). */
    @Test
    void retrainingDeletesOnlyStaleFilesThatAreModels() throws Exception {
        Path theirs = dir.resolve("global-h20-cccc.sxgm");
        Files.writeString(theirs, "user file");
        closes.put("S9", GlobalPriceModelsTest.walk(9, 300)); // other data: the model of aaaa is stale
        assertNull(GlobalPriceModelsTest.small(dir, () -> closes, () -> "bbbb").train(20, GlobalPriceModelsTest.QUIET).note());
        assertFalse(Files.exists(file), "the stale model is removed");
        assertEquals("user file", Files.readString(theirs), "a file that is no model is left as it is");
    }

    @Test
    void aFolderInTheTemporaryFilesPlaceIsMovedAsideAndAModelsFolderThatIsAFileFailsClearly() throws Exception {
        Files.delete(file);
        Files.createDirectories(dir.resolve("global-h20-aaaa.sxgm.tmp").resolve("inner"));
        assertNull(models().train(20, GlobalPriceModelsTest.QUIET).note());
        assertArrayEquals(good, Files.readAllBytes(file));
        assertFalse(Files.exists(dir.resolve("global-h20-aaaa.sxgm.tmp")));

        Path notAFolder = dir.resolve("models-file");
        Files.writeString(notAFolder, "x");
        java.util.List<String> progress = new java.util.ArrayList<>();
        org.sextant.engine.jobs.JobContext watched = new org.sextant.engine.jobs.JobContext() {
            @Override public void progress(double fraction, String message) { progress.add(message); }
            @Override public boolean cancelled() { return false; }
        };
        SextantException e = assertThrows(SextantException.class,
                () -> GlobalPriceModelsTest.small(notAFolder, () -> closes, () -> "aaaa").train(20, watched));
        assertEquals(List.of(), progress, "refused before reading closes or training (attack pass 10, L5: it trained for a minute first)");
        assertEquals(org.sextant.contract.FailReason.IO_ERROR, e.reason());
        assertEquals("the trained global model could not be stored as " + notAFolder.resolve("global-h20-aaaa.sxgm")
                + " (" + notAFolder + " is in the way)", e.getMessage());
        assertTrue(e.fix().startsWith("make " + notAFolder + " a writable folder"), e.fix());
        // a forecast says what is wrong instead of asking for a training that cannot store its model
        SextantException asked = assertThrows(SextantException.class, () -> GlobalPriceModelsTest.small(notAFolder, () -> closes, () -> "aaaa").current(5));
        assertEquals("the global model has no place to be kept: " + notAFolder + " is not a folder (a file or something else is in its place)", asked.getMessage());
        assertTrue(asked.fix().startsWith("move " + notAFolder + " away"), asked.fix());
    }

    /** A link in a model's place is not followed, even to a good model (the file read on an agent's forecast is the home's own). */
    @Test
    void aLinkInTheModelsPlaceIsNotFollowed() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere")).resolve("model.sxgm");
        Files.move(file, elsewhere);
        Files.createSymbolicLink(file, elsewhere);
        SextantException e = assertThrows(SextantException.class, () -> models().current(5));
        assertEquals("the stored global model global-h20-aaaa.sxgm cannot be read (a symbolic link is in its place, not followed)", e.getMessage());
        assertArrayEquals(good, Files.readAllBytes(elsewhere), "the link's target is left as it is");
        models().train(20, GlobalPriceModelsTest.QUIET);
        assertFalse(Files.isSymbolicLink(file), "training replaced the link with the model");
        assertEquals(20, models().current(5).horizon());
        assertArrayEquals(good, Files.readAllBytes(elsewhere), "and left the link's target as it is");
    }

    /** The good file with {@code edit} applied and its checksum recomputed. */
    private byte[] sealed(Consumer<ByteBuffer> edit) {
        byte[] b = good.clone();
        ByteBuffer buf = ByteBuffer.wrap(b);
        edit.accept(buf);
        CRC32 crc = new CRC32();
        crc.update(b, 12, b.length - 12);
        buf.putInt(8, (int) crc.getValue());
        return b;
    }

    /** Replaces the model file as training does (a new file moved over it). */
    private void store(byte[] bytes) throws Exception {
        Path tmp = dir.resolve("replacement.tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private String refusal(byte[] bytes) throws Exception {
        store(bytes);
        SextantException e = assertThrows(SextantException.class, () -> models().current(5));
        assertEquals("model", e.field());
        assertTrue(e.fix().startsWith("train the global model again with train_global_model (horizon 20)"), e.fix());
        assertTrue(models().train(20, GlobalPriceModelsTest.QUIET).note() != null, "training replaces it");
        assertArrayEquals(good, Files.readAllBytes(file));
        return e.getMessage();
    }

    private void assertRefused(byte[] bytes, String reason) throws Exception {
        String message = refusal(bytes);
        assertTrue(message.startsWith("the stored global model global-h20-aaaa.sxgm cannot be read (") && message.contains(reason), message);
    }
}
