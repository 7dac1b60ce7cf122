package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.ingest.CsvImports.assertPreviewNotesAlike;
import static org.sextant.engine.ingest.CsvImports.closes;
import static org.sextant.engine.ingest.CsvImports.column;
import static org.sextant.engine.ingest.CsvImports.imported;
import static org.sextant.engine.ingest.CsvImports.refused;
import static org.sextant.engine.ingest.CsvImports.refusedByPreviewAlike;
import static org.sextant.engine.ingest.CsvImports.storedPrices;
import static org.sextant.engine.ingest.CsvImports.write;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/** CSVs as Excel in de, fr, ch and it locales and European brokers write them: day-first dates, decimal commas, local headers. */
class EuropeanCsvImportTest {
    @TempDir Path tmp;

    static final String XETRA = "Datum;Eröffnung;Hoch;Tief;Schluss;Volumen\n"
            + "02.01.2019;1.234,50;1.240,00;1.230,25;1.238,75;1.234.567\n"
            + "03.01.2019;1.238,75;1.245,10;1.236,00;1.244,30;987.654\n"
            + "4.1.2019;1.244,30;1.250,00;1.240,00;1.249,99;1.000\n";

    @Test
    void aGermanXetraExportImportsWithDayFirstDatesDecimalCommasAndThousandsDots(@TempSextant Store store) throws Exception {
        Path file = write(tmp, "SAP.csv", XETRA);
        ImportReport report = imported(store, file);
        assertEquals(List.of("2019-01-02|1234.5|1240.0|1230.25|1238.75|1234567.0", "2019-01-03|1238.75|1245.1|1236.0|1244.3|987654.0",
                "2019-01-04|1244.3|1250.0|1240.0|1249.99|1000.0"), prices(store, "SAP"));
        assertEquals("stooq", report.files().get(0).layout());
        assertEquals(List.of(file + ": dates read as DD.MM.YYYY", file + ": numbers read with a decimal comma and '.' or ' between thousands ('1.234,56' is 1234.56)"),
                report.files().get(0).notes());
        // imported again, the file's source is stored: the careful path reads it the same
        imported(store, file);
        assertEquals("2019-01-04|1244.3|1250.0|1240.0|1249.99|1000.0", prices(store, "SAP").get(2));
        // the preview reads it as the import does
        ImportPreview preview = ImportPreview.of(file);
        assertEquals("%d.%m.%Y", preview.dateFormat());
        assertEquals(report.files().get(0).notes(), preview.notes());
    }

    @Test
    void aFrenchExportTakesItsDayFirstOrderFromADayPastTheTwelfth(@TempSextant Store store) throws Exception {
        Path file = write(tmp, "AIR.PA.csv", "Date;Ouverture;Plus haut;Plus bas;Clôture;Volume\n"
                + "02/01/2020;10,5;11,25;10,1;11;1200\n03/01/2020;11;11,5;10,75;11,4;900\n13/01/2020;11,4;12;11,2;11,95;1500\n");
        ImportReport report = imported(store, file);
        assertEquals(List.of("2020-01-02|10.5|11.25|10.1|11.0|1200.0", "2020-01-03|11.0|11.5|10.75|11.4|900.0", "2020-01-13|11.4|12.0|11.2|11.95|1500.0"),
                prices(store, "AIR.PA"));
        assertEquals(List.of(file + ": dates read as DD/MM/YYYY (line 4 '13/01/2020' has a day past the 12th first)",
                file + ": numbers read with a decimal comma ('1234,56' is 1234.56)"), report.files().get(0).notes());
    }

    @Test
    void anItalianExportWithDashesAndAWideGermanFileImport(@TempSextant Store store) throws Exception {
        Path it = write(tmp, "ENI.MI.csv", "Data;Apertura;Massimo;Minimo;Chiusura;Volume\n30-12-2019;13,9;14,02;13,85;13,98;10.500.000\n02-01-2020;14;14,2;13,95;14,1;9.000.000\n");
        Path wide = write(tmp, "dax.csv", "Datum;SAP;SIE\n02.01.2019;1.234,5;98,7\n03.01.2019;1.240;99\n");
        imported(store, it, wide);
        assertEquals(List.of("2019-12-30|13.9|14.02|13.85|13.98|10500000.0", "2020-01-02|14.0|14.2|13.95|14.1|9000000.0"), prices(store, "ENI.MI"));
        assertEquals(List.of("2019-01-02|1234.5", "2019-01-03|1240.0"), closes(store, "SAP"));
        assertEquals(List.of("2019-01-02|98.7", "2019-01-03|99.0"), closes(store, "SIE"));
    }

