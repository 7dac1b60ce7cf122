package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.StringJoiner;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.CancellableSql;

/**
 * The price and volume cells of a file whose numbers are cut to plain ones ({@link NumberStyle#converts}: a thousands
 * separator, a quoted decimal comma), checked on the rows as DuckDB's reader reads them before any separator is cut:
 * a cell {@link CsvForms} did not see as such (a quoted cell holding a line break splits lines otherwise) is refused,
 * never cut to another number (1.5 to 15).
 */
final class NumberCells {
    private NumberCells() {}

    /**
     * SQL true where {@code cell} (a cell's text, not null) is no number written in {@code style} nor a NaN: what its separators must
     * not be cut from (1.5 cut to 15). Daily files are checked here, bar files in their read ({@link BarImport}).
     */
    static String notInStyleSql(NumberStyle style, String cell) {
        return "NOT (regexp_full_match(trim(" + cell + "), " + ImportBatch.literal(style.cellPattern().pattern()) + ") OR regexp_full_match(trim(" + cell
                + "), '[+-]?nan(\\([0-9a-z_]*\\))?', 'i'))";
    }

    /** Refuses the first row (DuckDB's, numbered below the header) with a number cell not written in the file's style. */
    static void check(Connection c, StagedFile staged, ImportBatch.Source s) throws SQLException {
        NumberStyle style = s.csv().numbers();
        if (!style.converts()) return;
        List<Integer> cols = ImportBatch.numberCols(s.layout());
        if (cols.isEmpty()) return;
        StringJoiner select = new StringJoiner(", ");
        StringJoiner any = new StringJoiner(" OR ");
        for (int i : cols) {
            String bad = "coalesce(" + notInStyleSql(style, "c" + i) + ", false)";
            select.add(bad).add("c" + i);
            any.add(bad);
        }
        String sql = "SELECT row__, " + select + " FROM (SELECT row_number() OVER () AS row__, * FROM " + ImportBatch.textReadSql(staged, s).replace("{rejects}", "")
                + ") WHERE " + any + " ORDER BY row__ LIMIT 1";
        try (Statement st = c.createStatement(); ResultSet r = CancellableSql.run(st, () -> st.executeQuery(sql))) {
            if (!r.next()) return;
            for (int k = 0; k < cols.size(); k++) {
                if (!r.getBoolean(2 + 2 * k)) continue;
                String column = s.layout().columnField(cols.get(k));
                throw CsvForms.notANumber(column, s.file() + " row " + r.getLong(1) + " below the header, column " + column,
                        CellText.spacesCut(r.getString(3 + 2 * k)), style);
            }
        } catch (SQLException unread) {
            // never cut unchecked: a row the read refuses (a date, a missing cell) is named, any other failure refuses the file
            SextantException named = CsvErrors.firstRejected(c, s, staged, ImportBatch.textReadSql(staged, s).replace("{rejects}", ", store_rejects=true"), unread);
            throw named != null ? named : notChecked(s, cols, style, unread);
        }
    }

    /** The refusal of a file whose number cells could not be read to be checked (DuckDB's message is not shown: it may quote a line). */
    private static SextantException notChecked(ImportBatch.Source s, List<Integer> cols, NumberStyle style, SQLException unread) {
        StringJoiner names = new StringJoiner(", ");
        for (int i : cols) names.add(s.layout().columnField(i));
        String column = s.layout().columnField(cols.get(0));
        String grouped = style.decimal() == ',' ? "1.234,50" : "1,234.50", plain = style.decimal() == ',' ? "1234,50" : "1234.50";
        return new SextantException(FailReason.INVALID_INPUT, s.file() + ": the numbers of column " + names + " (written like " + grouped
                + ") could not be checked before their separators are cut, and are not read unchecked: nothing is imported", column,
                "import the file again; if it is refused again, write its numbers without thousands separators (" + plain + ")", unread);
    }
}
