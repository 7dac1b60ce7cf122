package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.ingest.CsvImports.closes;
import static org.sextant.engine.ingest.CsvImports.imported;
import static org.sextant.engine.ingest.CsvImports.refused;
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

/**
 * Excel's "sep=;" first line names the delimiter of the lines below it (attack 21, L2: it was refused as a header): honoured,
 * skipped, said in the notes, and every line still named by its number in the file.
 */
class ExcelSeparatorLineTest {
    @TempDir Path tmp;

    @Test
    void theSeparatorLineNamesTheDelimiterAndIsSkipped(@TempSextant Store store) throws Exception {
        Path semicolon = write(tmp, "SAP.csv", "sep=;\r\nDatum;Schluss\r\n02.01.2019;1.234,5\r\n03.01.2019;1.240\r\n");
        Path comma = write(tmp, "KO.csv", "\"sep=,\"\nDate,Close,Name\n2020-01-02,10,\"Coca-Cola; Co\"\n");
        Path tab = write(tmp, "IBM.csv", "sep=\\t\nDate\tClose\n2020-01-02\t10,5\n");
        Path pipe = write(tmp, "MSFT.csv", "sep=|\nDate|Close|Volume\n2020-01-02|160.62|22622\n");
        Path wide = write(tmp, "dax.csv", "sep=;\nDatum;BAS;SIE\n02.01.2019;1.234,5;98,7\n");
        ImportReport report = imported(store, semicolon, comma, tab, pipe, wide);
        assertEquals(List.of("2019-01-02|1234.5", "2019-01-03|1240.0"), closes(store, "SAP"));
        assertEquals(List.of("2020-01-02|10.0"), closes(store, "KO"));
        assertEquals(List.of("2020-01-02|10.5"), closes(store, "IBM"));
        assertEquals(List.of("2020-01-02|160.62"), closes(store, "MSFT"));
        assertEquals(List.of("2019-01-02|98.7"), closes(store, "SIE"));
        assertEquals(semicolon + ": line 1 names ';' as the separator between cells (sep=, as Excel writes it); the header is line 2",
                report.files().get(0).notes().get(0));
        assertEquals(tab + ": line 1 names a tab as the separator between cells (sep=, as Excel writes it); the header is line 2",
                report.files().get(2).notes().get(0));
        for (int k = 0; k < 5; k++) {
            ImportPreview p = ImportPreview.of(Path.of(report.files().get(k).file()));
            assertEquals(report.files().get(k).notes(), p.notes());
            assertTrue(p.header().get(0).startsWith("Dat"), p.header().toString());
        }
        assertEquals(List.of("Date", "Close", "Volume"), ImportPreview.of(pipe).header());
        assertEquals("|", ImportPreview.of(pipe).delimiter());
    }

    @Test
    void aRefusedRowIsNamedByItsLineInTheFileCountingTheSeparatorLine(@TempSextant Store store) throws Exception {
        // found in Java (the file's number style), by DuckDB's reader (a line cut short), and by the checks after the read (a date twice)
        Path cell = write(tmp, "SAP.csv", "sep=;\nDatum;Schluss\n02.01.2019;1,5\n03.01.2019;12x\n");
        assertEquals(cell + " line 4, column Schluss: '12x' is not a number", refused(store, cell).getMessage());
        Path cut = write(tmp, "KO.csv", "sep=,\nDate,Open,Close\n2020-01-02,1,10\n2020-01-03,2\n");
        assertTrue(refused(store, cut).getMessage().startsWith(cut + " line 4: fewer cells than the 3 columns"), refused(store, cut).getMessage());
        Path twice = write(tmp, "IBM.csv", "sep=,\nDate,Close\n2020-01-02,10\n2020-01-03,11\n2020-01-03,12\n");
        assertTrue(refused(store, twice).getMessage().startsWith(twice + " line 5"), refused(store, twice).getMessage());
        Path wide = write(tmp, "dax.csv", "sep=;\nDatum;SAP;SIE\n02.01.2019;1,5;2\n03.01.2019;1,5;2;3\n");
        assertTrue(refused(store, wide).getMessage().startsWith(wide + " line 4"), refused(store, wide).getMessage());
        assertEquals(List.of(), closes(store, "SAP"));
    }