    @Test
    void swissThousandsAndAUsMonthFirstFileImport(@TempSextant Store store) throws Exception {
        Path ch = write(tmp, "NESN.SW.csv", "Datum;Schlusskurs;Umsatz\n02.01.2020;1'234.56;1'000\n03.01.2020;99.5;2'500'000\n");
        Path us = write(tmp, "KO.csv", "Date,Close\n01/02/2020,54.5\n01/13/2020,55.25\n");
        ImportReport report = imported(store, ch, us);
        assertEquals(List.of("2020-01-02|1234.56", "2020-01-03|99.5"), closes(store, "NESN.SW"));
        assertEquals(List.of("2020-01-02|54.5", "2020-01-13|55.25"), closes(store, "KO"));
        assertTrue(report.files().get(0).notes().contains(ch + ": numbers read with ' between thousands ('1'234.56' is 1234.56)"), report.toString());
        assertEquals(List.of(us + ": dates read as MM/DD/YYYY (line 3 '01/13/2020' has a day past the 12th second)"), report.files().get(1).notes());
    }

    @Test
    void datesWhoseOrderNoRowTellsOrThatContradictEachOtherAreRefusedNamingTheColumn(@TempSextant Store store) throws Exception {
        refusedAsAmbiguousOrder(store, write(tmp, "BNP.PA.csv", "Date;Clôture\n02/01/2020;50,1\n03/01/2020;50,2\n06/01/2020;50,3\n"));

        Path both = write(tmp, "KO.csv", "Date,Close\n13/01/2020,54.5\n01/14/2020,55.25\n");
        SextantException e = refused(store, both);
        assertEquals(both + ", column Date: the dates are written two ways: line 2 '13/01/2020' is DD/MM/YYYY (day first), "
                + "line 3 '01/14/2020' is MM/DD/YYYY (month first)", e.getMessage());
        assertEquals(0, storedPrices(store));
    }

    @Test
    void aNumberThatReadsTwoWaysIsRefusedNamingColumnAndLineNeverMisread(@TempSextant Store store) throws Exception {
        // a ',' file: "1,234" is a thousands separator or a quoted decimal comma, its column has plain numbers too, and no other tells
        Path us = write(tmp, "MSFT.csv", "Date,Close,Volume\n2020-01-02,160,\"22,622\"\n2020-01-03,161,21000\n");
        refusedAlike(store, us, us + " line 2, column Volume: '22,622' is not a plain number: its comma reads as a thousands separator or as a decimal comma, "
                + "and line 3 of the column ('21000') is not written with a decimal comma", "Volume", "write prices and volumes without a thousands separator");
        // a decimal comma in one cell, a decimal point in another
        Path mixed = write(tmp, "SIE.csv", "Datum;Schluss\n02.01.2019;98,7\n03.01.2019;99.5\n");
        SextantException e = refused(store, mixed);
        assertEquals(mixed + " line 3, column Schluss: '99.5' has a decimal point, but line 2 (column Schluss) has a decimal comma ('98,7'): "
                + "the file writes numbers two ways", e.getMessage());
        // a cell that is no number under the file's decimal comma
        Path bad = write(tmp, "BAS.csv", "Datum;Schluss\n02.01.2019;1.234,5\n03.01.2019;12x\n");
        e = refused(store, bad);
        assertEquals(bad + " line 3, column Schluss: '12x' is not a number", e.getMessage());
        assertEquals(0, storedPrices(store));
    }

    /** Attack 24, H3: a US tab export's 28,868 was read with a decimal comma, a thousand times too small. */
    @Test
    void aTabFileWhoseEveryCommaPrecedesThreeDigitsIsRefusedAsAmbiguous(@TempSextant Store store) throws Exception {
        Path file = resource("dji_us_tab_whole.txt", "DJI.txt");
        refusedAlike(store, file, file + " line 2, column Open: '28,639' reads as 28.639 (a decimal comma) or as 28639 (a comma between thousands), "
                + "and no number of the file tells which", "Open", "write whole numbers without a thousands separator (28639) or decimals with a fourth digit (28.6390)");
        assertEquals(0, storedPrices(store));
        // a number only a decimal comma reads decides the file: 1,5 and 0,125
        Path decided = write(tmp, "SMI.txt", "Datum\tSchluss\n02.01.2020\t1,234\n03.01.2020\t1,5\n06.01.2020\t0,125\n");
        ImportReport report = imported(store, decided);
        assertEquals(List.of("2020-01-02|1.234", "2020-01-03|1.5", "2020-01-06|0.125"), closes(store, "SMI"));
        assertTrue(report.files().get(0).notes().contains(decided + ": '1,234' (line 2, column Schluss) is 1.234, not 1234, as line 3 ('1,5') has a decimal comma"),
                report.toString());
    }

