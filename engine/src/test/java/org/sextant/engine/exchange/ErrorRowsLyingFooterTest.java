package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A part file whose footer says its error column holds no null while a row holds none: DuckDB trusts the footer (a row
 * without an error passes {@code error IS NOT NULL}, and the rows an import checks, {@code error IS NULL}, skip it), so
 * that row would be answered as a failure with no error and never checked. The import refuses the output instead.
 */
class ErrorRowsLyingFooterTest {
    @Test
    void aFooterThatCountsARowWithoutAnErrorAmongTheErrorsIsRefused(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        Path folder = partFile(tmp, 3, 1, 122_880);
        sayNoNulls(folder.resolve("part-00000.parquet"), "too little history 2");

        SextantException e = assertThrows(SextantException.class, () -> BacktestOutputs.exchange(store, tmp).importJob(folder, null));
        assertEquals("output", e.field());
        assertTrue(e.getMessage().contains("part-00000.parquet in " + folder + ", column error holds no error in row 2 that its footer's null count says is one"), e.getMessage());
    }

    /** Past the first 100 error rows (by symbol) no error cell is read: the lie is found by counting the error column itself. */
    @Test
    void aLyingFooterPastTheFirstHundredErrorRowsIsRefused(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        // 5,000 rows in row groups of 2,048 (DuckDB's least); SYM4500, in the third group and past the first 100 by symbol, holds no error
        Path folder = partFile(tmp, 5_000, 4_500, 2_048);
        Path part = folder.resolve("part-00000.parquet");
        int group;
        long rows;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             java.sql.ResultSet r = s.executeQuery("SELECT row_group_id, stats_max, row_group_num_rows FROM parquet_metadata('" + part + "') WHERE path_in_schema = 'error' AND stats_null_count = 1")) {
            assertTrue(r.next() && r.getInt(1) > 0, "the row without an error is in a later row group");
            sayNoNulls(part, r.getString(2));
            group = r.getInt(1) + 1;
            rows = r.getLong(3);
        }

        SextantException e = assertThrows(SextantException.class, () -> BacktestOutputs.exchange(store, tmp).importJob(folder, null));
        assertEquals("output", e.field());
        assertTrue(e.getMessage().contains("part-00000.parquet in " + folder + ", column error holds " + (rows - 1) + " errors in row group " + group
                + " where its footer's null count says " + rows), e.getMessage());
    }

    /** A backtest output folder of one part file of {@code rows} error rows but row {@code noError}, in row groups of {@code groupRows}. */
    private static Path partFile(Path tmp, int rows, int noError, int groupRows) throws Exception {
        Path folder = tmp.resolve("backtest");
        Files.createDirectories(folder);
        Path part = folder.resolve("part-00000.parquet");
        List<String> cells = new ArrayList<>();
        for (String col : ForecastBacktestRows.COLUMNS) {
            cells.add(switch (col) {
                case "symbol" -> "'SYM' || i";
                case "error_field" -> "'symbols'";
                case "error" -> "CASE WHEN i = " + noError + " THEN NULL ELSE 'too little history ' || i END";
                default -> "NULL::" + BacktestOutputs.type(col);
            } + " AS " + col);
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT " + String.join(", ", cells) + " FROM range(" + rows + ") t(i)) TO '" + part + "' (FORMAT parquet, ROW_GROUP_SIZE " + groupRows + ")");
        }
        Files.writeString(folder.resolve("_SUCCESS"), "");
        return folder;
    }

    /**
     * Rewrites the footer's null count of the column whose largest value is {@code max} from 1 to 0: in Thrift's compact
     * encoding null_count (field 3, i64: 0x16, then 1 zigzagged: 0x02) comes just before max_value (field 5: 0x28, its length).
     */
    private static void sayNoNulls(Path file, String max) throws Exception {
        byte[] b = Files.readAllBytes(file);
        byte[] v = max.getBytes(StandardCharsets.UTF_8);
        byte[] pattern = new byte[4 + v.length];
        pattern[0] = 0x16;
        pattern[1] = 0x02;
        pattern[2] = 0x28;
        pattern[3] = (byte) v.length;
        System.arraycopy(v, 0, pattern, 4, v.length);
        int at = -1;
        for (int i = 0; i + pattern.length <= b.length && at < 0; i++) {
            if (java.util.Arrays.equals(b, i, i + pattern.length, pattern, 0, pattern.length)) at = i;
        }
        assertTrue(at >= 0, "the footer holds the error column's null count of 1 before its max_value");
        b[at + 1] = 0x00;
        Files.write(file, b);
    }
}
