package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.ingest.CsvImports.assertPreviewNotesAlike;
import static org.sextant.engine.ingest.CsvImports.imported;
import static org.sextant.engine.ingest.CsvImports.rows;
import static org.sextant.engine.ingest.CsvImports.write;

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
        Path quoted = write(tmp, "DAXVOLQ.csv", "Date,Close,Volume\n2024-01-02,\"17.000\",\"1.234.567\"\n2024-01-03,\"17.050\",\"1.300.000\"\n");
        ImportReport report = imported(store, quoted);
        String note = quoted + ": '17.000' (line 2, column Close) is 17000, not 17.000, as line 2 ('1.234.567') has dots between thousands";
        assertTrue(report.files().get(0).notes().contains(note), report.toString());
        assertPreviewNotesAlike(report);
    }

    /**
     * Attack 29, F3: prices quoted with a decimal comma ("0,125") beside Excel's quoted volumes ("1,000"): the volume is 1.000
     * by the rule, and only the generic note said so. The note names the first such cell and what proved it, daily and bars alike.
     */
    @Test
    void aWholeThousandReadAsADecimalCommaIsNamedWithWhatProvedIt(@TempSextant Store store) throws Exception {
        String rows = ",\"0,125\",\"0,127\",\"0,123\",\"0,125\",\"1,000\"\n";
        Path daily = write(tmp, "DQV.csv", "Date,Open,High,Low,Close,Volume\n2020-01-06" + rows + "2020-01-07,\"0,126\",\"0,128\",\"0,124\",\"0,126\",\"1,299\"\n");
        Path bars = write(tmp, "DTQV.csv", "Datetime,Open,High,Low,Close,Volume\n2020-01-06 09:30:00" + rows
                + "2020-01-06 10:00:00,\"0,126\",\"0,128\",\"0,124\",\"0,126\",\"1,299\"\n");
        ImportReport report = imported(store, daily, bars);
        assertPreviewNotesAlike(report);
        for (int i = 0; i < 2; i++) {
            Path file = i == 0 ? daily : bars;
            List<String> notes = report.files().get(i).notes();
            assertTrue(notes.contains(file + ": '1,000' (line 2, column Volume) is 1.000, not 1000, as line 2 ('0,125') has a decimal comma"), notes.toString());
        }
        // what is stored is unchanged: the documented rule reads the volume as 1.000
        assertEquals(List.of("1.0|", "1.299|"), rows(store, "SELECT volume FROM prices WHERE symbol = 'DQV' ORDER BY date"));
        assertEquals(List.of("1.0|", "1.299|"), rows(store, "SELECT volume FROM bars WHERE symbol = 'DTQV' ORDER BY ts"));
    }
}
