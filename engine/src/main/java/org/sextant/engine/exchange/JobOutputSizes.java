package org.sextant.engine.exchange;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.sextant.engine.research.sweep.Sweep;

/**
 * The sizes a job output's part file declares in its footer for the columns an import reads, checked before any value is
 * read, as the price import checks its files (ingest.ParquetSizes): a list of 100,000 strings of 900 characters a row fits
 * in 2.7 KB of zstd and filled DuckDB's memory when read. Per row group and column read, from parquet_metadata alone:
 * <ul>
 *   <li>its values (a list's elements) pass the rows times what a row of the job holds: {@link Sweep#PBO_BLOCKS} in a
 *       sweep's block sums ({@link #LISTS}), one in any other column;</li>
 *   <li>a text column's statistics hold a value longer than its bound, or its uncompressed size passes its bound per
 *       value plus {@link #MAX_EXTRA_BYTES}: {@link #MAX_JSON_BYTES} for a *_json column (1,000 origins of a 260-day
 *       forecast with 10 bands are about 110 MB), {@link #MAX_TEXT_BYTES} for a symbol, a model or an error.</li>
 * </ul>
 * Columns the import does not read are not looked at: it never reads them.
 */
final class JobOutputSizes {
    private JobOutputSizes() {}

    /** The longest JSON cell a job writes, in bytes. */
    static final long MAX_JSON_BYTES = 128L << 20;
    /** The longest other text cell a job writes (a symbol, a model name, an error's sentence), in bytes. */
    static final long MAX_TEXT_BYTES = 64 * 1024;
    /** The columns a job writes as lists: a sweep's block sums and counts ({@link StrategySweepRows}), {@link Sweep#PBO_BLOCKS} a row. */
    static final java.util.Set<String> LISTS = java.util.Set.of("block_sum", "block_sq", "block_count");
    /** Per row group and column, the bytes beyond the per-value bound: a dictionary page's and data pages' headers. */
    static final long MAX_EXTRA_BYTES = 64 * 1024;

    /**
     * Refuses part file {@code file} (a SQL literal, {@link org.sextant.engine.store.DuckDbPath}; named {@code where}, "FILE in FOLDER, ")
     * when a column in {@code columns} passes the bounds; a footer that does not read throws, for the caller to refuse.
     */
    static void require(Connection c, String file, String where, List<String> columns, String job) throws SQLException {
        String sql = "SELECT row_group_id, row_group_num_rows, path_in_schema, num_values, total_uncompressed_size, type IN ('BYTE_ARRAY', 'FIXED_LEN_BYTE_ARRAY'), "
                + "greatest(coalesce(length(stats_min_value), 0), coalesce(length(stats_max_value), 0)) FROM parquet_metadata("
                + file + ") ORDER BY row_group_id, column_id";
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
            while (r.next()) {
                String path = r.getString(3);
                String column = columns.stream().filter(k -> path.equals(k) || path.startsWith(k + ", ")).findFirst().orElse(null);
                if (column == null) continue;
                long group = r.getLong(1) + 1, rows = Math.max(0, r.getLong(2)), values = r.getLong(4), bytes = r.getLong(5);
                long perRow = LISTS.contains(column) ? Sweep.PBO_BLOCKS : 1; // a list elsewhere is not the job's: one value a row
                if (values > rows * perRow || values < 0) {
                    throw refusal(where, column, job, "holds " + values + " values in row group " + group + " for " + rows + " rows, more than the "
                            + perRow + " a row of the job holds");
                }
                if (!r.getBoolean(6)) continue;
                long max = column.endsWith("_json") ? MAX_JSON_BYTES : MAX_TEXT_BYTES;
                if (r.getLong(7) > max) throw refusal(where, column, job, "holds a value of at least " + r.getLong(7) + " bytes, more than the " + max + " the job writes");
                long bound = values * (max + 16) + MAX_EXTRA_BYTES;
                if (bytes > bound || bytes < 0) {
                    throw refusal(where, column, job, "holds " + bytes + " bytes of text in row group " + group + " for " + values
                            + " values, more than the " + bound + " that values of at most " + max + " bytes take");
                }
            }
        }
    }

    private static org.sextant.engine.SextantException refusal(String where, String column, String job, String what) {
        return JobOutput.corrupt(where, column, what + " (the file's footer says so; no value was read)", job);
    }
}