    /** Attack 24, H3: US numbers with commas between thousands were refused with the fix of a decimal-comma file. */
    @Test
    void aUsTabFileWithCommasBetweenThousandsImportsWhenANumberShowsIt(@TempSextant Store store) throws Exception {
        Path file = resource("dji_us_tab.txt", "DJI.txt");
        ImportReport report = imported(store, file);
        assertEquals(List.of("2020-01-10|28639.0|28873.0|28627.0|28868.0|251820000.0", "2020-01-13|28635.0|28716.0|28500.0|28634.0|239590000.0",
                "2020-01-14|28466.0|28708.0|28418.0|28703.0|252760000.0"), prices(store, "DJI"));
        assertTrue(report.files().get(0).notes().contains(file + ": numbers read with a decimal point and ',' between thousands: '251,820,000' (line 2, column Volume) is 251820000"),
                report.toString());
        assertTrue(report.files().get(0).notes().contains(file + ": '28,639' (line 2, column Open) is 28639, not 28.639, as line 2 ('251,820,000') has ',' between thousands"),
                report.toString());
        assertPreviewNotesAlike(report);
        Path decimals = write(tmp, "DJ2.txt", "Date\tClose\n2020-01-02\t28,868.80\n2020-01-03\t28,634\n2020-01-06\t12.5\n");
        imported(store, decimals);
        assertEquals(List.of("2020-01-02|28868.8", "2020-01-03|28634.0", "2020-01-06|12.5"), closes(store, "DJ2"));
        // ',' between thousands and a decimal comma in one file: refused naming both
        Path mixed = write(tmp, "DJ3.txt", "Date\tClose\n2020-01-02\t28,868.80\n2020-01-03\t1,5\n");
        SextantException e = refused(store, mixed);
        assertEquals(mixed + " line 3, column Close: '1,5' has a decimal comma, but line 2 (column Close) has ',' between thousands ('28,868.80'): "
                + "the file writes numbers two ways", e.getMessage());
    }

    /** Attack 21, L1: '.' and ' between the thousands of one number was read as 1234567.89. */
    @Test
    void aNumberThatSeparatesThousandsTwoWaysIsRefusedNamingLineAndColumn(@TempSextant Store store) throws Exception {
        for (String cell : new String[] {"1.234'567,89", "1 234.567,89"}) {
            Path file = write(tmp, "SAP.csv", "Datum;Schluss\n02.01.2019;1.234,5\n03.01.2019;" + cell + "\n");
            SextantException e = refused(store, file);
            assertEquals(file + " line 3, column Schluss: '" + cell + "' is not a number: it separates thousands two ways", e.getMessage());
            assertEquals("Schluss", e.field());
            assertTrue(e.fix().startsWith("write every number with one thousands separator or none (1234,56 or 1.234,56)"), e.fix());
            assertEquals(e.getMessage(), assertThrows(SextantException.class, () -> ImportPreview.of(file)).getMessage());
            assertEquals(0, storedPrices(store));
        }
    }

    @Test
    void aWeeklyGermanFileImportsAsWeeklyBarsWithItsDecimalCommas(@TempSextant Store store) throws Exception {
        StringBuilder text = new StringBuilder("Datum;Schluss;Volumen\n");
        java.time.LocalDate d = java.time.LocalDate.of(2020, 1, 3);
        for (int k = 0; k < 10; k++, d = d.plusWeeks(1)) {
            text.append(String.format("%02d/%02d/%d;1.%03d,5;2.000\n", d.getDayOfMonth(), d.getMonthValue(), d.getYear(), k));
        }
        Path file = write(tmp, "SAP.csv", text.toString());
        ImportReport report = imported(store, file);
        assertEquals("1w", report.files().get(0).interval());
        assertEquals(List.of("2020-01-03 00:00:00|1000.5|2000.0", "2020-01-10 00:00:00|1001.5|2000.0"),
                column(store, "SELECT CAST(ts AS VARCHAR) || '|' || close || '|' || volume FROM bars WHERE symbol = 'SAP' ORDER BY ts LIMIT 2"));
        assertEquals(List.of(file + ": dates read as DD/MM/YYYY (line 4 '17/01/2020' has a day past the 12th first)",
                file + ": numbers read with a decimal comma and '.' or ' between thousands ('1.234,56' is 1234.56)"), report.files().get(0).notes().subList(0, 2));
    }

    @Test
    void aRowTheChecksRefuseIsNamedByItsLineInADayFirstFile(@TempSextant Store store) throws Exception {
        Path file = write(tmp, "SAP.csv", "Datum;Schluss\n13/01/2020;120,5\n14/01/2020;121\n14/01/2020;122\n");
        SextantException e = refused(store, file);
        assertTrue(e.getMessage().startsWith(file + " line 4"), e.getMessage());
    }

