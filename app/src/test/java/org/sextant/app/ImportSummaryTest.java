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
                List.of("4 stored bars of CHF changed; the largest close change at 2001-03-29T23:30Z: 1.7253 to 12.0 (595.5%); check that the file is the same instrument and unit",
                        "1 bar of CHF 30m is outside the fx session (24x5, the trading day ends 17:00 New York): 1 on a weekend; they are stored but in no bar of a read"));
        ImportReport report = new ImportReport(List.of(new ImportReport.ImportedFile("CHF.csv", "bars", 10, List.of("CHF"), "30m", "UTC", List.of(check))),
                6, 4, List.of("CHF"));
        String n = System.lineSeparator();
        assertEquals("CHF.csv: bars layout, 10 rows, symbols [\"CHF\"]" + n
                + "  interval 30m; times UTC" + n
                + "  session fx (24x5, the trading day ends 17:00 New York) for CHF; change it with: sextant session SYMBOL fx|us_equity|eu_equity|six|lse|euronext|continuous" + n
                + "imported: 6 new rows, 4 updated; symbols [\"CHF\"]" + n
                + "note: 4 stored bars of CHF changed; the largest close change at 2001-03-29T23:30Z: 1.7253 to 12.0 (595.5%); check that the file is the same instrument and unit" + n
                + "note: 1 bar of CHF 30m is outside the fx session (24x5, the trading day ends 17:00 New York): 1 on a weekend; they are stored but in no bar of a read" + n
                + "note: CHF 30m: 2 gaps inside trading days (the largest 90 minutes, after 2001-03-29T23:00Z)" + n,
                ImportSummary.render(report));
    }

    /**
     * Berlin 5-minute bars without a zone printed only "bars layout, 4080 rows": nothing said they were read as UTC, were 5m,
     * or got the 24x5 fx session that annualises with 74,880 bars a year.
     */
    @Test
    void aBarFileSaysItsIntervalHowItsTimesWereReadAndTheSessionWithHowToChangeIt() {
        ImportReport.BarCheck dax = new ImportReport.BarCheck("DAX.FUT", "5m", "fx", 4080, "2024-01-02T09:00", "2024-01-31T17:25",
                0, 0, 0, 0, null, 0, 0, null, List.of());
        ImportReport report = new ImportReport(List.of(new ImportReport.ImportedFile("intraday_5m.csv", "bars", 4080, List.of("DAX.FUT"), "5m",
                "iso in datetime (read as UTC)", List.of(dax))), 4080, 0, List.of("DAX.FUT"));
        String n = System.lineSeparator();
        assertEquals("intraday_5m.csv: bars layout, 4080 rows, symbols [\"DAX.FUT\"]" + n
                + "  interval 5m; times iso in datetime (read as UTC): the file gives no zone; if they are local times, delete these bars"
                + " (sextant delete-prices SYMBOL --interval 5m) and import again with --timezone, e.g. --timezone Europe/Berlin" + n
                + "  session fx (24x5, the trading day ends 17:00 New York) for DAX.FUT; change it with: sextant session SYMBOL fx|us_equity|eu_equity|six|lse|euronext|continuous" + n
                + "imported: 4080 new rows, 0 updated; symbols [\"DAX.FUT\"]" + n, ImportSummary.render(report));
    }

    /** Berlin bars imported with their zone: the session line names eu_equity and its hours as it names the others. */
    @Test
    void aBerlinFileSaysItGotTheEuropeanSession() {
        ImportReport.BarCheck dax = new ImportReport.BarCheck("DAX.FUT", "30m", "eu_equity", 17, "2024-03-28T08:00Z", "2024-03-28T16:00Z",
                0, 0, 0, 0, null, 0, 0, null, List.of());
        String out = ImportSummary.render(new ImportReport(List.of(new ImportReport.ImportedFile("dax.csv", "bars", 17, List.of("DAX.FUT"), "30m",
                "iso in datetime (read as Europe/Berlin time, stored in UTC)", List.of(dax))), 17, 0, List.of("DAX.FUT")));
        org.junit.jupiter.api.Assertions.assertTrue(out.contains("  session eu_equity (09:00-17:30 Berlin and the closing auction to 17:35, Monday to Friday) for DAX.FUT; "
                + "change it with: sextant session SYMBOL fx|us_equity|eu_equity|six|lse|euronext|continuous" + System.lineSeparator()), out);
    }

    /** A file of many symbols names the first few per session and says how many more. */
    @Test
    void aSessionOfManySymbolsNamesTheFirstFew() {
        List<ImportReport.BarCheck> bars = new java.util.ArrayList<>();
        for (int i = 1; i <= 7; i++) bars.add(new ImportReport.BarCheck("S" + i, "1h", "us_equity", 2, "a", "b", 0, 0, 0, 0, null, 0, 0, null, List.of()));
        List<String> symbols = bars.stream().map(ImportReport.BarCheck::symbol).toList();
        String out = ImportSummary.render(new ImportReport(List.of(new ImportReport.ImportedFile("m.csv", "bars", 14, symbols, "1h",
                "iso_zoned in ts", bars)), 14, 0, symbols));
        org.junit.jupiter.api.Assertions.assertTrue(out.contains("  interval 1h; times iso_zoned in ts" + System.lineSeparator()), out);
        org.junit.jupiter.api.Assertions.assertTrue(out.contains("  session us_equity (09:30-16:00 New York, Monday to Friday) for S1, S2, S3, S4, S5 and 2 more; "), out);
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
