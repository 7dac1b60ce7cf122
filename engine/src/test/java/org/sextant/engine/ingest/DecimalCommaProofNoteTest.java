package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/** A number read one way because another proves the file's decimal comma: the note names what proved it (stop 54). */
class DecimalCommaProofNoteTest {
    @TempDir Path tmp;

    @Test
    void aVolumeWithDotsBetweenThousandsIsNamedAsWhatProvedTheFileGerman(@TempSextant Store store) throws Exception {
        Path quoted = Files.writeString(tmp.resolve("DAXVOLQ.csv"), "Date,Close,Volume\n2024-01-02,\"17.000\",\"1.234.567\"\n2024-01-03,\"17.050\",\"1.300.000\"\n");
        ImportReport report = new PriceImporter(store).importFiles(List.of(quoted));
        String note = quoted + ": '17.000' (line 2, column Close) is 17000, not 17.000, as line 2 ('1.234.567') has dots between thousands";
        assertTrue(report.files().get(0).notes().contains(note), report.toString());
        assertEquals(report.files().get(0).notes(), ImportPreview.of(quoted).notes());
    }
}