    @Test
    void twoDigitYearsAreNotGuessed(@TempSextant Store store) throws Exception {
        Path file = write(tmp, "SAP.csv", "Datum;Schluss\n02.01.19;120,5\n");
        SextantException e = refused(store, file);
        assertTrue(e.fix().endsWith("'02.01.19' looks like DD.MM.YY"), e.fix());
    }

    /** Attack 25, L1: a German file of whole index points (28.000;28.084) was read a thousand times too small with only a note. */
    @Test
    void aSemicolonFileWhoseEveryDotPrecedesThreeDigitsIsRefusedAsAmbiguous(@TempSextant Store store) throws Exception {
        Path dax = write(tmp, "DAXWHOLE.csv", "Datum;Eröffnung;Hoch;Tief;Schluss\n02.01.2019;28.000;28.084;27.653;27.737\n03.01.2019;27.737;27.882;27.653;27.798\n");
        refusedAlike(store, dax, dax + " line 2, column Eröffnung: '28.000' reads as 28.000 (a decimal point) or as 28000 (a dot between thousands), "
                + "and no number of the file tells which", "Eröffnung", "write whole numbers without a thousands separator (28000) or decimals with a fourth digit (28.0000)");
        // FX or bond prices of three decimals only are refused alike: '1.125' is 1125 as much as 1.125
        Path fx = write(tmp, "EURCHF.csv", "Datum;Eröffnung;Schluss\n02.01.2019;1.125;1.130\n03.01.2019;1.130;1.128\n");
        refusedAlike(store, fx, fx + " line 2, column Eröffnung: '1.125' reads as 1.125 (a decimal point) or as 1125 (a dot between thousands), "
                + "and no number of the file tells which", "Eröffnung", "write whole numbers without a thousands separator (1125)");
        assertEquals(0, storedPrices(store));
    }

    @Test
    void threeDecimalsAfterADotAreDecimalsWhenAnotherNumberHasADecimalPoint(@TempSextant Store store) throws Exception {
        // '0.995' and '1.12' only a decimal point reads: the file's '1.125' is 1.125, and the note says why
        Path fx = write(tmp, "EURCHF.csv", "Datum;Eröffnung;Schluss\n02.01.2019;1.125;1.130\n03.01.2019;1.130;0.995\n04.01.2019;0.995;1.12\n");
        ImportReport report = imported(store, fx);
        assertEquals(List.of("2019-01-02|1.13", "2019-01-03|0.995", "2019-01-04|1.12"), closes(store, "EURCHF"));
        assertEquals(List.of(fx + ": dates read as DD.MM.YYYY", fx + ": '1.125' (line 2, column Eröffnung) is 1.125, not 1125, as line 3 ('0.995') has a decimal point"),
                report.files().get(0).notes());
        assertPreviewNotesAlike(report);
        // dots between thousands elsewhere in the file ('1.234.567'): its '1.125' is 1125
        Path grouped = write(tmp, "BAS.csv", "Datum;Schluss;Volumen\n02.01.2019;1.125;1.234.567\n03.01.2019;1.130;2.000\n");
        report = imported(store, grouped);
        assertEquals(List.of("2019-01-02|1125.0", "2019-01-03|1130.0"), closes(store, "BAS"));
        assertPreviewNotesAlike(report);
        // a file that groups thousands and writes a decimal point contradicts itself
        Path both = write(tmp, "SIE.csv", "Datum;Schluss;Volumen\n02.01.2019;1.125;1.234.567\n03.01.2019;99.5;2000\n");
        SextantException e = refused(store, both);
        assertEquals(both + " line 3, column Schluss: '99.5' has a decimal point, but line 2 (column Volumen) has dots between thousands ('1.234.567'): "
                + "the file writes numbers two ways", e.getMessage());
    }

