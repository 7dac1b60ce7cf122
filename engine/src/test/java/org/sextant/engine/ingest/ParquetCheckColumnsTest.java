package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Parquet cast check grew faster than the cells: it built an expression for every column, however the column was
 * stored. A column stored as a number or a date always casts; only the others (text) are read, and a bad cell there is
 * still found.
 */
class ParquetCheckColumnsTest {
    @TempDir Path tmp;

    @Test
    void onlyColumnsThatMayNotCastAreChecked() throws Exception {
        Path file = tmp.resolve("wide.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT DATE '2020-01-01' + i::INTEGER AS date, i * 1.5 AS AAA, CASE WHEN i = 3 THEN 'x' ELSE i::VARCHAR END AS BBB, "
                    + "i::BIGINT AS CCC, (i * 2)::DECIMAL(10, 2) AS DDD FROM range(10) t(i)) TO '" + file + "' (FORMAT parquet)");
            String relation = "read_parquet('" + file + "', file_row_number=true)";
            ImportBatch.Source s = new ImportBatch.Source(0, "wide.parquet", file,
                    Layout.detect(List.of("date", "AAA", "BBB", "CCC", "DDD"), "wide.parquet"), null, "file:wide.parquet", null);
            assertEquals(List.of(2), ParquetReadSql.mayNotCast(c, relation, s), "only BBB, stored as text, may hold a cell that is not a number");
            assertEquals(2, ParquetReadSql.firstUncastColumn(c, relation, s), "its bad cell is found");

            Path texts = tmp.resolve("texts.parquet");
            st.execute("COPY (SELECT strftime(DATE '2020-01-01' + i::INTEGER, '%Y-%m-%d') AS date, i * 1.5 AS AAA FROM range(10) t(i)) TO '" + texts + "' (FORMAT parquet)");
            ImportBatch.Source t = new ImportBatch.Source(0, "texts.parquet", texts, Layout.detect(List.of("date", "AAA"), "texts.parquet"), null, "file:t", null);
            String textRelation = "read_parquet('" + texts + "', file_row_number=true)";
            assertEquals(List.of(0), ParquetReadSql.mayNotCast(c, textRelation, t), "dates written as text are checked");
            assertEquals(-1, ParquetReadSql.firstUncastColumn(c, textRelation, t));
        }
    }
}
