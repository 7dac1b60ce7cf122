package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.ingest.CsvImports.assertPreviewNotesAlike;
import static org.sextant.engine.ingest.CsvImports.closes;
import static org.sextant.engine.ingest.CsvImports.column;
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
 * Intraday bar files whose first row quotes no number and a later row does (stop 54): Excel quotes only the cells it
 * writes with a comma, so a price crossing 1,000 is quoted from that bar on. They follow the daily files' rules.
 */
class QuotedLaterBarsTest {
    @TempDir Path tmp;

    @Test
    void aUsNumberQuotedFromALaterBarOnImportsNotedByLineAndColumn(@TempSextant Store store) throws Exception {
        Path amzn = write(tmp, "AMZN.csv", "Datetime,Open,High,Low,Close\n2017-07-26 13:30:00,994.50,998.00,990.00,996.00\n"
                + "2017-07-26 13:31:00,996.20,999.10,992.00,998.80\n2017-07-26 13:32:00,999.00,\"1,002.10\",997.50,\"1,001.20\"\n");
        ImportReport report = imported(store, amzn);
        assertEquals("1m", report.files().get(0).interval());
        assertEquals(List.of("2017-07-26 13:30:00|996.0", "2017-07-26 13:31:00|998.8", "2017-07-26 13:32:00|1001.2"),
                column(store, "SELECT CAST(ts AS VARCHAR) || '|' || close FROM bars WHERE symbol = 'AMZN' ORDER BY ts"));
        String note = amzn + ": numbers read with a decimal point and ',' between thousands: '1,002.10' (line 4, column High) is 1002.10";
        assertTrue(report.files().get(0).notes().contains(note), report.toString());
        ImportPreview preview = ImportPreview.of(amzn);
        assertEquals("bars", preview.layout());
        assertTrue(preview.notes().contains(note), preview.toString());
    }

    @Test
    void germanPointsQuotedFromALaterBarOnAreRefusedAsAmbiguous(@TempSextant Store store) throws Exception {
        Path dax = write(tmp, "DAX.csv", "Datetime,Close\n2024-01-02 09:00:00,950\n2024-01-02 09:01:00,\"17.000\"\n");
        String message = dax + " line 3, column Close: '17.000' reads as 17.000 (a decimal point) or as 17000 (a dot between thousands), "
                + "and no number of the file tells which";
        SextantException e = refused(store, dax);
        assertEquals(message, e.getMessage());
        assertEquals("Close", e.field());
        assertTrue(e.fix().startsWith("write whole numbers without a thousands separator (17000)"), e.fix());
        assertEquals(message, assertThrows(SextantException.class, () -> ImportPreview.of(dax)).getMessage());
        assertEquals(List.of("0"), column(store, "SELECT count(*) FROM bars"));
        // a volume with dots between thousands twice proves the file German: its "17.000" is then 17000
        Path proven = write(tmp, "DAXV.csv", "Datetime,Close,Volume\n2024-01-02 09:00:00,950,100\n2024-01-02 09:01:00,\"17.000\",\"1.234.567\"\n");
        imported(store, proven);
        assertEquals(List.of("2024-01-02 09:00:00|950.0", "2024-01-02 09:01:00|17000.0"),
                column(store, "SELECT CAST(ts AS VARCHAR) || '|' || close FROM bars WHERE symbol = 'DAXV' ORDER BY ts"));
    }

    /** A daily file whose slashed dates are decided from its rows: its later quoted number was left unread (refused as no number). */
    @Test
    void aDailyFileWithSlashedDatesAndAQuotedNumberOnALaterRowImports(@TempSextant Store store) throws Exception {
        Path amzn = write(tmp, "AMZN.csv", "Date,Close\n07/24/2017,996.00\n07/25/2017,998.80\n07/26/2017,\"1,001.20\"\n");
        ImportReport report = imported(store, amzn);
        assertEquals(List.of("2017-07-24|996.0", "2017-07-25|998.8", "2017-07-26|1001.2"),
                column(store, "SELECT CAST(date AS VARCHAR) || '|' || close FROM prices WHERE symbol = 'AMZN' ORDER BY date"));
        assertTrue(report.files().get(0).notes().contains(amzn + ": numbers read with a decimal point and ',' between thousands: '1,001.20' (line 4, column Close) is 1001.20"),
                report.toString());
        assertPreviewNotesAlike(report);
    }
}