    @Test
    void quotedDecimalCommasInACommaSeparatedFileImportWhenTheirWholeColumnIsWrittenSo(@TempSextant Store store) throws Exception {
        Path plain = write(tmp, "MSFT.csv", "Date,Close,Volume\n2020-01-02,\"22,622\",100\n2020-01-03,\"22,7\",200\n");
        ImportReport report = imported(store, plain);
        assertEquals(List.of("2020-01-02|22.622", "2020-01-03|22.7"), closes(store, "MSFT"));
        // its "22,622" would also read as a whole thousand: the note names it and the "22,7" that proved the decimal comma (attack 29, F3)
        assertEquals(List.of(plain + ": numbers read with a decimal comma, quoted ('1234,56' is 1234.56)",
                plain + ": '22,622' (line 2, column Close) is 22.622, not 22622, as line 3 ('22,7') has a decimal comma"), report.files().get(0).notes());
        assertPreviewNotesAlike(report);
        Path grouped = write(tmp, "SAP.csv", "Date,Close\n2020-01-02,\"1.234,56\"\n2020-01-03,\"1.240,5\"\n");
        report = imported(store, grouped);
        assertEquals(List.of("2020-01-02|1234.56", "2020-01-03|1240.5"), closes(store, "SAP"));
        assertEquals(List.of(grouped + ": numbers read with a decimal comma, quoted and '.' or ' between thousands ('1.234,56' is 1234.56)"), report.files().get(0).notes());
        assertPreviewNotesAlike(report);
        // every quoted comma followed by three digits: a US file's thousands as much as decimals, never read as 22.622
        Path shares = write(tmp, "IBMQ.csv", "Date,Close,Volume\n2020-01-02,160,\"22,622\"\n2020-01-03,161,\"21,000\"\n");
        SextantException thousands = refused(store, shares);
        assertEquals(shares + " line 2, column Volume: '22,622' reads as a whole number with a comma between thousands or as a decimal comma, "
                + "and no number of the file tells which", thousands.getMessage());
        assertEquals("Volume", thousands.field());
        assertEquals(thousands.getMessage(), assertThrows(SextantException.class, () -> ImportPreview.of(shares)).getMessage());
        assertTrue(closes(store, "IBMQ").isEmpty(), "nothing imported");
        // a column with a decimal point in another row reads two ways
        Path mixed = write(tmp, "KO.csv", "Date,Close\n2020-01-02,\"22,622\"\n2020-01-03,22.7\n");
        SextantException e = refused(store, mixed);
        assertEquals(mixed + " line 2, column Close: '22,622' is not a plain number: its comma reads as a thousands separator or as a decimal comma, "
                + "and line 3 of the column ('22.7') is not written with a decimal comma", e.getMessage());
        assertEquals("Close", e.field());
    }

    /** Attack 26, F2: German whole points quoted in a ',' file ("17.000") were stored a thousand times too small, with no note. */
    @Test
    void quotedDotsBeforeThreeDigitsInACommaFileFollowTheSemicolonFilesRule(@TempSextant Store store) throws Exception {
        Path dax = resource("DAXQ.csv", "DAXQ.csv");
        refusedAlike(store, dax, dax + " line 2, column Eröffnung: '16.900' reads as 16.900 (a decimal point) or as 16900 (a dot between thousands), "
                + "and no number of the file tells which", "Eröffnung", "write whole numbers without a thousands separator (16900) or decimals with a fourth digit (16.9000)");
        Path english = resource("DAXQ2.csv", "DAXQ2.csv");
        refusedAlike(store, english, english + " line 2, column Open: '17.000' reads as 17.000 (a decimal point) or as 17000 (a dot between thousands), "
                + "and no number of the file tells which", "Open", "write whole numbers without a thousands separator (17000)");
        assertEquals(0, storedPrices(store));
        // "17.050,25" only a decimal comma reads: the column's "17.000" is 17000, and the note says why
        Path mixed = resource("DAXMIXQ.csv", "DAXMIXQ.csv");
        ImportReport report = imported(store, mixed);
        assertEquals(List.of("2024-01-02|16950.5|17000.0", "2024-01-03|17000.0|17050.25", "2024-01-04|17050.5|17120.75"),
                column(store, "SELECT CAST(date AS VARCHAR) || '|' || open || '|' || close FROM prices WHERE symbol = 'DAXMIXQ' ORDER BY date"));
        assertTrue(report.files().get(0).notes().contains(mixed + ": '17.000' (line 2, column Schluss) is 17000, not 17.000, as line 2 ('16.950,50') has a decimal comma"),
                report.toString());
        assertPreviewNotesAlike(report);
        // dots between thousands twice in a volume prove it too; a "22,622" beside a "17.000" reads two ways (22622 and 17.0, or 22.622 and 17000)
        Path volume = write(tmp, "DAXVOLQ.csv", "Date,Close,Volume\n2024-01-02,\"17.000\",\"1.234.567\"\n2024-01-03,\"17.050\",\"1.300.000\"\n");
        imported(store, volume);
        assertEquals(List.of("2024-01-02|17000.0", "2024-01-03|17050.0"), closes(store, "DAXVOLQ"));
        Path both = write(tmp, "KOQ.csv", "Date,Close\n2024-01-02,\"22,622\"\n2024-01-03,\"17.000\"\n");
        refusedAlike(store, both, both + " line 2, column Close: '22,622' is not a plain number: its comma reads as a thousands separator or as a decimal comma, "
                + "and line 3 of the column ('17.000') is not written with a decimal comma", "Close", "");
        // unquoted, a ',' file's 17.000 is a US number of three decimals, as it always was
        Path us = write(tmp, "FX3.csv", "Date,Close\n2024-01-02,17.000\n2024-01-03,17.125\n");
        imported(store, us);
        assertEquals(List.of("2024-01-02|17.0", "2024-01-03|17.125"), closes(store, "FX3"));
    }

