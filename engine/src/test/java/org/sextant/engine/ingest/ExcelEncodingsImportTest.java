package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * CSVs as German and French Excel save them by default, in Windows-1252 ("Schluß", "Zürich", € as byte 0x80), and as its
 * "Unicode text" (UTF-16 with a byte-order mark): imported and previewed from a UTF-8 copy, said in the notes (attack 21, M3).
 * What is neither (a byte Windows-1252 leaves undefined, two encodings in one file, a binary file) is refused, echoing nothing.
 */
class ExcelEncodingsImportTest {
    @TempSextant private Sextant engine;
    @TempDir Path tmp;
    private static final Charset CP1252 = Charset.forName("windows-1252");

    static final String GERMAN = "Symbol;Datum;Eröffnung;Hoch;Tief;Schluß;Volumen;Name\n"
            + "MUV2.DE;02.01.2020;1.234,50;1.240,00;1.230,25;1.238,75;1.234;Münchener Rück (€)\n"
            + "MUV2.DE;03.01.2020;1.238,75;1.245,10;1.236,00;1.244,30;987;Münchener Rück (€)\n";

    @Test
    void aWindows1252FileFromGermanExcelImportsWithItsUmlautsAndEuroSign() throws Exception {
        Path file = write("muenchen.csv", GERMAN, CP1252);
        ImportReport report = engine.importPrices(List.of(file));
        assertEquals(List.of("2020-01-02|1238.75|1234.0", "2020-01-03|1244.3|987.0"), closes("MUV2.DE"));
        assertEquals("Münchener Rück (€)", engine.listSymbols("MUV2.DE").get(0).name(), "the name as written, not as its bytes read in UTF-8");
        List<String> notes = report.files().get(0).notes();
        assertEquals(file + ": read as Windows-1252 (not UTF-8; the file itself is unchanged)", notes.get(0));
        assertTrue(notes.contains(file + ": dates read as DD.MM.YYYY"), notes.toString());
        assertEquals(List.of(), staged(), "the UTF-8 copy is gone");
        // the preview reads it as the import does
        ImportPreview preview = ImportPreview.of(file);
        assertEquals(notes, preview.notes());
        assertEquals("Schluß", preview.header().get(5));
        assertEquals("Münchener Rück (€)", preview.rows().get(0).get(7));
    }

    @Test
    void aFrenchWindows1252FileAndAnIntradayOneImportTooAndACellsSymbolIsShownAsWritten() throws Exception {
        Path fr = write("AIR.PA.csv", "Date;Ouverture;Plus haut;Plus bas;Clôture;Volume\n13/01/2020;10,5;11,25;10,1;11;1200\n14/01/2020;11;11,5;10,75;11,4;900\n",
                CP1252);
        // a file of times: the bar import reads its first lines from the UTF-8 copy too
        Path bars = write("EURUSD.csv", "Datum;Zeit;Eröffnung;Schluß\n02.01.2019;09:30;1,1234;1,1238\n02.01.2019;09:31;1,1238;1,1239\n"
                + "02.01.2019;09:32;1,1239;1,1240\n", CP1252);
        ImportReport report = engine.importPrices(List.of(fr, bars));
        assertEquals(List.of("2020-01-13|11.0|1200.0", "2020-01-14|11.4|900.0"), closes("AIR.PA"));
        assertEquals("1m", report.files().get(1).interval());
        assertEquals(bars + ": read as Windows-1252 (not UTF-8; the file itself is unchanged)", report.files().get(1).notes().get(0));
        assertEquals("1m", ImportPreview.of(bars).interval());
        // a symbol cell with an umlaut is no ticker: refused showing it as written
        Path umlaut = write("long.csv", "Symbol;Datum;Schluß\nMÜN;02.01.2020;1,5\n", CP1252);
        SextantException e = assertThrows(SextantException.class, () -> engine.importPrices(List.of(umlaut)));
        assertTrue(e.getMessage().contains("the symbol 'MÜN' is not a ticker"), e.getMessage());
    }

