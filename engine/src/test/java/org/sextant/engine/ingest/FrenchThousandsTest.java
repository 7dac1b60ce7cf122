package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.ingest.CsvImports.assertPreviewNotesAlike;
import static org.sextant.engine.ingest.CsvImports.column;
import static org.sextant.engine.ingest.CsvImports.imported;
import static org.sextant.engine.ingest.CsvImports.refused;
import static org.sextant.engine.ingest.CsvImports.write;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/** French Excel groups thousands with a space, a no-break space (U+00A0) or a narrow one (U+202F) under its decimal comma. */
class FrenchThousandsTest {
    @TempDir Path tmp;

    @Test
    void spacesBetweenThousandsUnderADecimalCommaImport(@TempSextant Store store) throws Exception {
        Path file = write(tmp, "MC.PA.csv", "Date;Clôture;Volume\n02.01.2020;1 234,50;1\u00A0000\n03.01.2020;1\u202F240,00;2 500\n");
        ImportReport report = imported(store, file);
        assertEquals(List.of("2020-01-02|1234.5|1000.0", "2020-01-03|1240.0|2500.0"),
                column(store, "SELECT CAST(date AS VARCHAR) || '|' || close || '|' || volume FROM prices ORDER BY date"));
        assertTrue(report.files().get(0).notes().stream().anyMatch(n -> n.contains("numbers read with a decimal comma and")), report.toString());
        assertPreviewNotesAlike(report);
    }

    @Test
    void aBadCellOfAFileWithSpacesBetweenThousandsGetsTheDecimalCommaFix(@TempSextant Store store) throws Exception {
        Path file = write(tmp, "OR.PA.csv", "Date;Clôture\n02.01.2020;1\u00A0234,50\n03.01.2020;12x\n");
        SextantException e = refused(store, file);
        assertEquals(file + " line 3, column Clôture: '12x' is not a number", e.getMessage());
        assertTrue(e.fix().contains("1234,56 or 1.234,56"), e.fix());
    }
}