    /** Excel, Yahoo's and Investing.com's US exports quote numbers with commas between thousands in a ',' file (stop 52). */
    @Test
    void quotedUsNumbersInACommaSeparatedFileImportWithCommasBetweenThousands(@TempSextant Store store) throws Exception {
        Path dji = resource("dji_us_quoted.csv", "DJI.csv");
        ImportReport report = imported(store, dji);
        assertEquals(List.of("2020-01-10|28638.97|28872.8|28627.77|28868.8|251820000.0", "2020-01-13|28634.88|28716.31|28500.36|28634.88|239590000.0",
                "2020-01-14|28465.5|28708.02|28418.63|28703.38|252760000.0"), prices(store, "DJI"));
        assertTrue(report.files().get(0).notes().contains(dji + ": numbers read with a decimal point and ',' between thousands: '28,638.97' (line 2, column Open) is 28638.97"),
                report.toString());
        assertPreviewNotesAlike(report);
        // a "22,622" reads as the file's other numbers say: 22622 beside "1,234.50"
        Path shares = write(tmp, "IBM.csv", "Date,Close,Volume\n2020-01-02,\"1,234.50\",\"22,622\"\n2020-01-03,\"1,240.00\",\"21,000\"\n");
        report = imported(store, shares);
        assertEquals(List.of("2020-01-02|1234.5|22622.0", "2020-01-03|1240.0|21000.0"),
                column(store, "SELECT CAST(date AS VARCHAR) || '|' || close || '|' || volume FROM prices WHERE symbol = 'IBM' ORDER BY date"));
        assertTrue(report.files().get(0).notes().contains(shares + ": '22,622' (line 2, column Volume) is 22622, not 22.622, as line 2 ('1,234.50') has ',' between thousands"),
                report.toString());
        // a decimal comma beside them reads two ways: refused naming both cells, nothing imported
        Path mixed = write(tmp, "KO.csv", "Date,Close,Volume\n2020-01-02,\"28,868.80\",100\n2020-01-03,\"22,7\",200\n");
        refusedAlike(store, mixed, mixed + " line 3, column Close: '22,7' has a decimal comma, but line 2 (column Close) has ',' between thousands ('28,868.80'): the file writes numbers two ways",
                "Close", "write every number of the file one way");
        assertTrue(closes(store, "KO").isEmpty(), "nothing imported");
    }

    /**
     * A price that crosses 1,000 in a ',' file: Excel quotes only the cells it writes with a comma, so the first rows hold
     * none. Their quoted numbers were noticed only on the first row: the later "1,002.10" was refused as no number.
     */
    @Test
    void quotedUsNumbersAfterUnquotedRowsImport(@TempSextant Store store) throws Exception {
        Path amzn = write(tmp, "AMZN.csv", "Date,Open,High,Low,Close\n2017-07-24,994.50,998.00,990.00,996.00\n2017-07-25,996.20,999.10,992.00,998.80\n"
                + "2017-07-26,999.00,\"1,002.10\",997.50,\"1,001.20\"\n2017-07-27,\"1,001.00\",\"1,083.31\",\"1,000.50\",\"1,046.00\"\n");
        ImportReport report = imported(store, amzn);
        assertEquals(List.of("2017-07-24|996.0", "2017-07-25|998.8", "2017-07-26|1001.2", "2017-07-27|1046.0"), closes(store, "AMZN"));
        assertTrue(report.files().get(0).notes().contains(amzn + ": numbers read with a decimal point and ',' between thousands: '1,002.10' (line 4, column High) is 1002.10"),
                report.toString());
        assertPreviewNotesAlike(report);
        // a decimal comma quoted below unquoted decimal points reads two ways: refused naming both cells
        Path mixed = write(tmp, "KO2.csv", "Date,Close\n2020-01-02,28.50\n2020-01-03,\"28,7\"\n");
        refusedAlike(store, mixed, mixed + " line 3, column Close: '28,7' is not a plain number: its comma reads as a thousands separator or as a decimal comma, "
                + "and line 2 of the column ('28.50') is not written with a decimal comma", "Close", "write prices and volumes without a thousands separator");
        // German whole points quoted only from a later row on ("17.000" below an unquoted 950) read two ways as on the first row
        Path later = write(tmp, "DAXLATER.csv", "Date,Close\n2024-01-02,950\n2024-01-03,\"17.000\"\n");
        refusedAlike(store, later, later + " line 3, column Close: '17.000' reads as 17.000 (a decimal point) or as 17000 (a dot between thousands), "
                + "and no number of the file tells which", "Close", "write whole numbers without a thousands separator (17000)");
        assertEquals(List.of(), closes(store, "DAXLATER"));
    }

