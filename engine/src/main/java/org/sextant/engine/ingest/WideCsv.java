package org.sextant.engine.ingest;

import java.util.List;
import java.util.StringJoiner;
import java.util.function.IntFunction;

/**
 * A wide CSV (date,AAA,BBB,...) read as one row per cell: each line is read whole as text, split at
 * the delimiter and unnested, so the read costs the same per cell however many columns the file has.
 * DuckDB's UNPIVOT over the typed columns (the read before) grew with the square of the columns:
 * 6,000 columns of 8 rows took 13 s and 20,000 more than 5 minutes, holding the store's one writer.
 * A cell in double quotes is unquoted; a line that does not split into the header's cells (a quoted
 * delimiter, a line break inside quotes, a cut line) fails the strict read, and {@link #clean} tells
 * the careful path beforehand, which then reads the file with DuckDB's typed reader (that imports it
 * or names the line).
 */
final class WideCsv {
    private WideCsv() {}

    /**
     * One row per cell of a symbol column: line__ (the line below the header, when {@code lines}; else NULL), date__ (what
     * {@code date} makes of the line's cells, given each cell's SQL by column index), symbol__ and value__ (the cell's text).
     * Empty, missing ({@link MissingCells}) and NaN cells are left out: days without that symbol's price.
     *
     * @param strict a line with another number of cells than the header fails the read; else only a line with more
     *               (fewer read as missing cells, as the bar reader's null_padding has them)
     */
    static String cells(StagedFile staged, CsvHead csv, Layout layout, IntFunction<String> symbol, java.util.function.Function<IntFunction<String>, String> date,
                        boolean lines, boolean strict) {
        int width = layout.header().size();
        StringJoiner symbols = new StringJoiner(", ", "[", "]");
        java.util.Set<Integer> wide = new java.util.HashSet<>(layout.wideCols());
        for (int i = 0; i < width; i++) symbols.add(wide.contains(i) ? ImportBatch.literal(symbol.apply(i)) : "NULL");
        String line = lines ? "row_number() OVER () + " + (csv.above() + (csv.hasHeader() ? 1 : 0)) : "NULL::BIGINT";
        String badCount = strict ? "len(s__) <> " + width : "len(s__) > " + width;
        String value = csv.numbers().textSql(unquote("v__")); // a decimal comma as a point: every cell checked by CsvForms
        return "(SELECT line__, date__, " + symbols + "[k__] AS symbol__, " + value + " AS value__ FROM ("
                + "SELECT line__, " + date.apply(i -> unquote("cells__[" + (i + 1) + "]")) + " AS date__, unnest(cells__) AS v__, generate_subscripts(cells__, 1) AS k__ FROM ("
                + "SELECT " + line + " AS line__, CASE WHEN " + badCount + " THEN error('a line of another width') ELSE s__ END AS cells__ FROM ("
                + "SELECT string_split(t__, " + ImportBatch.literal(String.valueOf(csv.delimiter())) + ") AS s__ FROM " + lines(staged, csv) + ")))"
                + " WHERE " + symbols + "[k__] IS NOT NULL AND " + value + " NOT IN " + missing() + " AND NOT coalesce(isnan(TRY_CAST(" + value + " AS DOUBLE)), false))";
    }

    /**
     * Whether every line splits into the header's cells, each symbol cell a number or missing and each line's date
     * ({@code date} of its cells) not null: then {@link #cells} reads the file as DuckDB's typed reader would.
     */
    static boolean clean(java.sql.Connection c, StagedFile staged, CsvHead csv, Layout layout, java.util.function.Function<IntFunction<String>, String> date) {
        int width = layout.header().size();
        StringJoiner numbers = new StringJoiner(", ", "[", "]");
        for (int i : layout.wideCols()) numbers.add(String.valueOf(i + 1));
        String cell = csv.numbers().textSql(unquote("s__[k__]"));
        String sql = "SELECT 1 FROM (SELECT string_split(t__, " + ImportBatch.literal(String.valueOf(csv.delimiter())) + ") AS s__ FROM " + lines(staged, csv) + ") "
                + "WHERE len(s__) <> " + width + " OR " + date.apply(i -> unquote("s__[" + (i + 1) + "]")) + " IS NULL "
                + "OR len(list_filter(" + numbers + ", lambda k__: " + cell + " NOT IN " + missing() + " AND TRY_CAST(" + cell + " AS DOUBLE) IS NULL)) > 0 LIMIT 1";
        // on a connection of its own: a line DuckDB cannot split (a \u0001 in it) fails this look, not the import's transaction
        try (java.sql.Connection own = c.unwrap(org.duckdb.DuckDBConnection.class).duplicate(); java.sql.Statement st = own.createStatement();
             java.sql.ResultSet r = org.sextant.engine.jobs.CancellableSql.run(st, () -> st.executeQuery(sql))) {
            return !r.next();
        } catch (java.sql.SQLException e) {
            return false;
        }
    }

    /** The file's lines below the header, each whole as one text (no delimiter or quote of DuckDB's: this reader splits them). */
    private static String lines(StagedFile staged, CsvHead csv) {
        return "read_csv(" + staged.sqlLiteral() + ", header=" + csv.hasHeader() + ImportBatch.skip(csv) + ", auto_detect=false, delim=chr(1), quote='', escape='', max_line_size="
                + CsvHead.MAX_LINE + ", columns={'t__': 'VARCHAR'})";
    }

    /** A cell in double quotes without them ("" inside is one quote), as DuckDB's reader has it. */
    private static String unquote(String cell) {
        return "CASE WHEN length(" + cell + ") >= 2 AND starts_with(" + cell + ", '\"') AND ends_with(" + cell + ", '\"') THEN replace(" + cell
                + "[2:-2], '\"\"', '\"') ELSE " + cell + " END";
    }

    private static String missing() {
        return MissingCells.nullstr().replace('[', '(').replace(']', ')');
    }
}