    @Test
    void barAndWeeklyFilesBelowASeparatorLineImportAsBars(@TempSextant Store store) throws Exception {
        Path minutes = write(tmp, "EURUSD.csv", "sep=;\nDatum;Zeit;Schluss\n02.01.2019;09:30;1,1238\n02.01.2019;09:31;1,1239\n02.01.2019;09:32;1,1240\n");
        StringBuilder weeks = new StringBuilder("sep=,\nDate,Close\n");
        for (java.time.LocalDate d = java.time.LocalDate.of(2020, 1, 3); d.getYear() == 2020 && weeks.length() < 200; d = d.plusWeeks(1)) weeks.append(d).append(",10\n");
        Path weekly = write(tmp, "SAPW.csv", weeks.toString());
        ImportReport report = imported(store, minutes, weekly);
        assertEquals("1m", report.files().get(0).interval());
        assertEquals("1w", report.files().get(1).interval());
        assertEquals(minutes + ": line 1 names ';' as the separator between cells (sep=, as Excel writes it); the header is line 2", report.files().get(0).notes().get(0));
        assertEquals("1m", ImportPreview.of(minutes).interval());
        assertEquals(List.of("02.01.2019", "09:30", "1,1238"), ImportPreview.of(minutes).rows().get(0));
        // a bad cell of a bar file is named by its line in the file
        Path bad = write(tmp, "GBPUSD.csv", "sep=;\nDatum;Zeit;Schluss\n02.01.2019;09:30;1,1238\n02.01.2019;09:31;x\n");
        assertTrue(refused(store, bad).getMessage().startsWith(bad + " line 4, column Schluss"), refused(store, bad).getMessage());
    }

    @Test
    void aSeparatorTheImportDoesNotReadIsRefusedNamingIt(@TempSextant Store store) throws Exception {
        Path f = write(tmp, "SAP.csv", "sep=#\nDatum#Schluss\n02.01.2019#1,5\n");
        SextantException e = refused(store, f);
        assertEquals(f + " line 1 names '#' as the separator between cells (sep=), which the import does not read", e.getMessage());
        assertTrue(e.fix().startsWith("save the file with ',', ';', a tab or '|' between cells"), e.fix());
        assertEquals(e.getMessage(), assertThrows(SextantException.class, () -> ImportPreview.of(f)).getMessage());
    }

    @Test
    void aHeaderRefusedBelowASeparatorLineIsNamedAsLine2(@TempSextant Store store) throws Exception {
        Path noClose = write(tmp, "SAP.csv", "sep=;\nDatum;Eröffnung;Volumen\n02.01.2019;1,5;100\n");
        SextantException e = refused(store, noClose);
        assertEquals(noClose + " line 2 (the header): 3 columns, recognised: date, open, volume, but no close column", e.getMessage());
        assertEquals(e.getMessage(), assertThrows(SextantException.class, () -> ImportPreview.of(noClose)).getMessage());
        Path noDate = write(tmp, "KO.csv", "sep=,\nDay,Close\n2020-01-02,10\n");
        assertEquals(noDate + " line 2 (the header): not a price file header (no date column; 2 columns, recognised: close)", refused(store, noDate).getMessage());
        Path twice = write(tmp, "IBM.csv", "sep=,\nDate,Close,close\n2020-01-02,10,11\n");
        assertTrue(refused(store, twice).getMessage().startsWith(twice + " line 2 (the header): columns 2 ('Close') and 3"), refused(store, twice).getMessage());
        Path names = write(tmp, "BAS.csv", "sep=,\nDate,Close,Name,name\n2020-01-02,10,BASF,BASF SE\n");
        assertTrue(refused(store, names).getMessage().startsWith(names + " line 2 (the header): columns 3 ('Name') and 4"), refused(store, names).getMessage());
        Path barNoClose = write(tmp, "EURUSD.csv", "sep=;\nDatum;Zeit;Volumen\n02.01.2019;09:30;5\n02.01.2019;09:31;6\n");
        assertTrue(refused(store, barNoClose).getMessage().startsWith(barNoClose + " line 2 (the header): a bar file"), refused(store, barNoClose).getMessage());
        // without the line, the header is line 1
        Path plain = write(tmp, "MSFT.csv", "Date,Open\n2020-01-02,10\n");
        assertTrue(refused(store, plain).getMessage().startsWith(plain + " line 1 (the header): "), refused(store, plain).getMessage());
    }
}