    /**
     * Attack 27, F2: Excel's #,##0 quotes a whole number past 999 ("1,070") below unquoted ones (900). The file's decimal
     * point (10.50) says its comma is between thousands, as a "1,002.10" did; it was refused as reading two ways.
     */
    @Test
    void quotedWholeThousandsBelowUnquotedRowsReadAsTheFilesDecimalPointSays(@TempSextant Store store) throws Exception {
        Path volumes = write(tmp, "VOLQ2.csv", "Date,Close,Volume\n2020-01-02,10.50,900\n2020-01-03,10.60,990\n2020-01-06,10.70,\"1,070\"\n");
        ImportReport report = imported(store, volumes);
        assertEquals(List.of("2020-01-02|10.5", "2020-01-03|10.6", "2020-01-06|10.7"), closes(store, "VOLQ2"));
        String note = volumes + ": '1,070' (line 4, column Volume) is 1070, not 1.070, as line 2 ('10.50') has a decimal point";
        assertTrue(report.files().get(0).notes().contains(note), report.toString());
        assertPreviewNotesAlike(report);
        Path msft = write(tmp, "MSFTV.csv", "Date,Open,High,Low,Close,Volume\n2020-01-02,158.78,160.73,158.33,160.62,\"22,622\"\n2020-01-03,158.78,160.73,158.33,160.62,21000\n");
        report = imported(store, msft);
        assertTrue(report.files().get(0).notes().contains(msft + ": '22,622' (line 2, column Volume) is 22622, not 22.622, as line 2 ('158.78') has a decimal point"),
                report.toString());
        // attack 28, F1: "0,128" is no thousand: a decimal comma, so beside a decimal point the file writes numbers two ways (it was stored as 128)
        Path zero = write(tmp, "CLOSEONLY.csv", "Date,Close,Volume\n2020-01-02,\"0,128\",1500.5\n2020-01-03,\"0,130\",1600.5\n");
        SextantException twoWays = refused(store, zero);
        assertTrue(twoWays.getMessage().endsWith("the file writes numbers two ways"), twoWays.getMessage());
        assertEquals(List.of(), closes(store, "CLOSEONLY"));
        Path penny = write(tmp, "PENNY.csv", "Date,Close\n2020-01-02,\"0,125\"\n2020-01-03,\"0,130\"\n");
        imported(store, penny);
        assertEquals(List.of("2020-01-02|0.125", "2020-01-03|0.13"), closes(store, "PENNY"));
        // a column that has a decimal point itself still reads two ways: 990.50 then 1000, or 22.7 after 22.622, is not guessed
        Path prices = write(tmp, "WHOLEQ.csv", "Date,Close\n2020-01-02,990.50\n2020-01-03,\"1,000\"\n");
        refusedAlike(store, prices, prices + " line 3, column Close: '1,000' is not a plain number: its comma reads as a thousands separator or as a decimal comma, "
                + "and line 2 of the column ('990.50') is not written with a decimal comma", "Close", "write prices and volumes without a thousands separator");
    }

