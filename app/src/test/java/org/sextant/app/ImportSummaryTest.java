package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.ingest.ImportReport;

/** `sextant import` prints what the window shows after an import: the bar notes, all of them. */
class ImportSummaryTest {
    @Test
    void aBarImportPrintsItsNotesGapsAndBarsOutsideTheSession() {
        ImportReport.BarCheck check = new ImportReport.BarCheck("CHF", "30m", "fx", 10, "2001-03-29T22:00Z", "2001-03-30T02:30Z",
                0, 0, 2, 90, "2001-03-29T23:00Z", 1, 4, 595.5,
                List.of("4 stored bars of CHF changed; the largest close change at 2001-03-29T23:30Z: 1.7253 to 12.0 (595.5%); check that the file is the same instrument and unit"));
        ImportReport report = new ImportReport(List.of(new ImportReport.ImportedFile("CHF.csv", "bars", 10, List.of("CHF"), "30m", "UTC", List.of(check))),
                6, 4, List.of("CHF"));
        String n = System.lineSeparator();
        assertEquals("CHF.csv: bars layout, 10 rows, symbols [\"CHF\"]" + n
                + "imported: 6 new rows, 4 updated; symbols [\"CHF\"]" + n
                + "note: 4 stored bars of CHF changed; the largest close change at 2001-03-29T23:30Z: 1.7253 to 12.0 (595.5%); check that the file is the same instrument and unit" + n
                + "note: CHF 30m: 2 gaps inside trading days (the largest 90 minutes, after 2001-03-29T23:00Z); 1 bar outside the fx session (stored, but in no bar of a read)" + n,
                ImportSummary.render(report));
    }

    /** One of anything is said in the singular: it printed "1 lines without prices skipped" and "1 rows". */
    @Test
    void countsOfOneAreSingular() {
        String n = System.lineSeparator();
        ImportReport one = new ImportReport(List.of(new ImportReport.ImportedFile("A.csv", "yahoo", 1, List.of("A"), 1)), 1, 0, List.of("A"));
        assertEquals("A.csv: yahoo layout, 1 row, 1 line without prices skipped, symbols [\"A\"]" + n
                + "imported: 1 new row, 0 updated; symbols [\"A\"]" + n, ImportSummary.render(one));
        ImportReport two = new ImportReport(List.of(new ImportReport.ImportedFile("A.csv", "yahoo", 2, List.of("A"), 2)), 2, 1, List.of("A"));
        assertEquals("A.csv: yahoo layout, 2 rows, 2 lines without prices skipped, symbols [\"A\"]" + n
                + "imported: 2 new rows, 1 updated; symbols [\"A\"]" + n, ImportSummary.render(two));
    }

    /** An import of more symbols than its answer lists says how many more there were: a file of 300,000 symbols answered 6.6 MB. */
    @Test
    void aCutSymbolListSaysHowManyMore() {
        String n = System.lineSeparator();
        ImportReport cut = new ImportReport(List.of(new ImportReport.ImportedFile("Z.csv", "generic", 6, List.of("Z1"), 3, "1d", null, List.of(), 0, List.of())),
                6, 0, List.of("Z1"), 3, 0);
        assertEquals("Z.csv: generic layout, 6 rows, symbols [\"Z1\"] and 2 more" + n
                + "imported: 6 new rows, 0 updated; symbols [\"Z1\"] and 2 more" + n, ImportSummary.render(cut));
    }
}
