package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import org.sextant.engine.SextantException;

/**
 * The sizes a Parquet file's footer declares for the text columns an import reads, checked before any value is read. zstd keeps 2,000
 * cells of 20 MB in 6.5 KB; reading them as 2,000 rows built 40 GB of strings (RSS 2.6 GB, 29 GB of DuckDB temporary
 * files) inside one vector, which no cancel reaches, long before the 40-character ticker rule saw a symbol. Per row group
 * and text column the import reads (others are never read: {@link ParquetColumns}), two rules, from the footer alone (parquet_metadata):
 * <ul>
 *   <li>its statistics' least or greatest value is longer than the column may hold (a symbol {@link Tickers#MAX_CHARS}
 *       characters, any other text {@link #MAX_CELL_CHARS}): a cell at least that long is in the file;</li>
 *   <li>its uncompressed size passes {@link #MAX_BYTES_PER_VALUE} per value (a symbol: its own bound) plus
 *       {@link #MAX_EXTRA_BYTES}: more text than cells within the bound can take, dictionary and page headers included.</li>
 * </ul>
 * A footer can lie or leave the statistics out: the reads bound what they keep as well (ParquetReadSql and BarFile keep at most
 * {@link Tickers#MAX_CHARS} + 1 characters of a symbol; ImportedDescriptions measures a description before gathering
 * it), and DuckDB's temporary folder is bounded (Store).
 */
final class ParquetSizes {
    private ParquetSizes() {}

    /** The longest text cell of a Parquet file an import reads, in characters (a description's own rule is shorter). */
    static final int MAX_CELL_CHARS = ImportedDescriptions.MAX_CELL_BYTES;
    /** Per value, the uncompressed bytes a text column may take: a cell of 1,024 bytes, its length and a share of page headers. */
    static final int MAX_BYTES_PER_VALUE = MAX_CELL_CHARS + 16;
    /** Per row group and column, the bytes beyond the per-value bound: a dictionary page's and data pages' headers. */
    static final int MAX_EXTRA_BYTES = 64 * 1024;

    /**
     * Refuses {@code file} (its copy {@code staged}) when a text column the import reads ({@code read}, by index into
     * {@code columns}) declares sizes past the bounds above, naming the column. A column the import does not read is not
     * looked at: no read of it follows (a long comment column imports).
     */
    static void requireWithinBounds(Connection c, StagedFile staged, String file, ParquetColumns columns, Set<Integer> read) {
        String sql = "SELECT row_group_id, column_id, path_in_schema, num_values, total_uncompressed_size, "
                + "greatest(coalesce(length(stats_min_value), 0), coalesce(length(stats_max_value), 0)) FROM parquet_metadata("
                + staged.sqlLiteral() + ") WHERE type IN ('BYTE_ARRAY', 'FIXED_LEN_BYTE_ARRAY') ORDER BY row_group_id, column_id";
        // on a connection of its own: an unreadable footer fails this look, not the import's transaction
        try (Connection own = ParquetColumns.own(c); Statement st = own.createStatement(); ResultSet r = st.executeQuery(sql)) {
            while (r.next()) {
                int leaf = r.getInt(2);
                // a leaf of no known column (a schema DuckDB reads otherwise) is checked as if read
                if (columns.leafOf() != null && leaf < columns.leafOf().length && !read.contains(columns.leafOf()[leaf])) continue;
                String column = r.getString(3);
                boolean symbol = PriceField.SYMBOL.contains(PriceField.normalize(column));
                int maxChars = symbol ? Tickers.MAX_CHARS : MAX_CELL_CHARS;
                long values = Math.max(0, r.getLong(4));
                long bound = values * (symbol ? Tickers.MAX_CHARS + 16 : MAX_BYTES_PER_VALUE) + MAX_EXTRA_BYTES;
                if (r.getLong(6) > maxChars) {
                    throw tooLong(file, column, symbol, maxChars, "a value of at least " + r.getLong(6) + " characters, more than the " + maxChars + " "
                            + (symbol ? "a symbol" : "a text cell") + " may have");
                }
                if (r.getLong(5) > bound || r.getLong(5) < 0) {
                    throw tooLong(file, column, symbol, maxChars, r.getLong(5) + " bytes of text in row group " + (r.getLong(1) + 1) + " for " + values
                            + " values, more than the " + bound + " that values of at most " + maxChars + " characters take");
                }
            }
        } catch (SQLException e) {
            // an unreadable footer: the read that follows names the file as not a readable Parquet file
        }
    }

    private static SextantException tooLong(String file, String column, boolean symbol, int maxChars, String holds) {
        return SextantException.invalid(column, file + ": its " + column + " column holds " + holds + " (the file's footer says so; no value was read); "
                + "nothing was imported", "shorten the " + (symbol ? "symbols" : "values") + " in that column to at most " + maxChars
                + " characters (or drop the column), then import again");
    }
}