    /** Excel's "Unicode text": UTF-16 with its byte-order mark, either byte order. */
    @Test
    void aUtf16FileWithItsByteOrderMarkImports() throws Exception {
        for (Charset utf16 : new Charset[] {StandardCharsets.UTF_16LE, StandardCharsets.UTF_16BE}) {
            String symbol = "KO" + utf16.name().substring(6);
            Path f = write(symbol + ".csv", "\uFEFFDate\tClose\tName\r\n2020-01-02\t10,5\tCoca-Cola Zürich\r\n", utf16);
            ImportReport report = engine.importPrices(List.of(f));
            assertEquals(List.of("2020-01-02|10.5|null"), closes(symbol));
            assertEquals("Coca-Cola Zürich", engine.listSymbols(symbol).get(0).name());
            assertEquals(f + ": read as UTF-16 (not UTF-8; the file itself is unchanged)", report.files().get(0).notes().get(0));
            assertEquals(report.files().get(0).notes(), ImportPreview.of(f).notes());
        }
    }

    @Test
    void aFileWithABytesWindows1252LeavesUndefinedIsRefusedNamingTheLineNotTheBytes() throws Exception {
        byte[] text = "Datum;Schluss;Name\n02.01.2020;1,5;Rueck\n03.01.2020;1,6;SECRET\u0081X\n".getBytes(StandardCharsets.ISO_8859_1);
        Path f = Files.write(tmp.resolve("BAD.csv"), text);
        SextantException e = assertThrows(SextantException.class, () -> engine.importPrices(List.of(f)));
        assertEquals(f + ": not a price CSV: it is not UTF-8 text, nor Windows-1252 (line 3 holds a byte Windows-1252 leaves undefined: "
                + "0x81, 0x8D, 0x8F, 0x90 or 0x9D)", e.getMessage());
        assertTrue(e.fix().startsWith("save the file as UTF-8 (Excel: Save As > CSV UTF-8"), e.fix());
        assertFalse(e.toString().contains("SECRET"));
        assertEquals(e.getMessage(), assertThrows(SextantException.class, () -> ImportPreview.of(f)).getMessage());
        assertEquals(List.of(), staged(), "nothing left in staging");
        assertTrue(engine.listSymbols("BAD").isEmpty());
    }

    @Test
    void aFileMixingUtf8AndWindows1252IsRefusedAsItWouldReadWrongEitherWay() throws Exception {
        byte[] utf8 = "Datum;Schluss;Name\n02.01.2020;1,5;Zürich\n".getBytes(StandardCharsets.UTF_8);
        byte[] cp = "03.01.2020;1,6;Zürich\n".getBytes(CP1252);
        byte[] both = new byte[utf8.length + cp.length];
        System.arraycopy(utf8, 0, both, 0, utf8.length);
        System.arraycopy(cp, 0, both, utf8.length, cp.length);
        Path f = Files.write(tmp.resolve("ZURN.csv"), both);
        SextantException e = assertThrows(SextantException.class, () -> engine.importPrices(List.of(f)));
        assertEquals(f + ": not a price CSV: it mixes two encodings (line 2 holds UTF-8 text, line 3 bytes that are not UTF-8), "
                + "so its accented letters would read wrong either way", e.getMessage());
        assertEquals(e.getMessage(), assertThrows(SextantException.class, () -> ImportPreview.of(f)).getMessage());
    }

    @Test
    void aBinaryFileIsStillRefusedAsNoText() throws Exception {
        // a zip's magic and control bytes: not Windows-1252 text though every byte but them is defined
        Path f = Files.write(tmp.resolve("prices.csv"), new byte[] {'P', 'K', 3, 4, (byte) 0xE9, 'a', '\n', 'b', '\n'});
        SextantException e = assertThrows(SextantException.class, () -> engine.importPrices(List.of(f)));
        assertEquals(f + ": not a price CSV: it is not UTF-8 text (a binary file such as a database, or text in another encoding, "
                + "such as UTF-16 without its byte-order mark)", e.getMessage());
        assertEquals(e.getMessage(), assertThrows(SextantException.class, () -> ImportPreview.of(f)).getMessage());
    }

    private Path write(String name, String text, Charset charset) throws Exception {
        return Files.write(tmp.resolve(name), text.getBytes(charset));
    }

    private List<String> staged() throws Exception {
        try (var files = Files.list(engine.store().stagingDir())) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }

    private List<String> closes(String symbol) {
        return engine.store().read(c -> {
            List<String> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT CAST(date AS VARCHAR) || '|' || close || '|' || coalesce(CAST(volume AS VARCHAR), 'null') "
                    + "FROM prices WHERE symbol = '" + symbol + "' ORDER BY date")) {
                while (r.next()) out.add(r.getString(1));
            }
            return out;
        });
    }
}