    @Test
    void intradayFilesWithDayFirstDatesAndDecimalCommasImportAsBarsAtTheirInstant(@TempSextant Store store) throws Exception {
        Path two = write(tmp, "EURUSD.csv", "Datum;Zeit;Eröffnung;Hoch;Tief;Schluss;Volumen\n02.01.2019;09:30;1,1234;1,1240;1,1230;1,1238;100\n"
                + "02.01.2019;09:31;1,1238;1,1240;1,1230;1,1239;1.200\n02.01.2019;09:32;1,1239;1,1245;1,1235;1,1240;300\n");
        java.time.ZoneId berlin = java.time.ZoneId.of("Europe/Berlin"); // naive times read in the import's zone, as every bar file's
        ImportReport report = new PriceImporter(store, PriceRules.defaults(), berlin).importFiles(List.of(two));
        assertEquals("1m", report.files().get(0).interval());
        assertEquals(List.of("2019-01-02 08:30:00|1.1234|1.1238|100.0", "2019-01-02 08:31:00|1.1238|1.1239|1200.0", "2019-01-02 08:32:00|1.1239|1.124|300.0"), bars(store, "EURUSD"));
        assertEquals(List.of(two + ": dates read as DD.MM.YYYY", two + ": numbers read with a decimal comma and '.' or ' between thousands ('1.234,56' is 1234.56)"),
                report.files().get(0).notes().subList(0, 2));
        ImportPreview preview = ImportPreview.of(two, berlin);
        assertEquals("bars", preview.layout());
        assertEquals("1m", preview.interval());
        assertEquals(report.files().get(0).notes().subList(0, 2), preview.notes().subList(0, 2));

        // one column of day-first dates with times: dots, or slashes whose order a day past the 12th tells
        Path dots = write(tmp, "GBPUSD.csv", "Datum;Schluss\n02.01.2019 09:30;1,2734\n02.01.2019 09:31;1,2738\n");
        Path slashes = write(tmp, "USDJPY.csv", "Date;Close\n13/01/2019 09:30;108,5\n13/01/2019 09:31;108,6\n");
        Path us = write(tmp, "AUDUSD.csv", "Date,Close\n01/13/2019 09:30,0.7134\n01/13/2019 09:31,0.7138\n");
        report = imported(store, dots, slashes, us);
        assertEquals(List.of("2019-01-02 09:30:00|1.2734", "2019-01-02 09:31:00|1.2738"), closesOfBars(store, "GBPUSD"));
        assertEquals(List.of("2019-01-13 09:30:00|108.5", "2019-01-13 09:31:00|108.6"), closesOfBars(store, "USDJPY"));
        assertEquals(List.of("2019-01-13 09:30:00|0.7134", "2019-01-13 09:31:00|0.7138"), closesOfBars(store, "AUDUSD"));
        assertEquals(slashes + ": dates read as DD/MM/YYYY (line 2 '13/01/2019' has a day past the 12th first)", report.files().get(1).notes().get(0));
        assertEquals(us + ": dates read as MM/DD/YYYY (line 2 '01/13/2019' has a day past the 12th second)", report.files().get(2).notes().get(0));
        for (int k = 0; k < 3; k++) {
            ImportPreview p = ImportPreview.of(Path.of(report.files().get(k).file()));
            assertEquals("1m", p.interval(), p.toString());
            assertEquals(report.files().get(k).notes(), p.notes().subList(0, report.files().get(k).notes().size()));
        }

        // slashes no row tells the order of
        refusedAsAmbiguousOrder(store, write(tmp, "EURGBP.csv", "Date;Close\n02/01/2019 09:30;0,9034\n02/01/2019 09:31;0,9038\n"));
    }

    /** A file the import refuses with {@code message} on {@code field}, its fix starting so, and the preview alike. */
    private static void refusedAlike(Store store, Path file, String message, String field, String fixStart) {
        SextantException e = refusedByPreviewAlike(store, file);
        assertEquals(message, e.getMessage());
        assertEquals(field, e.field());
        assertTrue(e.fix().startsWith(fixStart), e.fix());
    }

    /** A file whose dates no row tells the order of: refused naming the column and the fix, by the preview alike. */
    private static void refusedAsAmbiguousOrder(Store store, Path ambiguous) {
        SextantException e = refusedByPreviewAlike(store, ambiguous);
        assertEquals(ambiguous + ", column Date: every date reads as DD/MM/YYYY or as MM/DD/YYYY (no day past the 12th tells which), "
                + "so the order of day and month is ambiguous", e.getMessage());
        assertEquals("Date", e.field());
        assertTrue(e.fix().startsWith("rewrite the dates as YYYY-MM-DD"), e.fix());
    }

    private static List<String> bars(Store store, String symbol) {
        return column(store, "SELECT CAST(ts AS VARCHAR) || '|' || open || '|' || close || '|' || volume FROM bars WHERE symbol = '" + symbol + "' ORDER BY ts");
    }

    private static List<String> closesOfBars(Store store, String symbol) {
        return column(store, "SELECT CAST(ts AS VARCHAR) || '|' || close FROM bars WHERE symbol = '" + symbol + "' ORDER BY ts");
    }

    /** A copy of a test resource of /ingest under {@code name} (its symbol). */
    private Path resource(String resource, String name) throws Exception {
        try (java.io.InputStream in = getClass().getResourceAsStream("/ingest/" + resource)) {
            return write(tmp, name, new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    private static List<String> prices(Store store, String symbol) {
        return column(store, "SELECT CAST(date AS VARCHAR) || '|' || open || '|' || high || '|' || low || '|' || close || '|' || volume FROM prices WHERE symbol = '"
                + symbol + "' ORDER BY date");
    }
}
