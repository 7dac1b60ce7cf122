package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The preview looks for a quoted number below a ',' file's first row in the rows it reads (500 at most), within its budget,
 * and no further (stop 54: one bound on the preview, no look of its own): the import reads the whole file.
 */
class PreviewQuoteLookTest {
    @TempDir Path tmp;

    @Test
    void aQuotedNumberInTheRowsThePreviewReadsIsNotedAndOneFurtherIsLeftToTheImport() throws Exception {
        Path near = write("NEAR.csv", 300);
        CsvHead.Budget budget = new CsvHead.Budget(ImportPreview.BYTES);
        ImportPreview p = ImportPreview.of(near, null, budget);
        assertTrue(p.notes().contains(near + ": numbers read with a decimal point and ',' between thousands: '1,002.10' (line 301, column Close) is 1002.10"),
                p.toString());
        assertTrue(budget.read() < 3 * ImportPreview.BYTES, "read again within its budget: " + budget.read());
        // past the 500 rows it reads: the preview shows plain numbers, having read no more than those rows' open allows
        Path far = write("FAR.csv", 600);
        budget = new CsvHead.Budget(ImportPreview.BYTES);
        p = ImportPreview.of(far, null, budget);
        assertFalse(p.notes().stream().anyMatch(n -> n.contains("between thousands")), p.toString());
        assertTrue(budget.read() < 2 * ImportPreview.BYTES, "read once: " + budget.read());
        assertEquals(far + ": numbers read with a decimal point and ',' between thousands: '1,002.10' (line 601, column Close) is 1002.10",
                CsvHead.read(far, far.toString()).notes().get(0), "the import looks through the whole file");
    }

    /** A file of 100,000 daily rows (1.8 MB), the {@code at}-th quoting "1,002.10". */
    private Path write(String name, int at) throws Exception {
        StringBuilder b = new StringBuilder("Date,Close\n");
        java.time.LocalDate d = java.time.LocalDate.of(1800, 1, 1);
        for (int i = 1; i <= 100_000; i++, d = d.plusDays(1)) b.append(d).append(i == at ? ",\"1,002.10\"\n" : ",994.50\n");
        return Files.writeString(tmp.resolve(name), b);
    }
}
